import { applyEdits, findNodeAtLocation, FormattingOptions, getNodeValue, JSONPath, modify, Node, parseTree, ParseError, printParseErrorCode } from 'jsonc-parser';

/** A computed new text, or why the file was left as it is. */
export type TextResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * A JSON (or JSONC: comments, trailing commas) configuration edited in place: every change is a
 * jsonc-parser edit of one value's range, so the rest of the file — other keys, comments,
 * formatting — stays byte for byte. New values are indented like the file (tabs or its first
 * indent). Throws nothing: open() refuses a file that is not a JSON object.
 */
export class JsonText {
  private constructor(public text: string, private readonly formatting: FormattingOptions) {}

  /** The file's text (undefined or blank: a new `{}`), or why it cannot be edited. */
  static open(current: string | undefined, file: string): JsonText | { ok: false; message: string } {
    const text = current === undefined || current.trim() === '' ? '{}\n' : current;
    const errors: ParseError[] = [];
    const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
    if (errors.length > 0) {
      const line = lineOf(text, errors[0].offset);
      return { ok: false, message: `${file} is not valid JSON (${printParseErrorCode(errors[0].error)} on line ${line}); it was left as it is. Fix it, then run the setup again.` };
    }
    if (!tree || tree.type !== 'object') return { ok: false, message: `${file} does not hold a JSON object; it was left as it is.` };
    return new JsonText(text, formattingOf(text));
  }

  private tree(): Node {
    return parseTree(this.text, [], { allowTrailingComma: true })!;
  }

  /** The node at `path`, if any. */
  node(path: JSONPath): Node | undefined {
    return findNodeAtLocation(this.tree(), path);
  }

  value(path: JSONPath): unknown {
    const n = this.node(path);
    return n ? getNodeValue(n) : undefined;
  }

  /**
   * Sets `path` to `value` (parents created as objects) unless it already holds an equal value.
   * A new property goes after the last one of its object, on a line of its own, indented like
   * it; the lines around are not reformatted (so removing it gives back the same bytes).
   */
  set(path: JSONPath, value: unknown): void {
    const n = this.node(path);
    if (n) {
      if (!sameJson(getNodeValue(n), value)) this.apply(modify(this.text, path, value, { formattingOptions: this.formatting }));
      return;
    }
    // The deepest object on the path that exists; what is missing below it is added as one value.
    let depth = path.length - 1;
    while (depth > 0 && !this.node(path.slice(0, depth))) depth--;
    const parent = depth === 0 ? this.tree() : this.node(path.slice(0, depth))!;
    let nested: unknown = value;
    for (let k = path.length - 1; k > depth; k--) nested = { [path[k]]: nested };
    const props = parent.children ?? [];
    if (parent.type !== 'object' || props.length === 0 || typeof path[depth] !== 'string') {
      this.apply(modify(this.text, path.slice(0, depth + 1), nested, { formattingOptions: this.formatting }));
      return;
    }
    const last = props[props.length - 1];
    const at = last.offset + last.length;
    this.text = `${this.text.slice(0, at)},${this.newItem(last.offset, `${JSON.stringify(path[depth])}: `, nested)}${this.text.slice(at)}`;
  }

  /**
   * Removes the value at `path`: exactly the text an insertion added (the separator before it
   * and the value), with no formatting pass over the lines around, which may hold the user's
   * own layout.
   */
  remove(path: JSONPath): void {
    const n = this.node(path);
    if (!n) return;
    const parent = n.parent?.type === 'property' ? n.parent.parent : n.parent;
    if (parent?.type !== 'array') {
      this.apply(modify(this.text, path, undefined, {}));
      return;
    }
    const items = parent.children ?? [];
    const i = items.indexOf(n);
    const [from, to] = items.length === 1
      ? [parent.offset + 1, parent.offset + parent.length - 1]
      : i === items.length - 1
        ? [items[i - 1].offset + items[i - 1].length, n.offset + n.length]
        : [n.offset, items[i + 1].offset];
    this.text = this.text.slice(0, from) + this.text.slice(to);
  }

  /**
   * Appends `value` to the array at `path` (created when absent) on a line of its own, indented
   * like the list's last item; the items already there are not reformatted.
   */
  append(path: JSONPath, value: unknown): void {
    const arr = this.node(path);
    const items = arr?.children ?? [];
    if (!arr || arr.type !== 'array' || items.length === 0) return this.set(path, [value]);
    const last = items[items.length - 1];
    const at = last.offset + last.length;
    this.text = `${this.text.slice(0, at)},${this.newItem(last.offset, '', value)}${this.text.slice(at)}`;
  }

  /**
   * A new line holding `prefix` and `value` (pretty-printed with the file's indent unit),
   * indented like the sibling that starts at `siblingOffset` when that sibling opens its line,
   * else one level deeper than the sibling's line.
   */
  private newItem(siblingOffset: number, prefix: string, value: unknown): string {
    const lineStart = this.text.lastIndexOf('\n', siblingOffset - 1) + 1;
    const lead = this.text.slice(lineStart, siblingOffset);
    const unit = this.formatting.insertSpaces ? ' '.repeat(this.formatting.tabSize ?? 2) : '\t';
    const indent = lead.trim() === '' ? lead : leadingSpace(lead) + unit;
    const eol = this.formatting.eol ?? '\n';
    return `${eol}${indent}${prefix}${JSON.stringify(value, null, unit).split('\n').join(eol + indent)}`;
  }

  /** Removes the object or array at `path` when it is empty (after our entries went). */
  removeIfEmpty(path: JSONPath): void {
    const n = this.node(path);
    if (n && (n.type === 'object' || n.type === 'array') && (n.children?.length ?? 0) === 0) this.remove(path);
  }

  /** The text, ending with a newline like the file it came from (a new file: always). */
  result(): { ok: true; text: string } {
    return { ok: true, text: this.text.endsWith('\n') ? this.text : `${this.text}\n` };
  }

  private apply(edits: ReturnType<typeof modify>): void {
    this.text = applyEdits(this.text, edits);
  }
}

/** Structural equality of two JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function leadingSpace(s: string): string {
  let n = 0;
  while (n < s.length && (s[n] === ' ' || s[n] === '\t')) n++;
  return s.slice(0, n);
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The file's indentation: a tab, or the width of the first indented line (2 by default). */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let i = text.indexOf('\n');
  while (i >= 0 && i + 1 < text.length) {
    const c = text[i + 1];
    if (c === '\t') return { insertSpaces: false, tabSize: 1, eol };
    if (c === ' ') {
      let n = 0;
      while (text[i + 1 + n] === ' ') n++;
      return { insertSpaces: true, tabSize: n, eol };
    }
    i = text.indexOf('\n', i + 1);
  }
  return { insertSpaces: true, tabSize: 2, eol };
}

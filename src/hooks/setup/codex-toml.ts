import type { TextResult } from './json-text';

/**
 * Codex's config.toml, edited line by line without a TOML library: only our table
 * `[mcp_servers.<name>]` (and its sub-tables `[mcp_servers.<name>.…]`) is touched; every other
 * line stays byte for byte. Setting replaces our table's `command` and `args` (other keys the
 * user put in it, such as `env` or a timeout, stay) or appends the table at the end; removing
 * takes our table and its sub-tables out. One pass over the lines, no backtracking.
 *
 * Refused rather than guessed: a line that opens a table header but does not close it, a
 * multi-line string that never ends, our table named twice, or our server defined in another
 * form (an inline table or dotted keys under `[mcp_servers]`), which a line edit cannot safely
 * change.
 */
export function editCodexToml(current: string | undefined, file: string, name: string, entry: { command: string; args: string[] } | undefined): TextResult {
  const text = current ?? '';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = splitLines(text);
  const header = `[mcp_servers.${name}]`;
  const quotedHeader = `[mcp_servers."${name}"]`;
  const isOurs = (h: string) => h === header || h === quotedHeader;
  const isOurSub = (h: string) => h.startsWith(`[mcp_servers.${name}.`) || h.startsWith(`[mcp_servers."${name}".`);

  // Which table each line belongs to: the header it follows (undefined before the first one).
  const tableOf: (string | undefined)[] = [];
  let table: string | undefined;
  let inString: '"""' | "'''" | undefined;
  let ourStart = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].text;
    if (inString) {
      if (countOf(line, inString) % 2 === 1) inString = undefined;
      tableOf.push(table);
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith('[')) {
      const h = headerOf(trimmed);
      if (h === undefined) return refuse(`${file}: line ${i + 1} starts a table header that does not close`);
      table = h;
      if (isOurs(h)) {
        if (ourStart >= 0) return refuse(`${file}: ${header} appears twice`);
        ourStart = i;
      }
    } else if (table === '[mcp_servers]' && (startsKey(trimmed, name) || trimmed.startsWith(`${name}.`) || trimmed.startsWith(`"${name}"`))) {
      return refuse(`${file}: the ${name} server is defined inside [mcp_servers] in a form this command does not edit; change it by hand`);
    } else if (table === undefined && (trimmed.startsWith(`mcp_servers.${name}`) || trimmed.startsWith(`mcp_servers."${name}"`))) {
      return refuse(`${file}: the ${name} server is defined with dotted keys, a form this command does not edit; change it by hand`);
    } else {
      for (const q of ['"""', "'''"] as const) if (countOf(line, q) % 2 === 1) inString = q;
    }
    tableOf.push(table);
  }
  if (inString) return refuse(`${file}: a multi-line string never ends`);
  const ours = (i: number) => tableOf[i] !== undefined && (isOurs(tableOf[i]!) || isOurSub(tableOf[i]!));

  const wanted = entry === undefined ? [] : [`command = ${tomlString(entry.command)}`, `args = [${entry.args.map(tomlString).join(', ')}]`];
  if (ourStart < 0) {
    if (entry === undefined) return { ok: true, text };
    const sep = text === '' ? '' : text.endsWith('\n') ? eol : `${eol}${eol}`;
    return { ok: true, text: `${text}${sep}${[header, ...wanted].join(eol)}${eol}` };
  }

  const out: string[] = [];
  let skippingArgs = 0; // brackets still open of a multi-line `args = [` being replaced
  for (let i = 0; i < lines.length; i++) {
    const { text: line, end } = lines[i];
    if (!ours(i)) out.push(line + end);
    else if (entry === undefined || isOurSub(tableOf[i]!)) {
      // Removal takes our table and its sub-tables; setting leaves the sub-tables (env…) as they are.
      if (entry !== undefined) out.push(line + end);
    } else if (i === ourStart) out.push(line + end, ...wanted.map((w) => w + eol));
    else if (skippingArgs > 0) skippingArgs += bracketBalance(line);
    else if (startsKey(line.trim(), 'command')) continue;
    else if (startsKey(line.trim(), 'args')) skippingArgs = Math.max(0, bracketBalance(line));
    else out.push(line + end);
  }
  let result = out.join('');
  // Our table was appended after a blank line: removing it takes that line too, so the file is as it was before.
  if (entry === undefined && result.endsWith(`${eol}${eol}`) && ourStart > 0 && lines[ourStart - 1].text.trim() === '' && lastTable(lines, ours, ourStart)) {
    result = result.slice(0, result.length - eol.length);
  }
  return { ok: true, text: result };
}

function refuse(what: string): TextResult {
  return { ok: false, message: `${what}; the file was left as it is.` };
}

/** Lines with their own ending kept apart (the last may have none). */
function splitLines(text: string): { text: string; end: string }[] {
  const out: { text: string; end: string }[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) {
      out.push({ text: text.slice(start), end: '' });
      break;
    }
    const cr = nl > start && text[nl - 1] === '\r';
    out.push({ text: text.slice(start, cr ? nl - 1 : nl), end: cr ? '\r\n' : '\n' });
    start = nl + 1;
  }
  return out;
}

/** The header `[a.b]` or `[[a.b]]` of a trimmed line (a trailing comment dropped), or undefined when it does not close. */
function headerOf(trimmed: string): string | undefined {
  const hash = trimmed.indexOf('#');
  const body = (hash >= 0 ? trimmed.slice(0, hash) : trimmed).trim();
  if (!body.endsWith(']')) return undefined;
  return body;
}

function countOf(line: string, what: string): number {
  let n = 0;
  for (let i = line.indexOf(what); i >= 0; i = line.indexOf(what, i + what.length)) n++;
  return n;
}

/** `[` minus `]` outside quoted strings of one line. */
function bracketBalance(line: string): number {
  let n = 0;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') break;
    else if (c === '[') n++;
    else if (c === ']') n--;
  }
  return n;
}

function startsKey(line: string, key: string): boolean {
  if (!line.startsWith(key)) return false;
  const rest = line.slice(key.length).trimStart();
  return rest.startsWith('=');
}

/** True when no line after our table belongs to another table (ours was the last one). */
function lastTable(lines: { text: string }[], ours: (i: number) => boolean, ourStart: number): boolean {
  for (let i = ourStart; i < lines.length; i++) if (!ours(i) && lines[i].text.trim() !== '') return false;
  return true;
}

/** A TOML basic string: JSON's escapes are TOML's, and DEL, which JSON leaves raw, is escaped too. */
export function tomlString(s: string): string {
  return JSON.stringify(s).split('\u007f').join('\\u007F');
}

/**
 * The only selector form the engine accepts: `#id`.
 *
 * Accepted id characters: ASCII letters, digits, `-`, `_`, and any non-ASCII character
 * (U+0080 and above, e.g. `#größe`, `#日本`). Leading/trailing ASCII whitespace around the
 * whole selector is ignored. Matching is exact and case-sensitive, like
 * `document.getElementById`. An id may start with a digit (`#1st`): this is HTML, not CSS.
 *
 * Anything else — a tag name, a class, a compound or descendant selector (`#a.b`, `#a > p`,
 * `div#a`), an attribute selector, a CSS escape — is `unsupported_selector`, even when the
 * page happens to contain an id with such characters (such an element cannot be addressed;
 * give it a simpler id first with set_attribute on a parent's replace, or edit the file as
 * text).
 */

export type SelectorParse =
  | { ok: true; id: string }
  | { ok: false; reason: 'empty_selector' | 'unsupported_selector'; message: string };

const ID_PATTERN = /^[A-Za-z0-9_\-\u0080-\uFFFF]+$/;

const isAsciiWhitespace = (c: number): boolean => c === 9 || c === 10 || c === 12 || c === 13 || c === 32;

/**
 * `s` without leading and trailing ASCII whitespace (HTML's set: tab, LF, FF, CR, space). A scan
 * from both ends: the regex /\s+$/ restarts at every whitespace character and is quadratic on
 * a long run of spaces in the middle.
 */
function trimAsciiWhitespace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isAsciiWhitespace(s.charCodeAt(a))) a++;
  while (b > a && isAsciiWhitespace(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}

/** Parses a selector; never throws (a non-string selector counts as empty). */
export function parseIdSelector(selector: unknown): SelectorParse {
  if (typeof selector !== 'string') {
    return { ok: false, reason: 'empty_selector', message: 'The selector is missing; give "#id" of an existing element.' };
  }
  const trimmed = trimAsciiWhitespace(selector);
  if (trimmed === '' || trimmed === '#') {
    return { ok: false, reason: 'empty_selector', message: `The selector ${JSON.stringify(selector)} is empty; give "#id" of an existing element.` };
  }
  if (trimmed[0] !== '#') {
    return {
      ok: false,
      reason: 'unsupported_selector',
      message: `The selector ${JSON.stringify(selector)} is not an #id selector; only "#id" is supported (no tags, classes or combinators).`,
    };
  }
  const id = trimmed.slice(1);
  if (!ID_PATTERN.test(id)) {
    return {
      ok: false,
      reason: 'unsupported_selector',
      message:
        `The selector ${JSON.stringify(selector)} is not a plain #id; only "#" followed by letters, digits, "-", "_" ` +
        'or non-ASCII characters is supported (no classes, combinators, attributes or escapes).',
    };
  }
  return { ok: true, id };
}

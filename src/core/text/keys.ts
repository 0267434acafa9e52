/**
 * Comparison keys for the matching tiers. Two lines "match at a tier" when their keys at that
 * tier are equal. Each key is a pure function of the line, so a key never depends on where the
 * line is; the tiers only ever compare an edit's line with a file line.
 */

// The tiers nest: a line's key at a tier is the key of its key at the tier below
// (looseKey(trailingKey(s)) = looseKey(s), unicodeKey(looseKey(s)) = unicodeKey(s)), so the
// matcher derives each tier's index of a file from the one below (patch/keyed-lines.ts).

/** Tier 1: trailing whitespace ignored. */
export const trailingKey = (line: string): string => line.trimEnd();

const WS = /\s+/g;

/**
 * Tier 2: whitespace is insignificant except as a separator between two word characters:
 * runs collapse to one space, which is then dropped next to any non-word character. So
 * indentation (tabs or spaces), trailing blanks and spacing around punctuation are ignored,
 * but "foo bar" never equals "foobar". A consequence the matcher relies on: when two lines
 * have equal keys, every maximal run of ASCII word characters of one occurs verbatim in the other.
 */
export const looseKey = (line: string): string => collapse(line);

function collapse(s: string): string {
  const t = s.replace(WS, ' ').trim();
  return t.indexOf(' ') < 0 ? t : t.replace(SPACE_NEAR_NONWORD, '');
}
const SPACE_NEAR_NONWORD = / (?=[^A-Za-z0-9_])|(?<=[^A-Za-z0-9_]) /g;

// Typographic punctuation that models (and word processors) substitute for ASCII. Folding is
// one-way: the file's line and the edit's line are both folded, so either side may hold either form.
const FOLD: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u00B4': "'", '\u0060': '`',
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"', '\u00AB': '"', '\u00BB': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2026': '...',
};
const FOLDABLE = /[\u2018\u2019\u201A\u201B\u2032\u00B4\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\u2010-\u2015\u2212\u2026]/g;

/** Replace typographic quotes, dashes and the ellipsis by their ASCII forms (spaces are handled by looseKey: NBSP is \s). */
export function foldUnicode(line: string): string {
  return line.replace(FOLDABLE, (c) => FOLD[c] ?? c);
}

/** Tier 3: all whitespace ignored and typographic punctuation folded. */
export const unicodeKey = (line: string): string => collapse(foldUnicode(line));

/** True when the line has no non-whitespace character. */
export const isBlank = (line: string): boolean => line.trim() === '';

const WORD = /[A-Za-z0-9_]{2,}/g;

/**
 * The longest run of ASCII word characters in `line` ("" when none): a line equal to `line` at
 * any tier contains this run verbatim, because no key changes ASCII letters or digits. Used to
 * pre-filter file lines with a fast native substring search before computing keys.
 */
export function longestWord(line: string): string {
  let best = '';
  const m = line.match(WORD);
  if (m) for (const w of m) if (w.length > best.length) best = w;
  return best;
}

/**
 * Glob matching of one path segment (no `/` inside), as .gitignore and VS Code's exclude
 * settings write it: `*` (any run of characters), `?` (one character), `[abc]`, `[a-z]`,
 * `[!x]` / `[^x]`, and `\` escaping the next character. No regular expression: the greedy
 * two-pointer walk below goes back only to the position after the last `*`, so a match costs
 * at most O(pattern × segment) steps, whatever the input (no exponential backtracking).
 */
export function matchSegment(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    if (p < pattern.length) {
      const c = pattern[p];
      if (c === '*') {
        while (p < pattern.length && pattern[p] === '*') p++;
        starP = p;
        starT = t;
        continue;
      }
      const step = matchOne(pattern, p, text[t]);
      if (step > 0) { p += step; t++; continue; }
    }
    if (starP < 0) return false;
    p = starP;
    t = ++starT;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/**
 * Whether the pattern element at `p` matches the character `ch`: the element's length when
 * it does, 0 when it does not. A `[` without its closing `]` is a literal `[`.
 */
function matchOne(pattern: string, p: number, ch: string): number {
  const c = pattern[p];
  if (c === '?') return 1;
  if (c === '\\' && p + 1 < pattern.length) return pattern[p + 1] === ch ? 2 : 0;
  if (c === '[') {
    const cls = matchClass(pattern, p, ch);
    if (cls !== undefined) return cls.matched ? cls.length : 0;
  }
  return c === ch ? 1 : 0;
}

/** A bracket expression at `p`: its length and whether `ch` is in it; undefined when unclosed. */
function matchClass(pattern: string, p: number, ch: string): { matched: boolean; length: number } | undefined {
  let i = p + 1;
  const negated = pattern[i] === '!' || pattern[i] === '^';
  if (negated) i++;
  let matched = false;
  let first = true;
  while (i < pattern.length && (first || pattern[i] !== ']')) {
    first = false;
    let lo = pattern[i];
    if (lo === '\\' && i + 1 < pattern.length) lo = pattern[++i];
    i++;
    if (pattern[i] === '-' && i + 1 < pattern.length && pattern[i + 1] !== ']') {
      let hi = pattern[i + 1];
      i += 2;
      if (hi === '\\' && i < pattern.length) hi = pattern[i++];
      if (ch >= lo && ch <= hi) matched = true;
    } else if (ch === lo) {
      matched = true;
    }
  }
  if (i >= pattern.length) return undefined;
  return { matched: matched !== negated, length: i + 1 - p };
}

/**
 * Matches path segments against pattern segments, where a pattern segment `**` stands for
 * any number of whole segments (zero included) and every other segment is matched by
 * {@link matchSegment}. The same greedy walk as above, one level up: O(pattern × path)
 * segment matches at most.
 */
export function matchSegments(pattern: readonly string[], path: readonly string[]): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < path.length) {
    if (p < pattern.length) {
      if (pattern[p] === '**') {
        while (p < pattern.length && pattern[p] === '**') p++;
        starP = p;
        starT = t;
        continue;
      }
      if (matchSegment(pattern[p], path[t])) { p++; t++; continue; }
    }
    if (starP < 0) return false;
    p = starP;
    t = ++starT;
  }
  while (p < pattern.length && pattern[p] === '**') p++;
  return p === pattern.length;
}

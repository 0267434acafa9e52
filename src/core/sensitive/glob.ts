/**
 * A small glob matcher of our own, for workspace-relative paths.
 *
 * Syntax:
 * - `*` any run of characters within one name (not `/`); `?` exactly one such character.
 * - `**` as a whole name: zero or more names (`a/**` also matches `a` itself); inside a
 *   name (`a**b`) it is just `*`.
 * - `{a,b,c}` alternatives, nestable, may contain `/` (`{src,lib}/**`). Unbalanced or
 *   comma-less braces are literal. Expansion stops at {@link MAX_EXPANSIONS} alternatives.
 * - Everything else is literal, including `[`, `]` and `!` (no classes, no negation).
 * - `\` is a separator, like `/`, in patterns and paths (Windows users type either).
 * - Dot-files are matched explicitly: a name starting with `.` is matched by `*` or `?` at
 *   the start of a pattern name only with `dot: true`; `.env*` or `.*` match it. `**`
 *   does cross dot-directories (`**` + `/x.json` matches `.config/x.json`): for protection
 *   lists a miss is worse than a match.
 * - Patterns are anchored at the root; a leading `/` or `./` is ignored.
 * - `caseInsensitive`: compare in lower case (Windows, macOS).
 *
 * Matching is linear-ish per name (no regular expressions, so no catastrophic
 * backtracking) and memoized across `**`. Never throws.
 */
export interface GlobOptions {
  caseInsensitive?: boolean;
  dot?: boolean;
}

export interface CompiledGlob {
  /** The pattern as given. */
  readonly pattern: string;
  /** True when the relative path matches. */
  test(relPath: string): boolean;
}

/** Upper bound on brace alternatives from one pattern. */
export const MAX_EXPANSIONS = 1024;

export function compileGlob(pattern: string, options: GlobOptions = {}): CompiledGlob {
  const ci = options.caseInsensitive === true;
  const dot = options.dot === true;
  const source = typeof pattern === 'string' ? pattern : '';
  const alternatives = expandBraces(ci ? source.toLowerCase() : source).map(splitPath);
  return {
    pattern: source,
    test(relPath: string): boolean {
      if (typeof relPath !== 'string') return false;
      const names = splitPath(ci ? relPath.toLowerCase() : relPath);
      return alternatives.some((pat) => matchNames(pat, names, dot));
    },
  };
}

/** Splits on `/` and `\`, dropping empty names and `.` (so `./a//b` is `a`, `b`). */
export function splitPath(p: string): string[] {
  return p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/**
 * Expands `{a,b}` groups, left to right, nested groups included:
 * `x{a,b{1,2}}y` → `xay`, `xb1y`, `xb2y`. Literal when no balanced group with a top-level
 * comma exists. Stops growing at `limit` results (the rest are dropped).
 */
export function expandBraces(pattern: string, limit = MAX_EXPANSIONS): string[] {
  const group = findGroup(pattern);
  if (!group) return [pattern];
  const { open, close, parts } = group;
  const prefix = pattern.slice(0, open);
  const suffix = pattern.slice(close + 1);
  const out: string[] = [];
  for (const part of parts) {
    for (const expanded of expandBraces(prefix + part + suffix, limit - out.length)) {
      out.push(expanded);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** The first balanced `{...}` with a top-level comma, split into its alternatives. */
function findGroup(pattern: string): { open: number; close: number; parts: string[] } | undefined {
  for (let open = pattern.indexOf('{'); open !== -1; open = pattern.indexOf('{', open + 1)) {
    let depth = 0;
    let start = open + 1;
    const parts: string[] = [];
    for (let i = open; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (depth === 0) {
          if (parts.length === 0) break; // `{a}`: literal, look for a later group
          parts.push(pattern.slice(start, i));
          return { open, close: i, parts };
        }
      } else if (c === ',' && depth === 1) {
        parts.push(pattern.slice(start, i));
        start = i + 1;
      }
    }
  }
  return undefined;
}

/** Matches pattern names against path names; `**` spans any number of names. */
function matchNames(pat: string[], names: string[], dot: boolean): boolean {
  const memo = new Map<number, boolean>();
  const go = (pi: number, ni: number): boolean => {
    const key = pi * (names.length + 1) + ni;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    let result: boolean;
    if (pi === pat.length) result = ni === names.length;
    else if (pat[pi] === '**') result = go(pi + 1, ni) || (ni < names.length && go(pi, ni + 1));
    else result = ni < names.length && matchName(pat[pi], names[ni], dot) && go(pi + 1, ni + 1);
    memo.set(key, result);
    return result;
  };
  return go(0, 0);
}

/**
 * Wildcard match of one name: `*` (any run) and `?` (one character), by code point.
 * Classic greedy scan with one backtrack point: O(pattern × name) at worst.
 * Most protection globs end in a literal name (`.mcp.json`) or a single star (`*.lock`),
 * and every path name is tried against every glob: those two shapes are compared directly,
 * without splitting the name into code points (a long name would be copied once per glob).
 */
export function matchName(pattern: string, name: string, dot = false): boolean {
  const simple = simpleMatch(pattern, name, dot);
  if (simple !== undefined) return simple;
  const p = Array.from(pattern.replace(/\*\*+/g, '*'));
  const s = Array.from(name);
  if (!dot && s[0] === '.' && p[0] !== '.') return false;
  let pi = 0;
  let si = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    // A star first: a name may hold a literal `*`, which must not use up the pattern's wildcard.
    if (pi < p.length && p[pi] === '*') {
      star = pi++;
      mark = si;
    } else if (pi < p.length && (p[pi] === '?' || p[pi] === s[si])) {
      pi++;
      si++;
    } else if (star !== -1) {
      pi = star + 1;
      si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi++;
  return pi === p.length;
}

/**
 * The answer for a literal pattern or one with a single `*` and no `?`, or undefined for the
 * others. Exact for well-formed patterns: a literal prefix and suffix end and start on whole
 * code points, so comparing code units agrees with comparing code points. Patterns with lone
 * surrogates take the general path.
 */
function simpleMatch(pattern: string, name: string, dot: boolean): boolean | undefined {
  if (pattern.includes('?') || /[\uD800-\uDFFF]/.test(pattern)) return undefined;
  const star = pattern.indexOf('*');
  if (star === -1) return pattern === name;
  const last = pattern.lastIndexOf('*');
  if (pattern.slice(star, last + 1).replace(/\*/g, '') !== '') return undefined;
  const head = pattern.slice(0, star);
  const tail = pattern.slice(last + 1);
  if (!dot && name.startsWith('.') && !head.startsWith('.')) return false;
  return name.length >= head.length + tail.length && name.startsWith(head) && name.endsWith(tail);
}

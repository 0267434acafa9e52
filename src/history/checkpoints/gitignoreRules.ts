import { matchSegments } from './globSegment';

/** One line of a .gitignore file, parsed. */
export interface IgnoreRule {
  /** The pattern's segments, relative to the folder of its .gitignore (`**` = any segments). */
  segments: string[];
  /** `!pattern`: a match re-includes the path. */
  negated: boolean;
  /** `pattern/`: matches folders only. */
  dirOnly: boolean;
}

/**
 * Patterns longer than this are left out: a .gitignore is workspace content, and the match
 * cost grows with the pattern's length.
 */
export const MAX_PATTERN_LENGTH = 4096;

/**
 * Parses a .gitignore file's text as git does: blank lines and `#` comments skipped, trailing
 * spaces dropped unless escaped, `!` negates, a trailing `/` means folders only, a pattern
 * with a `/` before its end is anchored to the file's folder (a leading `/` only anchors),
 * any other pattern matches a name at any depth; `**` as a whole segment spans folders, and
 * a trailing `/**` matches everything inside (not the folder itself).
 */
export function parseGitignore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const rawLine of text.split('\n')) {
    const rule = parseLine(rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine);
    if (rule) rules.push(rule);
  }
  return rules;
}

function parseLine(line: string): IgnoreRule | undefined {
  let pattern = trimTrailingSpaces(line);
  if (pattern === '' || pattern.startsWith('#') || pattern.length > MAX_PATTERN_LENGTH) return undefined;
  let negated = false;
  if (pattern.startsWith('!')) { negated = true; pattern = pattern.slice(1); }
  else if (pattern.startsWith('\\!') || pattern.startsWith('\\#')) pattern = pattern.slice(1);
  let dirOnly = false;
  if (pattern.endsWith('/')) { dirOnly = true; pattern = pattern.slice(0, -1); }
  if (pattern === '') return undefined;
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  const parts = pattern.split('/').filter((s) => s !== '');
  if (parts.length === 0) return undefined;
  // A trailing `**` matches what is inside the folder, so it needs at least one more segment.
  if (parts.length > 1 && parts[parts.length - 1] === '**') parts.splice(parts.length - 1, 1, '*', '**');
  const segments = anchored ? parts : ['**', ...parts];
  return { segments, negated, dirOnly };
}

/** Drops trailing spaces, keeping one escaped by a backslash. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') {
    if (end >= 2 && line[end - 2] === '\\') {
      // "\ " keeps its space; count the backslashes before it to know whether it is escaped.
      let slashes = 0;
      for (let i = end - 2; i >= 0 && line[i] === '\\'; i--) slashes++;
      if (slashes % 2 === 1) break;
    }
    end--;
  }
  return line.slice(0, end);
}

/** The .gitignore files that apply at one point of a walk: one frame per folder that has one. */
export class IgnoreStack {
  private readonly frames: Array<{ depth: number; rules: IgnoreRule[] }> = [];

  /** Adds the rules of the .gitignore in the folder `depth` segments below the root. */
  push(depth: number, rules: IgnoreRule[]): void {
    if (rules.length > 0) this.frames.push({ depth, rules });
  }

  /** Drops the frames of folders the walk has left (deeper than or at `depth`). */
  popTo(depth: number): void {
    while (this.frames.length > 0 && this.frames[this.frames.length - 1].depth >= depth) this.frames.pop();
  }

  /**
   * Whether git ignores the path (its segments from the root): the last matching rule of the
   * deepest .gitignore that has one decides. The caller does not ask about paths inside an
   * ignored folder (the walk does not enter it, as git does not).
   */
  ignores(pathSegments: readonly string[], isDir: boolean): boolean {
    for (let f = this.frames.length - 1; f >= 0; f--) {
      const { depth, rules } = this.frames[f];
      const relative = pathSegments.slice(depth);
      for (let r = rules.length - 1; r >= 0; r--) {
        const rule = rules[r];
        if (rule.dirOnly && !isDir) continue;
        if (matchSegments(rule.segments, relative)) return !rule.negated;
      }
    }
    return false;
  }
}

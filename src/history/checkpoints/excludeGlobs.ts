import { matchSegments } from './globSegment';

/** At most this many alternatives per glob after `{a,b}` expansion; a glob beyond is refused. */
const MAX_ALTERNATIVES = 256;
const MAX_GLOB_LENGTH = 4096;

/**
 * The caller's exclude globs (VS Code's files.exclude and files.watcherExclude), relative to
 * the workspace folder: `*`, `?`, `[…]`, `**` across folders and `{a,b}` alternatives. A glob
 * matching a folder excludes everything in it. Globs that are too long or expand to too many
 * alternatives are reported back, not used.
 */
export class ExcludeGlobs {
  private readonly compiled: string[][] = [];
  readonly refused: string[] = [];

  constructor(globs: readonly string[]) {
    for (const glob of globs) {
      const alternatives = glob.length <= MAX_GLOB_LENGTH ? expandBraces(glob.replace(/^\.\//, '')) : undefined;
      if (!alternatives) { this.refused.push(glob); continue; }
      for (const a of alternatives) {
        const segments = a.split('/').filter((s) => s !== '');
        if (segments.length > 0) this.compiled.push(segments);
      }
    }
  }

  excludes(pathSegments: readonly string[]): boolean {
    for (const segments of this.compiled) if (matchSegments(segments, pathSegments)) return true;
    return false;
  }
}

/**
 * Expands `{a,b}` groups (nested too) into plain globs; undefined when the result would
 * exceed MAX_ALTERNATIVES. An unclosed `{` is literal.
 */
export function expandBraces(glob: string): string[] | undefined {
  const open = firstGroup(glob);
  if (!open) return [glob];
  const out: string[] = [];
  const head = glob.slice(0, open.start);
  const tail = glob.slice(open.end + 1);
  for (const option of open.options) {
    const expanded = expandBraces(head + option + tail);
    if (!expanded || out.length + expanded.length > MAX_ALTERNATIVES) return undefined;
    out.push(...expanded);
  }
  return out;
}

/** The first top-level `{…}` group: where it starts and ends, and its comma-separated options. */
function firstGroup(glob: string): { start: number; end: number; options: string[] } | undefined {
  for (let start = 0; start < glob.length; start++) {
    if (glob[start] === '\\') { start++; continue; }
    if (glob[start] !== '{') continue;
    let depth = 0;
    const options: string[] = [];
    let from = start + 1;
    for (let i = start; i < glob.length; i++) {
      const c = glob[i];
      if (c === '\\') { i++; continue; }
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) { options.push(glob.slice(from, i)); return { start, end: i, options }; }
      else if (c === ',' && depth === 1) { options.push(glob.slice(from, i)); from = i + 1; }
    }
    return undefined;
  }
  return undefined;
}

import { expandBraces } from '../../src/core/sensitive/glob';

/**
 * Concrete paths a protection glob matches, for tests that check a list pattern by pattern:
 * every brace alternative, at the top and two folders down (`**` + `/` as no folder or two),
 * `*` as a name, a trailing `/**` as a file below. `prefix` (a folder) goes in front of each.
 */
export function samplePaths(pattern: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const alt of expandBraces(pattern)) {
    const body = alt.replace(/\/\*\*$/, '/inner/file.txt').replace(/^\*\*\//, '');
    const named = body.replace(/\*/g, 'sample');
    out.push(`${prefix}${named}`, `${prefix}nested/dir/${named}`);
  }
  return out;
}

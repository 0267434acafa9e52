/**
 * Which edit format a patch text is in. apply_patch (V4A) when a line is "*** Begin Patch", or
 * when the first line that belongs to either format is an "*** Add/Update/Delete File:"
 * header (either with whitespace around it or not); otherwise a unified diff. One pass, `startsWith` only: linear in the text.
 */
export type PatchFormat = 'unified' | 'apply_patch';

const V4A_HEADERS = ['*** Add File:', '*** Update File:', '*** Delete File:'];
/** Lines only a unified diff has (a "--- " line may be prose; a "+++ " or "@@" line is not). */
const UNIFIED_MARKS = ['+++ ', '@@', 'diff --git ', 'Index: '];

export function detectPatchFormat(text: string): PatchFormat {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = lineAt(text, start, end);
    // marker lines may be padded with whitespace (as core/apply-patch/padded-markers.ts reads them)
    const trimmed = line.trim();
    if (trimmed === '*** Begin Patch') return 'apply_patch';
    if (V4A_HEADERS.some((h) => trimmed.startsWith(h))) return 'apply_patch';
    if (UNIFIED_MARKS.some((m) => line.startsWith(m))) return 'unified';
    start = end + 1;
  }
  return 'unified';
}

function lineAt(text: string, start: number, end: number): string {
  const line = text.slice(start, end);
  const noCr = line.endsWith('\r') ? line.slice(0, -1) : line;
  return noCr.charCodeAt(0) === 0xfeff ? noCr.slice(1) : noCr;
}

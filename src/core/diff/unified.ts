import { splitLinesKeepEnds, hasLineEnd } from './lines';
import { diffLineArrays } from './lineDiff';
import { LineChange } from './myers';

export interface UnifiedDiffOptions {
  /** Name on the `---` line. Default "a". */
  oldLabel?: string;
  /** Name on the `+++` line. Default "b". */
  newLabel?: string;
  /** Unchanged lines shown around each change; hunks closer than 2×context merge. Default 3. */
  context?: number;
}

/**
 * Creates a standard unified diff (as `diff -u` writes it, accepted by GNU patch and by
 * our own parser) that turns `oldText` into `newText`.
 *
 * Contract and edge cases:
 * - Equal texts give "" (no headers, no hunks).
 * - Lines keep their own terminators, so CRLF lines appear in the diff as "-text\r\n";
 *   a last line without a newline is followed by "\ No newline at end of file".
 * - Hunk headers follow GNU conventions: a count of 1 is omitted ("@@ -5 +5 @@"), and an
 *   empty range names the line before it ("@@ -0,0 +1,2 @@" for a file created from empty).
 * - The output always ends with "\n".
 */
export function createUnifiedDiff(oldText: string, newText: string, options: UnifiedDiffOptions = {}): string {
  if (oldText === newText) return '';
  const context = Math.max(0, Math.floor(options.context ?? 3));
  const a = splitLinesKeepEnds(oldText);
  const b = splitLinesKeepEnds(newText);
  const changes = diffLineArrays(a, b);
  if (changes.length === 0) return '';

  const out: string[] = [`--- ${options.oldLabel ?? 'a'}\n`, `+++ ${options.newLabel ?? 'b'}\n`];
  for (const group of groupIntoHunks(changes, context)) {
    const first = group[0];
    const last = group[group.length - 1];
    const aStart = Math.max(0, first.aStart - context);
    const aEnd = Math.min(a.length, last.aEnd + context);
    // Context lines are shared, so the new range sits at the same offset from the change.
    const bStart = first.bStart - (first.aStart - aStart);
    const bEnd = last.bEnd + (aEnd - last.aEnd);
    out.push(`@@ -${formatRange(aStart, aEnd - aStart)} +${formatRange(bStart, bEnd - bStart)} @@\n`);

    let ai = aStart;
    for (const c of group) {
      for (; ai < c.aStart; ai++) pushLine(out, ' ', a[ai]);
      for (let i = c.aStart; i < c.aEnd; i++) pushLine(out, '-', a[i]);
      for (let i = c.bStart; i < c.bEnd; i++) pushLine(out, '+', b[i]);
      ai = c.aEnd;
    }
    for (; ai < aEnd; ai++) pushLine(out, ' ', a[ai]);
  }
  return out.join('');
}

/** Changes whose context windows touch or overlap go into one hunk. */
function groupIntoHunks(changes: LineChange[], context: number): LineChange[][] {
  const groups: LineChange[][] = [];
  let current: LineChange[] = [];
  for (const c of changes) {
    const prev = current[current.length - 1];
    if (prev && c.aStart - prev.aEnd > 2 * context) {
      groups.push(current);
      current = [];
    }
    current.push(c);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** GNU range syntax: "start,count" with a 1-based start; ",1" omitted; count 0 names the line before. */
function formatRange(start0: number, count: number): string {
  if (count === 0) return `${start0},0`;
  if (count === 1) return `${start0 + 1}`;
  return `${start0 + 1},${count}`;
}

function pushLine(out: string[], marker: string, line: string): void {
  if (hasLineEnd(line)) {
    out.push(marker, line);
  } else {
    out.push(marker, line, '\n\\ No newline at end of file\n');
  }
}

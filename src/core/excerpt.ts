import type { LineRange } from './text/range';
import { splitRows } from './text/split';

export type { LineRange } from './text/range';

export interface ExcerptOptions {
  /** Unchanged lines shown around each changed range. */
  context?: number;
  /** A changed range longer than this shows its head and tail only. */
  maxRangeLines?: number;
  /** Hard cap on lines in the whole excerpt. */
  maxTotalLines?: number;
}

/**
 * A compact, line-numbered view of the changed regions of `text` ("12| code"), so the model
 * can check its edit without reading the file again. Overlapping windows are merged; long
 * ranges are cut to head and tail with a marker saying how many lines were left out.
 */
export function excerptAround(text: string, ranges: LineRange[], options: ExcerptOptions = {}): string {
  const context = options.context ?? 2;
  const maxRangeLines = options.maxRangeLines ?? 30;
  const maxTotal = options.maxTotalLines ?? 80;
  const lines = splitRows(text);
  if (lines.length > 1 && lines[lines.length - 1] === '' && /\n$/.test(text)) lines.pop();
  const n = lines.length;
  if (n === 0 || ranges.length === 0) return '';

  const windows = ranges
    .map((r) => ({ from: Math.max(1, Math.min(r.start_line, r.end_line + 1) - context), to: Math.min(n, Math.max(r.end_line, r.start_line - 1) + context) }))
    .filter((w) => w.from <= w.to)
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const w of windows) {
    const last = merged[merged.length - 1];
    if (last && w.from <= last.to + 1) last.to = Math.max(last.to, w.to);
    else merged.push({ ...w });
  }

  const width = String(merged.length ? merged[merged.length - 1].to : n).length;
  const out: string[] = [];
  const emit = (i: number) => out.push(`${String(i).padStart(width)}| ${lines[i - 1]}`);
  for (const w of merged) {
    if (out.length > 0) out.push('…');
    const size = w.to - w.from + 1;
    if (size <= maxRangeLines) {
      for (let i = w.from; i <= w.to; i++) emit(i);
    } else {
      const half = Math.floor(maxRangeLines / 2);
      for (let i = w.from; i < w.from + half; i++) emit(i);
      out.push(`… ${size - 2 * half} lines not shown …`);
      for (let i = w.to - half + 1; i <= w.to; i++) emit(i);
    }
    if (out.length >= maxTotal) {
      out.length = maxTotal;
      out.push('… (excerpt truncated)');
      break;
    }
  }
  return out.join('\n');
}

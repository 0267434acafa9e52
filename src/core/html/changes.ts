/**
 * Which lines of the final text differ from the original: the spliced ranges, carried
 * through later splices.
 */
import type { LineRange } from './types';
import { lineIndexAt, lineStarts } from '../text/offsets';

/** A half-open character range of the current text. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Records the splice old `[start, oldEnd)` → new `[start, newEnd)` in `spans` (ranges of the
 * text before the splice) and returns the spans in the text after it, sorted and merged.
 */
export function recordSplice(spans: Span[], start: number, oldEnd: number, newEnd: number): Span[] {
  const delta = newEnd - oldEnd;
  const out: Span[] = [];
  let merged: Span = { start, end: newEnd };
  for (const span of spans) {
    if (span.end < start) out.push(span);
    else if (span.start > oldEnd) out.push({ start: span.start + delta, end: span.end + delta });
    else merged = { start: Math.min(merged.start, span.start), end: Math.max(merged.end, span.end <= oldEnd ? newEnd : span.end + delta) };
  }
  out.push(merged);
  return out.sort((a, b) => a.start - b.start);
}

/**
 * 1-based inclusive line ranges of `text` covering `spans`. An empty span (a deletion)
 * names the line where the text closed up (the line above, when whole lines went). Overlapping or touching ranges are merged.
 */
export function spansToLines(text: string, spans: Span[]): LineRange[] {
  const starts = lineStarts(text);
  const out: LineRange[] = [];
  for (const span of spans) {
    // A deletion at a line start (whole lines removed) is reported on the line above it.
    let at = span.end === span.start && span.start > 0 && text[span.start - 1] === '\n' ? span.start - 1 : span.start;
    // Inserted text that begins with a line break leaves the line it was appended to as it was.
    const skip = text.startsWith('\r\n', at) ? 2 : text[at] === '\n' ? 1 : 0;
    if (span.end > span.start && at + skip < span.end) at += skip;
    const startLine = lineIndexAt(starts, at) + 1;
    const endLine = Math.max(startLine, lineIndexAt(starts, Math.max(at, span.end - 1)) + 1);
    const last = out[out.length - 1];
    if (last && startLine <= last.end_line + 1) last.end_line = Math.max(last.end_line, endLine);
    else out.push({ start_line: startLine, end_line: endLine });
  }
  return out;
}

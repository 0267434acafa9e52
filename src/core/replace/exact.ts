/**
 * The exact tier of search/replace: every occurrence of old_text in the file's text, with
 * plain substring semantics, turned into line edits.
 *
 * The file is searched as its lines joined by "\n" with every line terminated, the last one
 * too when the file has no final newline: an old_text ending in a line break then matches the
 * file's last lines, and the file keeps its final newline (or its missing one) unless
 * new_text drops the break old_text ended with.
 * Occurrences on one line that do not overlap are replaced together in one line edit; only
 * occurrences sharing characters are refused as overlapping.
 */
import { LineModel } from '../text/lines';
import { LineEdit } from '../patch/render';
import { leadingWs } from '../text/indent';
import { wholeLineText } from './whole-line';
import { Finder } from '../text/find';
import { lineIndexAt } from '../text/offsets';

export interface Occurrence {
  /** offset in the searched text */
  at: number;
  line: number;
  col: number;
}

export interface ExactEdits {
  edits: LineEdit[];
  /** some edit re-indented new_text (the whole-line dedented case) */
  shifted: boolean;
  /** set when an edit consumed the last line's terminator and new_text dropped it */
  finalNewline?: boolean;
}

/** The searched text: the lines joined by "\n", each terminated (see the file comment). */
export function searchText(m: LineModel): string {
  if (!m.lines.length) return '';
  if (m.hasCR) return m.lines.join('\n') + '\n';
  const body = m.raw.slice(m.bom ? 1 : 0);
  return m.finalNewline ? body : body + '\n';
}

/**
 * All (possibly overlapping) occurrences of `needle` in `hay`, at most 1001. `lineStarts`, the
 * offsets where hay's lines start, turns an offset into its line by binary search; without
 * it the lines before each occurrence are walked.
 */
export function exactOccurrences(hay: string, needle: string, lineStarts?: ArrayLike<number>): Occurrence[] {
  const out: Occurrence[] = [];
  if (needle === '') return out; // an empty needle matches everywhere; the caller refuses it
  let line = 0;
  let lineStart = 0;
  const find = new Finder(hay, needle); // native indexOf can take |hay|·|needle| (see find.ts)
  for (let i = find.indexOf(0); i >= 0; i = find.indexOf(i + 1)) {
    if (lineStarts && lineStarts.length) {
      line = lineIndexAt(lineStarts, i, line, lineStarts.length - 1);
      out.push({ at: i, line, col: i - lineStarts[line] });
      if (out.length > 1000) break;
      continue;
    }
    // advance the line cursor to the line holding offset i
    for (;;) {
      const nl = hay.indexOf('\n', lineStart);
      if (nl < 0 || nl >= i) break;
      lineStart = nl + 1;
      line++;
    }
    out.push({ at: i, line, col: i - lineStart });
    if (out.length > 1000) break;
  }
  return out;
}

/** True when two occurrences share a character. */
export function overlap(occ: Occurrence[], len: number): boolean {
  for (let k = 1; k < occ.length; k++) if (occ[k].at < occ[k - 1].at + len) return true;
  return false;
}

/**
 * The line edits for non-overlapping occurrences: those touching a common line form one edit.
 * A reason string when new_text's indentation cannot be placed (see newIndent.ts).
 */
export function exactEdits(m: LineModel, hay: string, occ: Occurrence[], oldN: string, newN: string): ExactEdits | string {
  const N = m.lines.length;
  const out: ExactEdits = { edits: [], shifted: false };
  const breaks = oldN.split('\n').length - 1;
  let k = 0;
  while (k < occ.length) {
    // the group: following occurrences that start on the line where the previous one ends
    let j = k;
    let endLine = occ[j].line + breaks;
    while (j + 1 < occ.length && occ[j + 1].line <= endLine) endLine = occ[++j].line + breaks;
    const segStart = occ[k].at - occ[k].col;
    const lastEnd = occ[j].at + oldN.length;
    const nl = hay.indexOf('\n', lastEnd);
    const segEnd = nl < 0 ? hay.length : nl;
    const lines = j === k ? oneOccurrence(m.lines[occ[k].line].slice(0, occ[k].col), oldN, newN, hay.slice(lastEnd, segEnd)) : null;
    if (typeof lines === 'string') return lines;
    let text = hay.slice(segStart, occ[k].at);
    if (lines?.shifted) out.shifted = true;
    if (!lines) for (let g = k; g <= j; g++) text += newN + hay.slice(occ[g].at + oldN.length, g < j ? occ[g + 1].at : segEnd);
    const written = lines ? lines.lines : text.split('\n');
    if (endLine === N) {
      // the edit reaches the virtual line after the last one: it stays empty (the break is
      // kept), or new_text's last line now ends the file without a break
      if (written[written.length - 1] === '') written.pop();
      else out.finalNewline = false;
    }
    out.edits.push({ start: occ[k].line, end: Math.min(endLine + 1, N), lines: written });
    k = j + 1;
  }
  return out;
}

/**
 * old_text starting right after its line's indentation (its first line copied without it):
 * new_text's first line is then written either without indentation too ('as-is': the line's
 * indentation stays in front of it, plain substring semantics) or with the file's ('keep':
 * written as given, so not indented twice). Any other indentation fits neither: 'ambiguous'.
 */
export function afterIndent(prefix: string, newN: string): 'as-is' | 'keep' | 'ambiguous' {
  if (!prefix || prefix.trim()) return 'as-is';
  const ws = leadingWs(newN);
  if (ws === '' || ws.length === newN.length || newN[ws.length] === '\n') return 'as-is';
  return ws === prefix ? 'keep' : 'ambiguous';
}

export const AMBIGUOUS_FIRST_LINE =
  "old_text starts after the indentation of its first line, but new_text's first line is indented differently from that line, so where it belongs cannot be told; send old_text and new_text with the file's indentation.";

/**
 * The lines an occurrence alone on its line group is written as, when that is not the plain
 * substring replacement: a whole line's content (whole-line.ts), or new_text whose first line
 * already carries the indentation old_text left out. A refusal's reason when new_text's
 * indentation fits no reading; null for the plain substring replacement.
 */
function oneOccurrence(prefix: string, oldN: string, newN: string, suffix: string): { lines: string[]; shifted: boolean } | string | null {
  const whole = wholeLineText(prefix, oldN, newN, suffix);
  if (whole) return whole;
  const reading = afterIndent(prefix, newN);
  if (reading === 'ambiguous') return AMBIGUOUS_FIRST_LINE;
  // new_text's first line already carries the indentation old_text's first line left out
  if (reading === 'keep') return { lines: (newN + suffix).split('\n'), shifted: false };
  return null;
}

/**
 * Fast path of search/replace for the common case: an old_text that occurs exactly
 * `expected` times in an LF file, or in CRLF lines of a file with CRs. Works on the raw string with native
 * substring search, without splitting the file into lines. Produces exactly what the general
 * path produces (same substring semantics, same whole-line indentation shift); returns null
 * whenever it does not apply, and the caller takes the general path.
 */
import { EngineResult, ChangedRange } from '../patch/types';
import { wholeLineText } from './whole-line';
import { afterIndent } from './exact';
import { Finder } from '../text/find';

/**
 * `accept`, when given, sees the occurrences ([start, end) offsets in `raw`) before anything is
 * written and may send the edit to the general path (false).
 */
export function fastExactReplace(raw: string, oldLF: string, newLF: string, expected: number, accept?: (occurrences: Array<[number, number]>) => boolean): EngineResult | null {
  const bom = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  // the general path also matches a final line break the file lacks: leave that to it
  if (oldLF.endsWith('\n') && !raw.endsWith('\n')) return null;
  // A file with CRs is searched with CRLF texts; each occurrence must then sit in CRLF lines
  // (checked below), else the general path applies its neighbour rule.
  const crlf = raw.indexOf('\r') >= 0;
  if (crlf && (oldLF.indexOf('\r') >= 0 || newLF.indexOf('\r') >= 0)) return null;
  const oldN = crlf ? oldLF.replace(/\n/g, '\r\n') : oldLF;
  const newN = crlf ? newLF.replace(/\n/g, '\r\n') : newLF;
  if (oldN === '') return null; // the general path refuses an empty search text
  const occ: number[] = [];
  const find = new Finder(raw, oldN); // native indexOf can take |raw|·|oldN| (see find.ts)
  for (let i = find.indexOf(bom); i >= 0; i = find.indexOf(i + 1)) {
    occ.push(i);
    if (occ.length > expected) return null;
  }
  if (occ.length !== expected) return null;
  if (accept && !accept(occ.map((at): [number, number] => [at, at + oldN.length]))) return null;
  // the general path's hay excludes the final newline: an occurrence using it is not exact there
  const bodyEnd = raw.endsWith('\r\n') ? raw.length - 2 : raw.endsWith('\n') ? raw.length - 1 : raw.length;
  let out = '';
  let pos = bom;
  let line = 0; // 0-based line number of `pos`
  let delta = 0;
  let shifted = false;
  const changed: ChangedRange[] = [];
  for (let k = 0; k < occ.length; k++) {
    const at = occ[k];
    const end = at + oldN.length;
    if (end > bodyEnd) return null;
    if (k > 0 && at < occ[k - 1] + oldN.length) return null; // overlapping: let the general path refuse
    const lineStart = raw.lastIndexOf('\n', at - 1) + 1;
    const startAt = Math.max(lineStart, bom);
    const nl = raw.indexOf('\n', end);
    let lineEnd = nl < 0 ? raw.length : nl;
    if (crlf) {
      // the occurrence's last line must end with CRLF (its first line's terminator is inside
      // the CRLF-joined occurrence, or is this one)
      if (nl < 0 || raw.charCodeAt(nl - 1) !== 13) return null;
      lineEnd = nl - 1;
      if (lineEnd < end) return null; // the occurrence itself ends inside the CRLF
    }
    if (startAt < pos) return null; // two occurrences on one line: let the general path decide
    const prefix = raw.slice(startAt, at);
    const suffix = raw.slice(end, lineEnd);
    const trailingNL = oldLF.endsWith('\n');
    const eol = crlf ? '\r\n' : '\n';
    // the same reading of the occurrence as the general path's (exact.ts), on LF texts
    const whole = wholeLineText(prefix, oldLF, newLF, suffix);
    if (typeof whole === 'string') return null; // the general path refuses
    let text = prefix + newN + suffix;
    if (whole) {
      text = whole.lines.join(eol);
      if (whole.shifted) shifted = true;
    } else {
      const reading = afterIndent(prefix, newLF);
      if (reading === 'ambiguous') return null; // the general path refuses
      if (reading === 'keep') text = newN + suffix;
    }
    line += countNewlines(raw, pos, startAt);
    if (trailingNL && lineEnd === raw.length && crlf) return null;
    const oldLineCount = countNewlines(raw, startAt, lineEnd) + 1;
    const newLineCount = countNewlines(text, 0, text.length) + 1;
    const start = line + delta + 1;
    const r = { start_line: start, end_line: start + newLineCount - 1 };
    const prev = changed[changed.length - 1];
    // merged like changedRanges() merges touching edits
    if (prev && r.start_line <= prev.end_line + 1 && r.end_line >= r.start_line && prev.end_line >= prev.start_line) prev.end_line = Math.max(prev.end_line, r.end_line);
    else changed.push(r);
    delta += newLineCount - oldLineCount;
    out += raw.slice(pos, startAt) + text;
    line += oldLineCount - 1;
    pos = lineEnd;
  }
  out = raw.slice(0, bom) + out + raw.slice(pos);
  return { ok: true, text: out, replacements: occ.length, changed, tolerance: shifted ? 'indent' : 'exact' };
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

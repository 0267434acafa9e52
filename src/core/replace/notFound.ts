/**
 * The NO_MATCH answer of search/replace: name the line of old_text that actually fails to
 * match, and why (a blank line the file lacks, whitespace, a character, a line absent from
 * the file), so the message never contradicts itself ("'x' is not in the file; the nearest
 * line is 1: 'x'").
 */
import { KeyedLines, OldLine } from '../patch/match';
import { diagnose, nearestLine } from '../patch/diagnose';
import { EngineResult, failure } from '../patch/types';
import type { LinePattern } from './line-pattern';

const quote = (s: string) => `'${s.trim().length > 120 ? s.trim().slice(0, 120) + '…' : s.trim()}'`;
const TAIL = ' Copy old_text from the current file, or read the file again.';

export function notFound(file: KeyedLines, pat: LinePattern, why: { edgeRefused: boolean; listing?: string }, trimmedLines?: Set<string>): EngineResult {
  const core = pat.core;
  const head = why.listing ? `old_text was not found (${why.listing}; taken literally): ` : 'old_text was not found: ';
  if (why.edgeRefused) {
    const at = pat.leadingNL ? 'starts with a line break, but its first line is the first line of the file, so no line break precedes it' : 'runs past the end of the file';
    return failure('NO_MATCH', `${head}old_text ${at}. Remove the leading line break from old_text.`, { line: core[0], reason: 'edge' });
  }
  // a line absent from the file is the plain answer (and the cheap one: one pass)
  const present = trimmedLines ?? new Set(file.lines.map((l) => l.trim()));
  const absent = core.find((l) => l.trim() && !present.has(l.trim()));
  if (absent !== undefined) {
    const found = nearestLine(file, absent, 0);
    return failure('NO_MATCH', `${head}line ${quote(absent)} is not in the file` + (found ? `; the nearest line is ${found.line_number}: ${quote(found.text)}` : '') + '.' + TAIL, {
      line: absent,
      reason: 'absent',
      ...(found ? { found } : {}),
    });
  }
  const old: OldLine[] = core.map((text) => ({ text, removed: true }));
  const d = diagnose(file, old);
  const bad = core[d.index] ?? '';
  const n = d.index + 1 + (pat.leadingNL ? 1 : 0); // 1-based line of old_text as sent
  const placed = d.placement !== undefined;
  let reason: string;
  let detail: string;
  if (placed && d.found) {
    const f = d.found.text;
    if (bad.trim() === '') {
      reason = 'blank';
      detail = `line ${n} of old_text is blank, but the file has ${quote(f)} there (line ${d.found.line_number})`;
    } else if (f.trim() === '') {
      reason = 'blank';
      detail = `line ${n} of old_text, ${quote(bad)}, stands where the file has a blank line (line ${d.found.line_number})`;
    } else if (f.replace(/\s+/g, '') === bad.replace(/\s+/g, '')) {
      reason = 'whitespace';
      detail = `line ${n} of old_text, ${quote(bad)}, differs from file line ${d.found.line_number} only in whitespace, which the other lines do not allow for`;
    } else {
      reason = 'character';
      const c = firstDifference(bad.trim(), f.trim());
      detail = `line ${n} of old_text, ${quote(bad)}, differs from file line ${d.found.line_number}, ${quote(f)}, at character ${c + 1} of its text`;
    }
  } else if (placed) {
    reason = 'edge';
    detail = `line ${n} of old_text, ${bad.trim() ? quote(bad) : 'a blank line'}, would stand ${(d.placement ?? 0) + d.index < 0 ? 'before the first' : 'after the last'} line of the file`;
  } else {
    reason = 'order';
    detail = "old_text's lines are in the file, but not together in this order";
  }
  return failure('NO_MATCH', `${head}${detail}.${TAIL}`, { line: bad, reason, ...(d.found && placed ? { found: d.found } : {}) });
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

import { splitLinesKeepEnds } from '../core/diff/lines';
import { diffLineArrays } from '../core/diff/lineDiff';

/**
 * A line-based delta from a base text to a target text: `ops` replace, in increasing
 * order, `del` lines of the base starting at line `at` (0-based, in base coordinates) with
 * the text `ins` (whole lines with their terminators). Lines keep their terminators, so
 * CRLF, mixed endings and a missing final newline survive exactly.
 */
export interface LineDelta {
  /** Line count of the base, checked before applying. */
  baseLines: number;
  ops: Array<[at: number, del: number, ins: string]>;
}

/** Computes the delta that turns `baseLines` into `targetText`. */
export function createLineDelta(baseLines: readonly string[], targetText: string): LineDelta {
  const target = splitLinesKeepEnds(targetText);
  const ops: LineDelta['ops'] = diffLineArrays(baseLines, target)
    .map((c) => [c.aStart, c.aEnd - c.aStart, target.slice(c.bStart, c.bEnd).join('')]);
  return { baseLines: baseLines.length, ops };
}

/**
 * Applies a delta to the base's lines. Returns null when the delta does not fit the base
 * (wrong line count, ops out of order or out of range, malformed values): a damaged delta
 * is reported, never applied approximately. The caller still verifies the result's sha256.
 */
export function applyLineDelta(baseLines: readonly string[], delta: unknown): string | null {
  if (!isLineDelta(delta) || delta.baseLines !== baseLines.length) return null;
  const parts: string[] = [];
  let next = 0;
  for (const [at, del, ins] of delta.ops) {
    if (at < next || at + del > baseLines.length) return null;
    for (let i = next; i < at; i++) parts.push(baseLines[i]);
    parts.push(ins);
    next = at + del;
  }
  for (let i = next; i < baseLines.length; i++) parts.push(baseLines[i]);
  return parts.join('');
}

function isLineDelta(value: unknown): value is LineDelta {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<LineDelta>;
  if (!Number.isInteger(v.baseLines) || !Array.isArray(v.ops)) return false;
  return v.ops.every((op) => Array.isArray(op) && op.length === 3
    && Number.isInteger(op[0]) && op[0] >= 0 && Number.isInteger(op[1]) && op[1] >= 0 && typeof op[2] === 'string');
}

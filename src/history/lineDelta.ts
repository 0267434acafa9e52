import { splitLinesKeepEnds } from '../core/diff/lines';
import { diffLineArrays } from '../core/diff/lineDiff';
import { LineChange } from '../core/diff/myers';

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

/** Computes the delta that turns `baseLines` into the target (given as text or as its lines). */
export function createLineDelta(baseLines: readonly string[], target: string | readonly string[]): LineDelta {
  const targetLines = typeof target === 'string' ? splitLinesKeepEnds(target) : target;
  const ops: LineDelta['ops'] = diffLineArrays(baseLines, targetLines)
    .map((c) => [c.aStart, c.aEnd - c.aStart, targetLines.slice(c.bStart, c.bEnd).join('')]);
  return { baseLines: baseLines.length, ops };
}

/**
 * The delta from a base to `targetLines`, composed from the delta `previous` (base →
 * `previousLines`) and the line changes from `previousLines` to `targetLines`, without
 * diffing against the base again. That is the cheap path for successive snapshots of one
 * file: the second diff is between neighbouring versions, so trimming leaves almost
 * nothing to search. Lines of the target that came from the base are copied from it,
 * every other line is inserted text. The caller verifies the result by applying it.
 */
export function composeLineDelta(
  previous: LineDelta, previousLines: readonly string[], targetLines: readonly string[], changes: readonly LineChange[],
): LineDelta {
  // Where each line of the previous version came from: a base line index, or -1 (inserted).
  const previousOrigin = new Int32Array(previousLines.length).fill(-1);
  let baseIndex = 0;
  let line = 0;
  for (const [at, del, ins] of previous.ops) {
    while (baseIndex < at && line < previousLines.length) previousOrigin[line++] = baseIndex++;
    line += ins.length === 0 ? 0 : splitLinesKeepEnds(ins).length;
    baseIndex = at + del;
  }
  while (baseIndex < previous.baseLines && line < previousLines.length) previousOrigin[line++] = baseIndex++;

  // The same for the target, through the changes from the previous version.
  const targetOrigin = new Int32Array(targetLines.length).fill(-1);
  let p = 0;
  let t = 0;
  for (const c of changes) {
    while (p < c.aStart) targetOrigin[t++] = previousOrigin[p++];
    p = c.aEnd;
    t = c.bEnd;
  }
  while (p < previousLines.length && t < targetLines.length) targetOrigin[t++] = previousOrigin[p++];

  // Runs of base lines in order are copies; everything between them is one op.
  const ops: LineDelta['ops'] = [];
  let next = 0;
  let pending: string[] = [];
  for (let i = 0; i < targetLines.length; i++) {
    const origin = targetOrigin[i];
    if (origin < next) { pending.push(targetLines[i]); continue; }
    if (origin > next || pending.length > 0) ops.push([next, origin - next, pending.join('')]);
    pending = [];
    next = origin + 1;
  }
  if (next < previous.baseLines || pending.length > 0) ops.push([next, previous.baseLines - next, pending.join('')]);
  return { baseLines: previous.baseLines, ops };
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

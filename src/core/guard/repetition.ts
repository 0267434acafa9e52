import type { GuardCall } from './callTypes';
import { callKey } from './callTypes';
import type { GuardSettings } from './settings';
import { cycleRefuseRepetitions, cycleWarnRepetitions } from './settings';

export type RepetitionLevel = 'warn' | 'refuse';

/** What the tail of the call history shows. */
export type RepetitionFinding =
  | { kind: 'none' }
  /** The last `count` calls are identical. */
  | { kind: 'run'; level: RepetitionLevel; count: number; threshold: number }
  /** The last calls repeat `calls` (length ≥ 2, not all identical) `repetitions` whole times. */
  | { kind: 'cycle'; level: RepetitionLevel; calls: GuardCall[]; repetitions: number; threshold: number };

/**
 * Looks at the end of `history` (oldest first, the current call last) for
 * - a run: the same tool with the same canonical input N times in a row; warn at
 *   `repeatedCallWarn`, refuse at `repeatedCallRefuse`;
 * - a cycle of length 2..`cycleMaxLength`: the last L calls, all identical to the L calls
 *   before them, and so on, for R whole repetitions; warn at `cycleWarnRepetitions`, refuse
 *   at `cycleRefuseRepetitions`. A cycle whose calls are all identical is a run, not a cycle.
 * A refusal beats a warning; between two findings of the same level, the run wins, then the
 * shortest cycle. Pure; O(history × cycleMaxLength).
 */
export function detectRepetition(history: readonly GuardCall[], s: Readonly<GuardSettings>): RepetitionFinding {
  const n = history.length;
  if (n === 0) return { kind: 'none' };
  const keys = history.map(callKey);

  let run = 1;
  while (run < n && keys[n - 1 - run] === keys[n - 1]) run++;

  const findings: RepetitionFinding[] = [];
  if (run >= s.repeatedCallRefuse) findings.push({ kind: 'run', level: 'refuse', count: run, threshold: s.repeatedCallRefuse });
  else if (run >= s.repeatedCallWarn) findings.push({ kind: 'run', level: 'warn', count: run, threshold: s.repeatedCallWarn });

  const warnReps = cycleWarnRepetitions(s);
  const refuseReps = cycleRefuseRepetitions(s);
  for (let len = 2; len <= s.cycleMaxLength && len * 2 <= n; len++) {
    const block = keys.slice(n - len);
    if (block.every((k) => k === block[0])) continue;
    // Length of the periodic suffix: positions whose key equals the key `len` before.
    let periodic = len;
    while (periodic < n && keys[n - 1 - periodic] === keys[n - 1 - periodic + len]) periodic++;
    const repetitions = Math.floor(periodic / len);
    const calls = history.slice(n - len);
    if (repetitions >= refuseReps) findings.push({ kind: 'cycle', level: 'refuse', calls, repetitions, threshold: refuseReps });
    else if (repetitions >= warnReps) findings.push({ kind: 'cycle', level: 'warn', calls, repetitions, threshold: warnReps });
  }

  return findings.find((f) => f.kind !== 'none' && f.level === 'refuse') ?? findings[0] ?? { kind: 'none' };
}

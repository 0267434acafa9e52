import { SETTING_SPECS } from '../settings/specs';

/**
 * Thresholds of the guard, one per `safeEdit.*` setting. The extension reads them from the
 * configuration and passes them in; a settings change is applied with
 * `GuardState.updateSettings()`, without losing the counters.
 */
export interface GuardSettings {
  /** Consecutive INVALID_PATCH failures of safe_patch on one file before INVALID_PATCH_LIMIT_EXCEEDED. */
  patchFailureLimit: number;
  /** Consecutive failed edits of one file (any editing tool; reads in between do not count) before EDIT_FAILURE_LOOP. */
  editFailureLoopLimit: number;
  /** Identical consecutive calls at which a warning is attached to the result. */
  repeatedCallWarn: number;
  /** Identical consecutive calls at which the call is refused with REPEATED_CALL. */
  repeatedCallRefuse: number;
  /** Longest cycle of calls (A,B,A,B… has length 2) that is detected; below 2 disables cycle detection. */
  cycleMaxLength: number;
  /** Identical schema-invalid inputs to one tool, in a row, before REPEATED_BAD_INPUT. */
  badInputRepeatLimit: number;
  /** Minutes without any tool call after which all counters are cleared; 0 disables the idle reset. */
  idleResetMinutes: number;
}

// The defaults are the settings' own (src/core/settings/specs.ts), so they are written once.
export const DEFAULT_GUARD_SETTINGS: Readonly<GuardSettings> = Object.freeze({
  patchFailureLimit: integerDefault('patchFailureLimit'),
  editFailureLoopLimit: integerDefault('editFailureLoopLimit'),
  repeatedCallWarn: integerDefault('repeatedCall.warnAt'),
  repeatedCallRefuse: integerDefault('repeatedCall.refuseAt'),
  // Not a setting: the longest cycle worth looking for.
  cycleMaxLength: 5,
  badInputRepeatLimit: integerDefault('repeatedBadInputLimit'),
  idleResetMinutes: integerDefault('counters.idleResetMinutes'),
});

function integerDefault(key: string): number {
  const spec = SETTING_SPECS[key];
  if (spec?.kind !== 'integer') throw new Error(`safeEdit.${key} is not an integer setting`);
  return spec.default;
}

const COUNT_KEYS = [
  'patchFailureLimit',
  'editFailureLoopLimit',
  'repeatedCallWarn',
  'repeatedCallRefuse',
  'cycleMaxLength',
  'badInputRepeatLimit',
] as const;

/**
 * Merges `partial` over `base`, keeping the base value for anything unusable: counts must be
 * integers ≥ 1, `idleResetMinutes` a finite number ≥ 0. A user's typo in settings.json thus
 * never disables a guard by accident (e.g. a limit of 0 or "3").
 */
export function resolveGuardSettings(
  partial: Partial<GuardSettings> | undefined,
  base: Readonly<GuardSettings> = DEFAULT_GUARD_SETTINGS,
): GuardSettings {
  const out: GuardSettings = { ...base };
  if (!partial) return out;
  for (const key of COUNT_KEYS) {
    const v = partial[key];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 1) out[key] = v;
  }
  const idle = partial.idleResetMinutes;
  if (typeof idle === 'number' && Number.isFinite(idle) && idle >= 0) out.idleResetMinutes = idle;
  return out;
}

/**
 * Complete repetitions of a cycle (length ≥ 2) at which a warning is attached: half the
 * identical-call warning count, rounded up, and at least 2. With the defaults an A,B cycle
 * is warned after 3 repetitions (6 calls) — close to the 5 identical calls of a plain run.
 */
export function cycleWarnRepetitions(s: Readonly<GuardSettings>): number {
  return Math.max(2, Math.ceil(s.repeatedCallWarn / 2));
}

/**
 * Complete repetitions of a cycle at which the call is refused: half the identical-call
 * refusal count, rounded up, and at least 2. Defaults: 5 repetitions (an A,B cycle is refused
 * at its 10th call, the same count as 10 identical calls).
 */
export function cycleRefuseRepetitions(s: Readonly<GuardSettings>): number {
  return Math.max(2, Math.ceil(s.repeatedCallRefuse / 2));
}

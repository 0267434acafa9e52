import type { Failure } from '../types';
import { BadInputCounter } from './badInputCounter';
import type { GuardCall, GuardOutcome } from './callTypes';
import { clip, summarizeCall } from './callTypes';
import { CounterMap } from './counterMap';
import { EditFailureStreaks } from './editFailureStreaks';
import type { DisposableLike } from './emitter';
import { TinyEmitter } from './emitter';
import type { GuardCounterName, GuardErrorSummary, GuardEvent, GuardResetReason } from './events';
import { DETECTION_KINDS } from './events';
import { inputShapeOf } from './inputShapes';
import {
  INVALID_PATCH_LIMIT_MESSAGE,
  editFailureLoopMessage,
  repeatedBadInputMessage,
  repeatedCallMessage,
  repeatedCycleMessage,
} from './messages';
import type { RepetitionFinding } from './repetition';
import { detectRepetition } from './repetition';
import type { GuardSettings } from './settings';
import { DEFAULT_GUARD_SETTINGS, cycleRefuseRepetitions, resolveGuardSettings } from './settings';
import { EDITING_TOOLS, GUARD_ERROR_TYPES, NEUTRAL_ERROR_TYPES, RECOVERY_TOOLS } from './toolNames';

/** Attached to a result that proceeds but repeats itself; the tool adds it to its JSON. */
export interface GuardWarning {
  error_type: 'REPEATED_CALL';
  message: string;
  /** Identical calls in a row, or whole repetitions of the cycle. */
  count: number;
  /** The count at which the call will be refused. */
  refuse_at: number;
  /** For a cycle: one repetition, each call as "tool path {input…}". */
  cycle?: string[];
}

/** What `before()` decides. On `proceed: false`, return `failure` and do not run the tool. */
export type GuardDecision = { proceed: true; warning?: GuardWarning } | { proceed: false; failure: Failure };

export interface GuardStateOptions {
  settings?: Partial<GuardSettings>;
  /** Milliseconds since an epoch; `Date.now` unless a test injects a clock. */
  now?: () => number;
}

/** One file's live counters, for the UI. */
export interface GuardFileSnapshot {
  path: string;
  patch_failures: number;
  patch_failure_limit: number;
  edit_failures: number;
  edit_failure_limit: number;
  /** EDIT_FAILURE_LOOP was returned and no success on the file since. */
  in_loop: boolean;
  last_error?: GuardErrorSummary & { time: number };
}

export interface GuardSnapshot {
  time: number;
  /** Time of the last tool call; undefined when nothing happened since the last reset. */
  last_activity?: number;
  settings: GuardSettings;
  files: GuardFileSnapshot[];
  bad_inputs: Array<{ tool: string; count: number; threshold: number }>;
  /** The latest detections (limit, loop, repeated call, bad input), oldest first. */
  recent_detections: GuardEvent[];
}

const RECENT_DETECTIONS_KEPT = 50;
const MIN_HISTORY = 64;

/**
 * The agent-steering memory of one window: every tool call goes through `before()` and,
 * when the tool ran, `after()`. Pure and synchronous: no I/O, no `vscode`, time from `now()`.
 *
 * Rules (thresholds from `GuardSettings`):
 * 1. Patch failure counter, per file: consecutive INVALID_PATCH failures of safe_patch. At
 *    `patchFailureLimit` `after()` returns INVALID_PATCH_LIMIT_EXCEEDED (the original failure
 *    nested as `original`). Back to 0 on a successful edit or rollback of the file, on a
 *    safe_patch failure of another type, and once the limit message has been returned.
 * 2. Edit-failure loop, per file: failed edits by any editing tool (safe_patch,
 *    replace_in_file, edit_lines, write_file, patch_html). Reads in between do not end the
 *    streak; a successful edit or rollback of the file, or a failed edit of another file, does.
 *    At `editFailureLoopLimit` `after()` returns EDIT_FAILURE_LOOP, and so does every further
 *    failed edit of the file until the streak ends; `before()` refuses an edit whose canonical
 *    input already failed during the loop. Only calls with valid input count; CANCELLED and
 *    PERMISSION_DENIED neither count nor end a streak.
 *    Precedence: when one call reaches both thresholds, EDIT_FAILURE_LOOP is returned (it is
 *    the stronger signal and its menu includes write_file) with the safe_patch advice added,
 *    and the patch counter is reset as delivered ('superseded').
 * 3. Repeated calls (`before()`): the same tool with the same canonical input N times in a row
 *    is warned at `repeatedCallWarn` and refused at `repeatedCallRefuse`; a cycle of 2..
 *    `cycleMaxLength` calls is warned after ceil(warn/2) and refused after ceil(refuse/2)
 *    whole repetitions (defaults 3 and 5) — the refusal names the calls of the cycle.
 * 4. Repeated bad input (`before()`): the same invalid input to one tool
 *    `badInputRepeatLimit` times in a row is refused with REPEATED_BAD_INPUT, showing the
 *    tool's input shape and a valid example; it keeps being refused until the input changes.
 *    This check comes first: a repeated bad input gets this message, not REPEATED_CALL.
 * 6. All state is per instance, cleared by `reset()` and after `idleResetMinutes` without a
 *    call. Each counter change emits a `GuardEvent`.
 */
export class GuardState {
  private settingsValue: GuardSettings;
  private readonly now: () => number;
  private readonly emitter = new TinyEmitter<GuardEvent>();
  private readonly patchFailures = new CounterMap();
  private readonly editStreaks = new EditFailureStreaks();
  private readonly badInputs = new BadInputCounter();
  private readonly lastErrors = new Map<string, GuardErrorSummary & { time: number }>();
  private history: GuardCall[] = [];
  private recentDetections: GuardEvent[] = [];
  private lastActivity: number | undefined;

  constructor(options: GuardStateOptions = {}) {
    this.settingsValue = resolveGuardSettings(options.settings, DEFAULT_GUARD_SETTINGS);
    this.now = options.now ?? Date.now;
  }

  get settings(): Readonly<GuardSettings> {
    return this.settingsValue;
  }

  /**
   * Applies changed settings (unusable values keep the current ones; see
   * `resolveGuardSettings`). Counters are kept and compared with the new thresholds from the
   * next call on.
   */
  updateSettings(partial: Partial<GuardSettings>): void {
    this.settingsValue = resolveGuardSettings(partial, this.settingsValue);
  }

  /** Listens to every counter change. */
  onEvent(listener: (event: GuardEvent) => void): DisposableLike {
    return this.emitter.on(listener);
  }

  /**
   * Call before running a tool, with or without valid input. Records the call and decides:
   * refuse (REPEATED_BAD_INPUT, EDIT_FAILURE_LOOP for an identical retry in a loop,
   * REPEATED_CALL) or proceed, possibly with a REPEATED_CALL warning to attach to the result.
   * When refused, do not run the tool and do not call `after()`.
   */
  before(call: GuardCall): GuardDecision {
    this.touch();
    this.remember(call);

    if (!call.inputValid) {
      const count = this.badInputs.record(call.tool, call.canonicalInput);
      const threshold = this.settingsValue.badInputRepeatLimit;
      this.emit({ kind: 'bad_input_count', tool: call.tool, file: call.path, count, threshold, detail: `${call.tool}: same invalid input ${count}× in a row` });
      if (count >= threshold) {
        const message = repeatedBadInputMessage(call.tool, count, inputShapeOf(call.tool));
        this.emit({ kind: 'bad_input_repeated', tool: call.tool, file: call.path, count, threshold, detail: `${call.tool}: invalid input refused after ${count} identical attempts` });
        const shape = inputShapeOf(call.tool);
        return { proceed: false, failure: { error_type: 'REPEATED_BAD_INPUT', message, tool: call.tool, count, threshold, ...(shape ? { required_shape: shape.shape, example: shape.example } : {}) } };
      }
    } else {
      this.resetCounter('bad_input', this.badInputs.clear(call.tool), 'valid_input', { tool: call.tool });
    }

    const retryRefusal = this.identicalRetryInLoop(call);
    if (retryRefusal) return { proceed: false, failure: retryRefusal };

    const finding = detectRepetition(this.history, this.settingsValue);
    if (finding.kind === 'none') return { proceed: true };
    if (finding.level === 'refuse') return { proceed: false, failure: this.repetitionRefusal(call, finding) };
    return { proceed: true, warning: this.repetitionWarning(call, finding) };
  }

  /**
   * Call after the tool ran, with its result. Returns the failure to return instead of the
   * tool's own result (INVALID_PATCH_LIMIT_EXCEEDED or EDIT_FAILURE_LOOP, the tool's failure
   * nested as `original`), or undefined to return the tool's result unchanged. Calls without
   * a path and non-editing tools never change a result.
   */
  after(call: GuardCall, outcome: GuardOutcome): Failure | undefined {
    // No idle expiry here: the time since before() was spent in the tool (a long build), not idle.
    this.lastActivity = this.now();
    const path = call.path;
    if (path === undefined) return undefined;
    const isEdit = EDITING_TOOLS.has(call.tool);

    if (outcome.success) {
      if (isEdit || RECOVERY_TOOLS.has(call.tool)) {
        this.lastErrors.delete(path);
        this.resetCounter('patch_failure', this.patchFailures.clear(path), 'success', { file: path, tool: call.tool });
        this.resetCounter('edit_failure', this.editStreaks.end(path), 'success', { file: path, tool: call.tool });
      }
      return undefined;
    }

    const errorType = outcome.error_type ?? 'UNKNOWN_ERROR';
    if (!isEdit || !call.inputValid || NEUTRAL_ERROR_TYPES.has(errorType) || GUARD_ERROR_TYPES.has(errorType)) return undefined;

    // Messages are clipped: the loop result lists every failure, and tokens are the model's budget.
    const lastError: GuardErrorSummary = { tool: call.tool, error_type: errorType, ...(typeof outcome.message === 'string' ? { message: clip(outcome.message, 160) } : {}) };
    this.lastErrors.set(path, { ...lastError, time: this.now() });
    const original = withoutSuccess(outcome);

    let patchLimitReached = false;
    if (call.tool === 'safe_patch') {
      if (errorType === 'INVALID_PATCH') {
        const count = this.patchFailures.increment(path);
        const threshold = this.settingsValue.patchFailureLimit;
        this.emit({ kind: 'patch_failure_count', file: path, tool: call.tool, count, threshold, last_error: lastError, detail: `${path}: INVALID_PATCH ${count}/${threshold}` });
        patchLimitReached = count >= threshold;
      } else {
        this.resetCounter('patch_failure', this.patchFailures.clear(path), 'other_error', { file: path, tool: call.tool, last_error: lastError });
      }
    }

    for (const ended of this.editStreaks.endAllExcept(path)) {
      this.resetCounter('edit_failure', ended.count, 'other_file', { file: ended.path, tool: call.tool });
    }
    const streak = this.editStreaks.add(path, lastError, call.canonicalInput);
    const loopThreshold = this.settingsValue.editFailureLoopLimit;
    const loopCount = streak.failures.length;
    this.emit({ kind: 'edit_failure_count', file: path, tool: call.tool, count: loopCount, threshold: loopThreshold, last_error: lastError, detail: `${path}: failed edit ${loopCount}/${loopThreshold}` });

    if (loopCount >= loopThreshold) {
      streak.inLoop = true;
      if (patchLimitReached) this.resetCounter('patch_failure', this.patchFailures.clear(path), 'superseded', { file: path, tool: call.tool });
      const message = editFailureLoopMessage(path, streak.failures, { patchLimitReached });
      this.emit({ kind: 'loop_detected', file: path, tool: call.tool, count: loopCount, threshold: loopThreshold, last_error: lastError, detail: `${path}: edit failure loop after ${loopCount} failed edits` });
      return { error_type: 'EDIT_FAILURE_LOOP', message, path, count: loopCount, threshold: loopThreshold, failures: streak.failures.map((f) => ({ ...f })), original };
    }

    if (patchLimitReached) {
      const count = this.patchFailures.get(path);
      this.emit({ kind: 'limit_exceeded', file: path, tool: call.tool, count, threshold: this.settingsValue.patchFailureLimit, last_error: lastError, detail: `${path}: invalid patch limit exceeded` });
      this.resetCounter('patch_failure', this.patchFailures.clear(path), 'delivered', { file: path, tool: call.tool });
      return { error_type: 'INVALID_PATCH_LIMIT_EXCEEDED', message: INVALID_PATCH_LIMIT_MESSAGE, original };
    }
    return undefined;
  }

  /** Clears all counters and the call history (the "Reset Failure Counters" command). Recent detections stay, as a log. */
  reset(): void {
    this.clearState();
    this.emit({ kind: 'reset', reason: 'command', detail: 'All failure counters reset by the user' });
  }

  /**
   * Clears everything when no call came for `idleResetMinutes` (0 = never) and returns
   * whether it did. Runs at the start of `before()` and `snapshot()`; the extension may also
   * call it on a timer so that the UI shows the reset on time. Activity is the last
   * `before()`/`after()`; a snapshot is not activity.
   */
  expireIfIdle(): boolean {
    const minutes = this.settingsValue.idleResetMinutes;
    if (minutes <= 0 || this.lastActivity === undefined) return false;
    if (this.now() - this.lastActivity < minutes * 60_000) return false;
    this.clearState();
    this.emit({ kind: 'reset', reason: 'idle', detail: `All failure counters cleared after ${minutes} idle minutes` });
    return true;
  }

  /** The live counters and the latest detections, for the dashboard. */
  snapshot(): GuardSnapshot {
    this.expireIfIdle();
    const s = this.settingsValue;
    const paths = new Set([...this.patchFailures.keys(), ...this.editStreaks.paths()]);
    for (const p of [...this.lastErrors.keys()]) if (!paths.has(p)) this.lastErrors.delete(p);
    const files: GuardFileSnapshot[] = [...paths].sort().map((path) => {
      const streak = this.editStreaks.get(path);
      const lastError = this.lastErrors.get(path);
      return {
        path,
        patch_failures: this.patchFailures.get(path),
        patch_failure_limit: s.patchFailureLimit,
        edit_failures: streak?.failures.length ?? 0,
        edit_failure_limit: s.editFailureLoopLimit,
        in_loop: streak?.inLoop ?? false,
        ...(lastError ? { last_error: { ...lastError } } : {}),
      };
    });
    return {
      time: this.now(),
      ...(this.lastActivity !== undefined ? { last_activity: this.lastActivity } : {}),
      settings: { ...s },
      files,
      bad_inputs: this.badInputs.entries().map((e) => ({ ...e, threshold: s.badInputRepeatLimit })),
      recent_detections: this.recentDetections.map((e) => ({ ...e })),
    };
  }

  private touch(): void {
    this.expireIfIdle();
    this.lastActivity = this.now();
  }

  private remember(call: GuardCall): void {
    this.history.push({ tool: call.tool, path: call.path, canonicalInput: call.canonicalInput, inputValid: call.inputValid });
    const s = this.settingsValue;
    const needed = Math.max(MIN_HISTORY, 2 * Math.max(s.repeatedCallRefuse, s.cycleMaxLength * cycleRefuseRepetitions(s)));
    if (this.history.length > needed) this.history = this.history.slice(this.history.length - needed);
  }

  private identicalRetryInLoop(call: GuardCall): Failure | undefined {
    if (!call.path || !call.inputValid || !EDITING_TOOLS.has(call.tool)) return undefined;
    const streak = this.editStreaks.get(call.path);
    if (!streak?.inLoop || !streak.failedInputs.has(call.canonicalInput)) return undefined;
    const count = streak.failures.length;
    const threshold = this.settingsValue.editFailureLoopLimit;
    this.emit({ kind: 'loop_detected', file: call.path, tool: call.tool, count, threshold, last_error: streak.failures[count - 1], detail: `${call.path}: identical retry of a failed edit refused` });
    return {
      error_type: 'EDIT_FAILURE_LOOP',
      message: editFailureLoopMessage(call.path, streak.failures, { identicalRetry: true }),
      path: call.path,
      count,
      threshold,
      failures: streak.failures.map((f) => ({ ...f })),
    };
  }

  private repetitionRefusal(call: GuardCall, finding: Exclude<RepetitionFinding, { kind: 'none' }>): Failure {
    if (finding.kind === 'run') {
      this.emit({ kind: 'repeated_call_refused', tool: call.tool, file: call.path, count: finding.count, threshold: finding.threshold, detail: `${call.tool}: identical call refused (${finding.count}× in a row)` });
      return { error_type: 'REPEATED_CALL', message: repeatedCallMessage(call, finding.count, finding.threshold, true), tool: call.tool, count: finding.count, threshold: finding.threshold };
    }
    const cycle = finding.calls.map((c) => summarizeCall(c));
    this.emit({ kind: 'repeated_call_refused', tool: call.tool, file: call.path, count: finding.repetitions, threshold: finding.threshold, cycle, detail: `cycle of ${cycle.length} calls refused (${finding.repetitions} repetitions)` });
    return {
      error_type: 'REPEATED_CALL',
      message: repeatedCycleMessage(finding.calls, finding.repetitions, finding.threshold, true),
      tool: call.tool,
      count: finding.repetitions,
      threshold: finding.threshold,
      cycle,
    };
  }

  private repetitionWarning(call: GuardCall, finding: Exclude<RepetitionFinding, { kind: 'none' }>): GuardWarning {
    const s = this.settingsValue;
    if (finding.kind === 'run') {
      this.emit({ kind: 'repeated_call_warning', tool: call.tool, file: call.path, count: finding.count, threshold: finding.threshold, detail: `${call.tool}: identical call ${finding.count}× in a row` });
      return { error_type: 'REPEATED_CALL', message: repeatedCallMessage(call, finding.count, s.repeatedCallRefuse, false), count: finding.count, refuse_at: s.repeatedCallRefuse };
    }
    const cycle = finding.calls.map((c) => summarizeCall(c));
    const refuseAt = cycleRefuseRepetitions(s);
    this.emit({ kind: 'repeated_call_warning', tool: call.tool, file: call.path, count: finding.repetitions, threshold: finding.threshold, cycle, detail: `cycle of ${cycle.length} calls repeated ${finding.repetitions}×` });
    return { error_type: 'REPEATED_CALL', message: repeatedCycleMessage(finding.calls, finding.repetitions, refuseAt, false), count: finding.repetitions, refuse_at: refuseAt, cycle };
  }

  private resetCounter(
    counter: GuardCounterName,
    previous: number,
    reason: GuardResetReason,
    where: { file?: string; tool?: string; last_error?: GuardErrorSummary },
  ): void {
    if (previous === 0) return;
    const threshold =
      counter === 'patch_failure' ? this.settingsValue.patchFailureLimit : counter === 'edit_failure' ? this.settingsValue.editFailureLoopLimit : this.settingsValue.badInputRepeatLimit;
    this.emit({ kind: 'counter_reset', counter, reason, count: 0, threshold, ...where, detail: `${where.file ?? where.tool ?? ''}: ${counter} counter ${previous} → 0 (${reason})` });
  }

  private clearState(): void {
    this.patchFailures.clearAll();
    this.editStreaks.clearAll();
    this.badInputs.clearAll();
    this.lastErrors.clear();
    this.history = [];
    this.lastActivity = undefined;
  }

  private emit(event: Omit<GuardEvent, 'time'>): void {
    const full: GuardEvent = { ...event, time: this.now() };
    if (DETECTION_KINDS.has(full.kind)) {
      this.recentDetections.push(full);
      if (this.recentDetections.length > RECENT_DETECTIONS_KEPT) this.recentDetections.shift();
    }
    this.emitter.emit(full);
  }
}

function withoutSuccess(outcome: GuardOutcome): Record<string, unknown> {
  const { success: _success, ...rest } = outcome;
  return rest;
}

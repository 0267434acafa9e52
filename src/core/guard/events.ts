/**
 * Every change of a guard counter is one event, for the dashboard and the output channel.
 *
 * - `patch_failure_count`   consecutive INVALID_PATCH count of a file went up
 * - `edit_failure_count`    consecutive failed-edit count of a file went up
 * - `bad_input_count`       identical-bad-input count of a tool went up
 * - `limit_exceeded`        INVALID_PATCH_LIMIT_EXCEEDED was returned
 * - `loop_detected`         EDIT_FAILURE_LOOP was returned (or an identical retry refused)
 * - `repeated_call_warning` a REPEATED_CALL warning was attached to a result
 * - `repeated_call_refused` a call was refused with REPEATED_CALL
 * - `bad_input_repeated`    a call was refused with REPEATED_BAD_INPUT
 * - `counter_reset`         one counter went back to 0 (`counter` and `reason` say which and why)
 * - `reset`                 all state was cleared (`reason`: 'command' or 'idle')
 */
export type GuardEventKind =
  | 'patch_failure_count'
  | 'edit_failure_count'
  | 'bad_input_count'
  | 'limit_exceeded'
  | 'loop_detected'
  | 'repeated_call_warning'
  | 'repeated_call_refused'
  | 'bad_input_repeated'
  | 'counter_reset'
  | 'reset';

/** The counters that `counter_reset` can name. */
export type GuardCounterName = 'patch_failure' | 'edit_failure' | 'bad_input';

/** Why a counter or the whole state went back to 0. */
export type GuardResetReason =
  | 'success' // the file was edited (or rolled back) successfully
  | 'other_error' // safe_patch failed with another error type than INVALID_PATCH
  | 'delivered' // the limit message was returned to the agent
  | 'other_file' // an edit of a different file failed
  | 'valid_input' // the tool received a valid input
  | 'different_input' // the tool received another bad input than before
  | 'superseded' // EDIT_FAILURE_LOOP was returned instead and carried the same advice
  | 'command' // the user ran the reset command
  | 'idle'; // no tool call for the idle period

export interface GuardErrorSummary {
  tool: string;
  error_type: string;
  message?: string;
}

export interface GuardEvent {
  kind: GuardEventKind;
  /** `now()` at the time of the event, in milliseconds. */
  time: number;
  file?: string;
  tool?: string;
  /** The counter's value after the change (0 for resets). */
  count?: number;
  /** The threshold the count is compared with. */
  threshold?: number;
  last_error?: GuardErrorSummary;
  counter?: GuardCounterName;
  reason?: GuardResetReason;
  /** For cycle detections: the calls of one repetition, as "tool summary" strings. */
  cycle?: string[];
  /** A one-line human description, ready for a log line or a tooltip. */
  detail: string;
}

/** Kinds that the snapshot keeps in `recent_detections`. */
export const DETECTION_KINDS: ReadonlySet<GuardEventKind> = new Set<GuardEventKind>([
  'limit_exceeded',
  'loop_detected',
  'repeated_call_warning',
  'repeated_call_refused',
  'bad_input_repeated',
]);

import type { GuardCall } from './callTypes';
import { summarizeCall } from './callTypes';
import type { ToolInputShape } from './inputShapes';

/** The exact message of INVALID_PATCH_LIMIT_EXCEEDED (models are prompted with it: keep it word for word). */
export const INVALID_PATCH_LIMIT_MESSAGE =
  'You have failed to generate a valid patch for this file multiple times. Do not try safe_patch again for this file in your next turn. Instead, use the write_file tool. Read the file to get the latest content, apply your intended changes to the full content, and then use write_file to overwrite it.';

/** One failed edit, as the loop message lists it. */
export interface EditFailureRecord {
  tool: string;
  error_type: string;
  message?: string;
}

/**
 * The EDIT_FAILURE_LOOP message: what failed, the likely causes, a short menu of ways out,
 * and what not to do. `patchLimitReached` adds the safe_patch advice of
 * INVALID_PATCH_LIMIT_EXCEEDED when both thresholds were reached by the same call.
 */
export function editFailureLoopMessage(
  path: string,
  failures: readonly EditFailureRecord[],
  options: { patchLimitReached?: boolean; identicalRetry?: boolean } = {},
): string {
  const list = groupFailures(failures);
  const parts = [
    options.identicalRetry
      ? `Refused: this exact call already failed on ${path}, and editing this file is in a failure loop (${failures.length} failed edits in a row: ${list}).`
      : `Editing ${path} has failed ${failures.length} times in a row: ${list}.`,
    'Likely causes: the file changed since the version your edit is based on; your old text differs from the file in whitespace or indentation; or the code you are editing is not in this file.',
    'Choose one: (a) move on to another file; (b) take the latest content of this file, apply all intended changes to the full content, and rewrite it whole with write_file (with base_sha256 of that content); (c) ask the user.',
    'Do not re-read the file and retry the same edit.',
  ];
  if (options.patchLimitReached) {
    parts.push('safe_patch has also failed repeatedly with an invalid patch on this file: do not use safe_patch for it in your next turn.');
  }
  return parts.join(' ');
}

/** The warning or refusal text for N identical calls in a row. */
export function repeatedCallMessage(call: GuardCall, count: number, refuseAt: number, refused: boolean): string {
  const what = `You have made the same ${call.tool} call with the same input ${count} times in a row (${summarizeCall(call)}).`;
  const why = 'Its result will not change unless something else changes first.';
  return refused
    ? `Refused: ${what} ${why} Use the result you already have, or do something different: another tool, other input, or ask the user.`
    : `Warning: ${what} ${why} Use the result you already have; at ${refuseAt} identical calls in a row the call will be refused.`;
}

/** The warning or refusal text for a repeating cycle of calls; names each call of the cycle. */
export function repeatedCycleMessage(calls: readonly GuardCall[], repetitions: number, refuseAt: number, refused: boolean): string {
  const cycle = calls.map((c) => summarizeCall(c)).join(' → ');
  const what = `You are repeating the same cycle of ${calls.length} calls ${repetitions} times in a row: ${cycle}.`;
  const why = 'Nothing changes between repetitions, so the results will not change either.';
  return refused
    ? `Refused: ${what} ${why} Break the cycle: use the results you already have, change approach (for a failing edit, rewrite the file whole with write_file), or ask the user.`
    : `Warning: ${what} ${why} Break the cycle now; at ${refuseAt} repetitions the next call of the cycle will be refused.`;
}

/** The REPEATED_BAD_INPUT text: the tool's required shape and one valid example. */
export function repeatedBadInputMessage(tool: string, count: number, shape: ToolInputShape | undefined): string {
  const head = `You have sent the same invalid input to ${tool} ${count} times in a row; it is refused without being run.`;
  if (!shape) return `${head} Check the tool's input schema and send an input that matches it.`;
  return `${head} The required input shape is ${shape.shape}. A valid example: ${JSON.stringify(shape.example)}. Send an input of this shape, with a JSON value for each field.`;
}

/**
 * "replace_in_file → NO_MATCH ×2; safe_patch → INVALID_PATCH": the failures in order, with
 * consecutive identical (tool, error type) pairs folded into one entry with a count.
 */
export function groupFailures(failures: readonly EditFailureRecord[]): string {
  const groups: Array<{ label: string; count: number }> = [];
  for (const f of failures) {
    const label = `${f.tool} → ${f.error_type}`;
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.count++;
    else groups.push({ label, count: 1 });
  }
  return groups.map((g) => (g.count > 1 ? `${g.label} ×${g.count}` : g.label)).join('; ');
}

import type { EngineError } from '../../core/patch';
import { boundEngineError } from '../../core/patch/bound-error';
import { correctiveInstruction } from '../../core/guard';
import type { Failure } from '../../core/types';

/**
 * Turns an engine error into the tool's failure: same data (hunk, line, nearest candidate,
 * candidates…), never file content, plus one corrective instruction for multi-part failures.
 */
export function engineFailure(unbounded: EngineError): Failure {
  const error = boundEngineError(unbounded);
  const { type, message, ...data } = error;
  const failure: Failure = { error_type: type, message, ...data };
  if (Array.isArray(error.failed_hunks) && error.failed_hunks.length > 0) {
    try {
      failure.instruction = correctiveInstruction(error);
    } catch {
      // The instruction is a courtesy; the data above is what matters.
    }
  }
  return failure;
}

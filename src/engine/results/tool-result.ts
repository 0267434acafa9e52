import type { Failure } from '../../core/types';

/** The one JSON object every tool returns: success, error_type when it failed, a message, the fields of the case. */
export interface ToolResultJson {
  success: boolean;
  error_type?: string;
  message: string;
  [field: string]: unknown;
}

export function failureResult(failure: Failure, extra: Record<string, unknown> = {}): ToolResultJson {
  const { error_type, message, ...rest } = failure;
  return { success: false, error_type, message, ...extra, ...rest };
}

export function successResult(message: string, fields: Record<string, unknown> = {}): ToolResultJson {
  return { success: true, message, ...fields };
}

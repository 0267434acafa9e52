import type { Failure } from '../core/types';

/** The one JSON object every tool returns (DESIGN.md: "Every result is one JSON object"). */
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

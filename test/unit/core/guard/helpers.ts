import { GuardState } from '../../../../src/core/guard';
import type { GuardCall, GuardEvent, GuardOutcome, GuardSettings } from '../../../../src/core/guard';
import type { Failure } from '../../../../src/core/types';

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(public ms = 1_700_000_000_000) {}
  readonly now = (): number => this.ms;
  advanceMinutes(minutes: number): void {
    this.ms += minutes * 60_000;
  }
}

/** A guard with a fake clock and every event collected. */
export function makeGuard(settings: Partial<GuardSettings> = {}): { guard: GuardState; clock: FakeClock; events: GuardEvent[] } {
  const clock = new FakeClock();
  const guard = new GuardState({ settings, now: clock.now });
  const events: GuardEvent[] = [];
  guard.onEvent((e) => events.push(e));
  return { guard, clock, events };
}

export function call(tool: string, path: string | undefined, input: Record<string, unknown>, inputValid = true): GuardCall {
  return { tool, ...(path !== undefined ? { path } : {}), canonicalInput: JSON.stringify({ path, ...input }), inputValid };
}

export const ok: GuardOutcome = { success: true };
export function failed(error_type: string, extra: Record<string, unknown> = {}): GuardOutcome {
  return { success: false, error_type, message: `${error_type} happened`, ...extra };
}

/**
 * Runs one call through before() and, when it proceeds, after() with `outcome`, the way the
 * tool layer does; returns what the model would receive: the refusal, the replacement, or
 * the tool's outcome (with the warning, if any).
 */
export function invoke(guard: GuardState, c: GuardCall, outcome: GuardOutcome): { result: GuardOutcome | Failure; refused: boolean; replaced: boolean; warning?: string } {
  const decision = guard.before(c);
  if (!decision.proceed) return { result: decision.failure, refused: true, replaced: false };
  const replacement = guard.after(c, outcome);
  return {
    result: replacement ?? outcome,
    refused: false,
    replaced: replacement !== undefined,
    ...(decision.warning ? { warning: decision.warning.message } : {}),
  };
}

export function kinds(events: readonly GuardEvent[]): string[] {
  return events.map((e) => e.kind);
}

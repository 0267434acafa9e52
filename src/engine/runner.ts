import { canonicalJson } from './canonical-json';
import { failureResult, ToolResultJson } from './results/tool-result';
import type { CancelSignal, Host, InvocationContext } from './host';
import type { MultiFileRequest } from './edit/multi-file-pipeline';

export type { InvocationContext };

/** What a tool module provides; the runner adds validation, guards, accounting and safety nets. */
export interface ToolDefinition<I> {
  name: string;
  /** Reads and listings: a version token of the target goes into the call identity (see Host.peekVersion). */
  isRead?: boolean;
  invoke(input: I, ctx: InvocationContext): Promise<ToolResultJson>;
  /** The progress line a client may show while the call runs ("Patching src/a.ts"). */
  progress?(input: I): string;
  /** Edits: the text the call would leave (undefined if it would fail), for the consent preview. */
  proposedText?(input: I, current: string | undefined, host: Host): string | undefined;
  /** Edits of several files: the call as a multi-file request (undefined for a one-file call), for the consent preview. */
  multiFileRequest?(input: I): MultiFileRequest | undefined;
}

/** Tools that read the journal: other writers' changes of the current turn are recorded first. */
const READS_HISTORY = new Set(['list_backups', 'rollback_file']);

/**
 * Runs one tool for any client (vscode.lm, the MCP servers) on any host, so that no input can
 * raise an exception into the host process: the input is checked against the tool's declared
 * schema first, the guard sees every call before and after, and whatever happens the caller
 * gets one JSON object back.
 */
export class ToolRunner<I = unknown> {
  constructor(readonly def: ToolDefinition<I>, readonly host: Host) {}

  /**
   * One call: the result as the model receives it (with what `decorate` adds: VS Code attaches
   * late diagnostics of earlier edits), noted in the activity log. `consentHolder`: see
   * InvocationContext (only vscode.lm calls have one).
   */
  async call(rawInput: unknown, token: CancelSignal, invocationToken: unknown, client: string | undefined, decorate?: (result: ToolResultJson, startedAt: number) => ToolResultJson, consentHolder?: string): Promise<{ result: ToolResultJson; text: string }> {
    const startedAt = Date.now();
    const ran = await this.run(rawInput, token, invocationToken, client, consentHolder);
    const result = decorate ? decorate(ran, startedAt) : ran;
    const text = JSON.stringify(result);
    this.host.activity.record(Date.now(), this.def.name, result.success, Buffer.byteLength(text, 'utf8'), {
      path: typeof result.path === 'string' ? result.path : undefined,
      error_type: result.error_type,
      message: result.message,
      ...(client ? { client } : {}),
    });
    return { result, text };
  }

  /** The whole call, as data; exported for the benchmarks and tests that bypass a client. */
  async run(rawInput: unknown, token: CancelSignal, invocationToken?: unknown, client?: string, consentHolder?: string): Promise<ToolResultJson> {
    const { host, def } = this;
    const checked = host.checkInput(def.name, rawInput);
    const path = pathOf(rawInput);
    if (!checked.ok) {
      const call = { tool: def.name, path: path && (await host.identify(path)), canonicalInput: canonicalJson(rawInput), inputValid: false };
      const gate = host.guard.before(call);
      return failureResult(gate.proceed ? checked.failure : gate.failure);
    }
    const input = checked.value as I;
    try {
      const identity: Record<string, unknown> = { input };
      if (def.isRead && path) identity.current_version = await host.peekVersion(path);
      const call = { tool: def.name, path: path && (await host.identify(path)), canonicalInput: canonicalJson(identity), inputValid: true };
      const gate = host.guard.before(call);
      if (!gate.proceed) return failureResult(gate.failure, path ? { path } : {});
      if (token.isCancellationRequested) return { success: false, error_type: 'CANCELLED', message: 'The call was cancelled before it started; nothing was changed.' };
      // Every tool call is the agent's activity: the turn other writers are recorded into goes on (or starts).
      // A turn an agent's own edit began (Copilot's tool first) is the one this call goes on with.
      host.writers?.noteCall(host.turnIdFor(invocationToken, host.writers.adoptableTurnId()), client);
      // The history a listing or a rollback reads includes the current turn's other writers.
      if (READS_HISTORY.has(def.name)) await host.writers?.settle();
      const result = await def.invoke(input, { host, token, invocationToken, client, consentHolder });
      const replaced = await this.judge(call, result);
      if (replaced) return failureResult(replaced, { path: result.path ?? path });
      return gate.warning ? { ...result, warning: gate.warning } : result;
    } catch (e) {
      const err = e as Error;
      host.log(`[${def.name}] internal error: ${err?.stack ?? String(e)}`);
      return {
        success: false,
        error_type: 'INTERNAL_ERROR',
        message: `Internal error in ${def.name}: ${err?.message ?? String(e)}. The file was not knowingly changed; read it again before retrying.`,
      };
    }
  }

  /**
   * The guard's verdict on a finished call. A multi-file call names no single `path`: its
   * failure counts against the file that failed (the result's `path`), and its success clears
   * the counters of every file it changed, as one-file calls do.
   */
  private async judge(call: GuardCall, result: ToolResultJson) {
    const { guard } = this.host;
    if (call.path !== undefined) return guard.after(call, result);
    if (!result.success) {
      return typeof result.path === 'string' ? guard.after({ ...call, path: await this.host.identify(result.path) }, result) : undefined;
    }
    const files = Array.isArray(result.files) ? (result.files as Array<{ path?: unknown }>) : [];
    for (const f of files) if (typeof f.path === 'string') guard.after({ ...call, path: await this.host.identify(f.path) }, result);
    return undefined;
  }
}

type GuardCall = Parameters<Host['guard']['before']>[0];

function pathOf(input: unknown): string | undefined {
  if (input && typeof input === 'object' && typeof (input as { path?: unknown }).path === 'string') return (input as { path: string }).path;
  return undefined;
}

/** A cancellation that never fires (calls with no client-side cancel). */
export const NEVER_CANCELLED: CancelSignal = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };

/** An AbortSignal (the MCP SDK's) as a CancelSignal. */
export function cancelSignalOf(signal: AbortSignal | undefined): CancelSignal {
  if (!signal) return NEVER_CANCELLED;
  return {
    get isCancellationRequested() { return signal.aborted; },
    onCancellationRequested(listener) {
      signal.addEventListener('abort', listener, { once: true });
      return { dispose: () => signal.removeEventListener('abort', listener) };
    },
  };
}

import * as vscode from 'vscode';
import { canonicalJson } from './canonical-json';
import { failureResult, ToolResultJson } from './tool-result';
import type { Services } from './services';
import { sensitiveConfirmation } from './sensitive-confirmation';
import { multiFileConfirmation } from './multi-file-confirmation';
import type { MultiFileRequest } from './multi-file-pipeline';

/** What a tool module provides; the runner adds validation, guards, accounting and safety nets. */
export interface ToolDefinition<I> {
  name: string;
  /** Reads and listings: a version token of the target goes into the call identity (see Services.peekVersion). */
  isRead?: boolean;
  invoke(input: I, ctx: InvocationContext): Promise<ToolResultJson>;
  prepare?(input: I, services: Services): vscode.PreparedToolInvocation | undefined | Promise<vscode.PreparedToolInvocation | undefined>;
  /** Edits: the text the call would leave (undefined if it would fail), for the consent preview. */
  proposedText?(input: I, current: string | undefined, services: Services): string | undefined;
  /** Edits of several files: the call as a multi-file request (undefined for a one-file call), for the consent preview. */
  multiFileRequest?(input: I): MultiFileRequest | undefined;
}

export interface InvocationContext {
  services: Services;
  token: vscode.CancellationToken;
  /** The chat request's opaque token (undefined outside a chat request): used to group turns. */
  invocationToken: unknown;
  /**
   * Who called, as the history records it: "chat" (a chat request through vscode.lm), "mcp:<client
   * name>" (our MCP server), undefined for other invokeTool callers.
   */
  client?: string;
}

/**
 * Wraps a tool so that no input can raise an exception into the extension host: the input
 * is checked against the tool's declared schema first, the guard sees every call before and
 * after, and whatever happens the model gets one JSON object back.
 */
export class SafeTool<I> implements vscode.LanguageModelTool<I> {
  constructor(private readonly def: ToolDefinition<I>, private readonly services: Services) {}

  /**
   * The progress message, and for a change to a sensitive file the chat's confirmation
   * (sensitive-confirmation.ts). Any failure here only drops the confirmation: invoke's own
   * consent check still stands between the call and the file.
   */
  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<I>): Promise<vscode.PreparedToolInvocation | undefined> {
    const { def, services } = this;
    let prepared: vscode.PreparedToolInvocation | undefined;
    try {
      prepared = await def.prepare?.(options.input, services);
    } catch {
      prepared = undefined;
    }
    // A test that answers the consent itself calls without a chat, where VS Code would turn
    // the confirmation into a dialog of its own that nobody answers.
    if (!def.proposedText || services.consentAnsweredForTests()) return prepared;
    try {
      const checked = services.checkInput(def.name, options.input);
      if (!checked.ok) return prepared;
      const input = checked.value as I;
      const multi = def.multiFileRequest?.(input);
      if (multi) {
        const confirmation = await multiFileConfirmation(def.name, multi, services);
        return confirmation ? { ...prepared, confirmationMessages: confirmation } : prepared;
      }
      const confirmationMessages = await sensitiveConfirmation(def.name, input, (current) => def.proposedText?.(input, current, services), services);
      return confirmationMessages ? { ...prepared, confirmationMessages } : prepared;
    } catch (e) {
      services.log(`[${def.name}] prepareInvocation: ${(e as Error)?.stack ?? String(e)}`);
      return prepared;
    }
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<I>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const client = options.toolInvocationToken === undefined ? undefined : 'chat';
    const { text } = await this.call(options.input as unknown, token, options.toolInvocationToken, client);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  }

  /**
   * One call from any client (vscode.lm, the MCP server): the result as the model receives it,
   * with late diagnostics of earlier edits attached once, and noted in the activity log.
   */
  async call(rawInput: unknown, token: vscode.CancellationToken, invocationToken: unknown, client: string | undefined): Promise<{ result: ToolResultJson; text: string }> {
    // Diagnostics of an earlier edit that arrived after its result ride along, once; those of
    // this call's own edit that arrived while its result was on its way join its new_problems.
    const startedAt = Date.now();
    const result = this.services.lateDiagnostics.attachTo(await this.run(rawInput, token, invocationToken, client), startedAt);
    const text = JSON.stringify(result);
    this.services.activity.record(Date.now(), this.def.name, result.success, Buffer.byteLength(text, 'utf8'), {
      path: typeof result.path === 'string' ? result.path : undefined,
      error_type: result.error_type,
      message: result.message,
      ...(client ? { client } : {}),
    });
    return { result, text };
  }

  /**
   * The guard's verdict on a finished call. A multi-file call names no single `path`: its
   * failure counts against the file that failed (the result's `path`), and its success clears
   * the counters of every file it changed, as one-file calls do.
   */
  private async judge(call: GuardCall, result: ToolResultJson) {
    const { guard } = this.services;
    if (call.path !== undefined) return guard.after(call, result);
    if (!result.success) {
      return typeof result.path === 'string' ? guard.after({ ...call, path: await this.services.identify(result.path) }, result) : undefined;
    }
    const files = Array.isArray(result.files) ? (result.files as Array<{ path?: unknown }>) : [];
    for (const f of files) if (typeof f.path === 'string') guard.after({ ...call, path: await this.services.identify(f.path) }, result);
    return undefined;
  }

  /** The whole call, as data; exported for the benchmarks and tests that bypass the LM API. */
  async run(rawInput: unknown, token: vscode.CancellationToken, invocationToken?: unknown, client?: string): Promise<ToolResultJson> {
    const { services, def } = this;
    const checked = services.checkInput(def.name, rawInput);
    const path = pathOf(rawInput);
    if (!checked.ok) {
      const call = { tool: def.name, path: path && (await services.identify(path)), canonicalInput: canonicalJson(rawInput), inputValid: false };
      const gate = services.guard.before(call);
      return failureResult(gate.proceed ? checked.failure : gate.failure);
    }
    const input = checked.value as I;
    try {
      const identity: Record<string, unknown> = { input };
      if (def.isRead && path) identity.current_version = await services.peekVersion(path);
      const call = { tool: def.name, path: path && (await services.identify(path)), canonicalInput: canonicalJson(identity), inputValid: true };
      const gate = services.guard.before(call);
      if (!gate.proceed) return failureResult(gate.failure, path ? { path } : {});
      if (token.isCancellationRequested) return { success: false, error_type: 'CANCELLED', message: 'The call was cancelled before it started; nothing was changed.' };
      const result = await def.invoke(input, { services, token, invocationToken, client });
      const replaced = await this.judge(call, result);
      if (replaced) return failureResult(replaced, { path: result.path ?? path });
      return gate.warning ? { ...result, warning: gate.warning } : result;
    } catch (e) {
      const err = e as Error;
      services.log(`[${def.name}] internal error: ${err?.stack ?? String(e)}`);
      return {
        success: false,
        error_type: 'INTERNAL_ERROR',
        message: `Internal error in ${def.name}: ${err?.message ?? String(e)}. The file was not knowingly changed; read it again before retrying.`,
      };
    }
  }
}

type GuardCall = Parameters<Services['guard']['before']>[0];

function pathOf(input: unknown): string | undefined {
  if (input && typeof input === 'object' && typeof (input as { path?: unknown }).path === 'string') return (input as { path: string }).path;
  return undefined;
}

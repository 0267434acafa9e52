import * as vscode from 'vscode';
import type { ToolResultJson } from '../../engine/results/tool-result';
import { ToolDefinition, ToolRunner } from '../../engine/runner';
import type { Services } from './services';
import { sensitiveConfirmation } from './sensitive-confirmation';
import { multiFileConfirmation } from './multi-file-confirmation';
import { executeConfirmation } from './exec-confirmation';
import { lmConsentHolder } from './consent-holder';

/** Confirmations only VS Code's chat shows, by tool (the engine's tools know nothing of the chat). */
const CHAT_CONFIRMATIONS: Record<string, (input: never, services: Services) => Promise<vscode.PreparedToolInvocation['confirmationMessages']>> = {
  execute_program: executeConfirmation,
};

/**
 * A tool as vscode.lm sees it: the engine's runner (input check, guard, one JSON result) plus
 * what only VS Code's chat has: the progress line and the chat's own confirmation — for
 * execute_program every run, for an edit only when it would change a protected file.
 */
export class SafeTool<I> implements vscode.LanguageModelTool<I> {
  private readonly runner: ToolRunner<I>;
  constructor(private readonly def: ToolDefinition<I>, private readonly services: Services) {
    this.runner = new ToolRunner(def, services);
  }

  /**
   * The progress message, and the chat's confirmation (see above). Any failure here only drops
   * the confirmation: invoke's own consent check still stands between the call and the file.
   */
  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<I>): Promise<vscode.PreparedToolInvocation | undefined> {
    const { def, services } = this;
    let prepared: vscode.PreparedToolInvocation | undefined;
    try {
      const message = def.progress?.(options.input);
      const confirmationMessages = await CHAT_CONFIRMATIONS[def.name]?.(options.input as never, services);
      prepared = message === undefined && !confirmationMessages ? undefined : { ...(message !== undefined ? { invocationMessage: message } : {}), ...(confirmationMessages ? { confirmationMessages } : {}) };
    } catch {
      prepared = undefined;
    }
    // A test that answers the consent itself calls without a chat, where VS Code would turn
    // the confirmation into a dialog of its own that nobody answers.
    if (!def.proposedText || services.consentAnsweredForTests()) return prepared;
    // VS Code 1.139 passes the chat session even without the proposed chat API; a call with no chat has none.
    const holder = lmConsentHolder((options as { chatSessionResource?: unknown }).chatSessionResource);
    try {
      const checked = services.checkInput(def.name, options.input);
      if (!checked.ok) return prepared;
      const input = checked.value as I;
      const multi = def.multiFileRequest?.(input);
      if (multi) {
        const confirmation = await multiFileConfirmation(def.name, multi, services, holder);
        return confirmation ? { ...prepared, confirmationMessages: confirmation } : prepared;
      }
      const confirmationMessages = await sensitiveConfirmation(def.name, input, (current) => def.proposedText?.(input, current, services), services, holder);
      return confirmationMessages ? { ...prepared, confirmationMessages } : prepared;
    } catch (e) {
      services.log(`[${def.name}] prepareInvocation: ${(e as Error)?.stack ?? String(e)}`);
      return prepared;
    }
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<I>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const client = options.toolInvocationToken === undefined ? undefined : 'chat';
    // The holder of the ticket this call's own confirmation left (consent-holder.ts); MCP calls, through call(), have none.
    const holder = lmConsentHolder((options.toolInvocationToken as { sessionResource?: unknown } | undefined)?.sessionResource);
    const decorate = (result: ToolResultJson, startedAt: number) => this.services.lateDiagnostics.attachTo(result, startedAt);
    const { text } = await this.runner.call(options.input as unknown, token, options.toolInvocationToken, client, decorate, holder);
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  }

  /**
   * One call from any client in this window (vscode.lm, the MCP server): diagnostics of an
   * earlier edit that arrived after its result ride along, once; those of this call's own edit
   * that arrived while its result was on its way join its new_problems.
   */
  call(rawInput: unknown, token: vscode.CancellationToken, invocationToken: unknown, client: string | undefined): Promise<{ result: ToolResultJson; text: string }> {
    return this.runner.call(rawInput, token, invocationToken, client, (result, startedAt) => this.services.lateDiagnostics.attachTo(result, startedAt));
  }

  /** The whole call, as data; for the benchmarks and tests that bypass the LM API. */
  run(rawInput: unknown, token: vscode.CancellationToken, invocationToken?: unknown, client?: string): Promise<ToolResultJson> {
    return this.runner.run(rawInput, token, invocationToken, client);
  }
}

// Drives Copilot Chat's agent mode from the extension host: makes the built-in Copilot Chat
// usable with the scripted model, then runs one agent turn per call and returns what the
// model received. Facts: /work/shared/harness/README.md, "A real client".
import * as vscode from 'vscode';
import { contentText, LoggedRequest, postScript, requestsOf, ScriptStep } from './model';

export const MODEL_SELECTOR = { vendor: 'customendpoint', id: 'scripted-model' };

async function sleep(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

let ready: Promise<void> | undefined;

/**
 * A fresh profile starts with the built-in Copilot Chat disabled (chat setup never ran):
 * `enableAll` turns it on without a reload, but is registered a moment after startup, so it
 * is retried. Then waits until the Custom Endpoint provider offers the scripted model.
 */
export function ensureAgentReady(): Promise<void> {
  ready ??= (async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        await vscode.commands.executeCommand('workbench.extensions.action.enableAll');
        break;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`could not enable the built-in extensions: ${String(error)}`, { cause: error });
        await sleep(250);
      }
    }
    for (;;) {
      const models = await vscode.lm.selectChatModels({ vendor: MODEL_SELECTOR.vendor });
      if (models.some((m) => m.id === MODEL_SELECTOR.id)) return;
      if (Date.now() > deadline) throw new Error(`the scripted model never appeared (models: ${models.map((m) => m.id).join(', ') || 'none'})`);
      await sleep(250);
    }
  })();
  return ready;
}

export interface TurnOptions {
  /** `agent` (default) or a custom agent's name, as the chat's mode picker knows it. */
  mode?: string;
  /** Per-turn limit; the model's own script is bounded too (scripted-model.mjs). */
  timeoutMs?: number;
  /**
   * Answers the chat's tool confirmations during the turn, as a user clicking Allow or Skip
   * would (the commands behind those buttons). Without it nothing answers them and a turn
   * that asks for one fails on its time limit.
   */
  confirm?: 'allow' | 'skip';
}

export interface Turn {
  /** The agent requests (those carrying tools), in order. */
  requests: LoggedRequest[];
  /** Every tool result the model received during the turn, parsed, in order (from the last request). */
  results: Array<{ tool_call_id?: string; text: string; json: any }>;
}

let turnCounter = 0;

/** True once the model answered the script's turn with text, i.e. no more tool calls are coming. */
async function turnEnded(id: string): Promise<boolean> {
  const agent = (await requestsOf(id)).filter((r) => r.agent);
  const last = agent[agent.length - 1];
  return last !== undefined && last.answer.tool_calls === undefined;
}

/** Runs one agent turn in a new chat: posts `steps` to the model, sends `query`, waits for the whole turn. */
export async function runAgentTurn(query: string, steps: ScriptStep[], options: TurnOptions = {}): Promise<Turn> {
  await ensureAgentReady();
  const id = `turn-${Date.now().toString(36)}-${turnCounter++}`;
  await postScript(id, steps);
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  // The Accept command takes the confirmation's default, which VS Code may remember as an
  // approval of the tool for the session: forget it, so every turn is asked afresh.
  await Promise.resolve(vscode.commands.executeCommand('workbench.action.chat.resetTrustedTools')).catch(() => undefined);
  const done = vscode.commands.executeCommand('workbench.action.chat.open', {
    query,
    mode: options.mode ?? 'agent',
    modelSelector: MODEL_SELECTOR,
    blockOnResponse: true,
  });
  const limit = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + limit;
  // blockOnResponse also returns while the turn waits for a tool confirmation; the turn is
  // over once the model's last answer is text (the script's end), as the request log shows.
  const opened = await Promise.race([done.then(() => 'done'), sleep(limit).then(() => 'timeout')]);
  while (opened === 'done' && !(await turnEnded(id))) {
    if (Date.now() > deadline) throw new Error(`the agent turn did not finish within ${limit} ms${options.confirm ? '' : ' (waiting for a tool confirmation nobody answered?)'}`);
    if (options.confirm) {
      // The commands behind the chat's Allow and Skip buttons; with nothing pending they do nothing.
      await Promise.resolve(vscode.commands.executeCommand(options.confirm === 'allow' ? 'workbench.action.chat.acceptTool' : 'workbench.action.chat.skipTool')).catch(() => undefined);
    }
    await sleep(300);
  }
  if (opened === 'timeout') throw new Error(`the agent turn did not finish within ${limit} ms`);
  const requests = (await requestsOf(id)).filter((r) => r.agent);
  const last = requests[requests.length - 1];
  const results = (last?.body.messages ?? [])
    .filter((m) => m.role === 'tool')
    .map((m) => {
      const text = contentText(m.content);
      let json: any;
      try { json = JSON.parse(text); } catch { json = undefined; }
      return { tool_call_id: m.tool_call_id, text, json };
    });
  return { requests, results };
}

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
        if (Date.now() > deadline) throw new Error(`could not enable the built-in extensions: ${String(error)}`);
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
}

export interface Turn {
  /** The agent requests (those carrying tools), in order. */
  requests: LoggedRequest[];
  /** Every tool result the model received during the turn, parsed, in order (from the last request). */
  results: Array<{ tool_call_id?: string; text: string; json: any }>;
}

let turnCounter = 0;

/** Runs one agent turn in a new chat: posts `steps` to the model, sends `query`, waits for the whole turn. */
export async function runAgentTurn(query: string, steps: ScriptStep[], options: TurnOptions = {}): Promise<Turn> {
  await ensureAgentReady();
  const id = `turn-${Date.now().toString(36)}-${turnCounter++}`;
  await postScript(id, steps);
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  const done = vscode.commands.executeCommand('workbench.action.chat.open', {
    query,
    mode: options.mode ?? 'agent',
    modelSelector: MODEL_SELECTOR,
    blockOnResponse: true,
  });
  const limit = options.timeoutMs ?? 120_000;
  const outcome = await Promise.race([done.then(() => 'done'), sleep(limit).then(() => 'timeout')]);
  if (outcome === 'timeout') throw new Error(`the agent turn did not finish within ${limit} ms`);
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

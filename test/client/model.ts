// The tests' side of the scripted model (test/runner/scripted-model.mjs): post a script of
// assistant turns, read back the requests Copilot sent while it was active.

/** A tool call the scripted model makes; an argument may be {$from: 'dot.path', result?: n}. */
export interface ScriptedCall { name: string; arguments: Record<string, unknown> }
export type ScriptStep = { text: string } | { tool_calls: ScriptedCall[] };

/** One logged request (the body exactly as Copilot sent it) and what the model answered. */
export interface LoggedRequest {
  seq: number;
  script: string;
  agent: boolean;
  body: { messages: Array<{ role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }>; tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }> };
  answer: { text?: string; tool_calls?: ScriptedCall[] };
}

function modelUrl(): string {
  const url = process.env.ASE_MODEL_URL;
  if (!url) throw new Error('ASE_MODEL_URL is not set: run this suite with `npm run test:client` (ASE_REAL_CLIENT=1)');
  return url;
}

export async function postScript(id: string, steps: ScriptStep[]): Promise<void> {
  const response = await fetch(`${modelUrl()}/__script`, { method: 'POST', body: JSON.stringify({ id, steps }), signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`posting script ${id}: HTTP ${response.status}`);
}

export async function requestsOf(id: string): Promise<LoggedRequest[]> {
  const response = await fetch(`${modelUrl()}/__requests?script=${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`reading requests of ${id}: HTTP ${response.status}`);
  return (await response.json()) as LoggedRequest[];
}

/** The text of a message's content (a string, or text parts). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? p : typeof p?.text === 'string' ? p.text : '')).join('');
  return '';
}

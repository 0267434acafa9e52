// A scripted OpenAI-compatible chat model on 127.0.0.1, so Copilot Chat's real agent loop
// (its "Custom Endpoint" bring-your-own-key provider) can be driven offline and
// deterministically. The tests in the extension host post a script of assistant turns; the
// server plays it back one turn per agent request and logs every request it receives, so a
// test can assert the tool list and the tool results exactly as the model received them.
//
// Protocol (all JSON):
//   POST /v1/chat/completions   what Copilot calls (stream: true, SSE answer)
//   POST /__script {id, steps}  replaces the script; steps are played from the first
//   GET  /__requests?script=ID  the logged requests made while script ID was active
// A step is {text} or {tool_calls: [{name, arguments}]}. An argument value may be
// {"$from": "dot.path"}: it is replaced by that field of a tool result the model received
// (the JSON text of a `role: "tool"` message): by default the latest one, with "call": n the
// result of the script's n-th call (see resolveArguments). Requests without tools are
// Copilot's utility requests (progress titles): they get a short text and consume no step.
// Once the script is used up every agent request gets the text "Done.", which ends the turn.
// With a `player` (startScriptedModel's option) there is no posted script: the player picks
// each answer from the conversation itself, so every new prompt starts it afresh (the Demo
// agent of `npm start`, scripts/demo-agent/).

import { appendFileSync } from 'node:fs';
import http from 'node:http';

/** More requests than this under one script means the agent loop is not ending: stop it. */
const MAX_AGENT_REQUESTS_PER_SCRIPT = 40;
/** Bodies are ~20–200 KB (system prompt + 48 tool schemas + history); refuse anything absurd. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The value at a dot path ("a.b.0.c") of a parsed object, or undefined. */
function pick(value, dotPath) {
  let cur = value;
  for (const key of dotPath.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = cur[key];
  }
  return cur;
}

/** The text of a message's content, whether a string or an array of text parts. */
export function contentText(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'string' ? p : typeof p?.text === 'string' ? p.text : '')).join('');
  return '';
}

/** The tool results of this request: `role: "tool"` messages after the last assistant message, parsed when JSON. */
export function latestToolResults(messages) {
  const out = [];
  for (let i = messages.length - 1; i >= 0 && messages[i].role !== 'assistant'; i--) {
    if (messages[i].role !== 'tool') continue;
    const text = contentText(messages[i].content);
    let parsed;
    try { parsed = JSON.parse(text); } catch { parsed = undefined; }
    out.unshift({ tool_call_id: messages[i].tool_call_id, text, json: parsed });
  }
  return out;
}

/** Every tool result in the conversation, by the id of the call it answers. */
export function toolResultsById(messages) {
  const byId = new Map();
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    let parsed;
    try { parsed = JSON.parse(contentText(m.content)); } catch { parsed = undefined; }
    byId.set(m.tool_call_id, parsed);
  }
  return byId;
}

/**
 * Replaces every {"$from": path} in `args` by the field of a tool result; throws when it is
 * missing. With "call": n the result is that of the script's n-th tool call (0-based, over
 * the whole turn, found by its call id in the conversation); with "result": n the n-th of the
 * latest results; with neither, the last of the latest results.
 * @param {unknown} args
 * @param {{ json: unknown }[]} results latestToolResults() of the request
 * @param {{ callIds?: string[], byId?: Map<string, unknown> }} [history]
 */
export function resolveArguments(args, results, history = {}) {
  if (Array.isArray(args)) return args.map((a) => resolveArguments(a, results, history));
  if (args === null || typeof args !== 'object') return args;
  if (typeof args.$from === 'string') {
    let source;
    let where;
    if (typeof args.call === 'number') {
      where = `the result of call ${args.call}`;
      source = history.byId?.get(history.callIds?.[args.call]);
    } else {
      const index = typeof args.result === 'number' ? args.result : results.length - 1;
      where = `tool result ${index} (${results.length} results)`;
      source = results[index]?.json;
    }
    const value = source === undefined ? undefined : pick(source, args.$from);
    if (value === undefined) throw new Error(`script argument {$from: ${args.$from}} has no value in ${where}`);
    return value;
  }
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, resolveArguments(v, results, history)]));
}

/**
 * The tool calls of the current turn: those the assistant made after the last user message
 * (Copilot keeps earlier turns in the conversation and ends it with the new prompt), in order,
 * each with its arguments and its result (parsed when JSON; undefined while unanswered).
 * @returns {{ id: string, name: string, arguments: any, result: any, text: string }[]}
 */
export function turnCalls(messages) {
  let start = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === 'user') { start = i + 1; break; }
  }
  const texts = new Map();
  for (const m of messages.slice(start)) if (m.role === 'tool') texts.set(m.tool_call_id, contentText(m.content));
  const calls = [];
  for (const m of messages.slice(start)) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const c of m.tool_calls) {
      let args;
      try { args = JSON.parse(c.function?.arguments ?? '{}'); } catch { args = undefined; }
      const text = texts.get(c.id) ?? '';
      let result;
      try { result = texts.has(c.id) ? JSON.parse(text) : undefined; } catch { result = undefined; }
      calls.push({ id: c.id, name: c.function?.name ?? '', arguments: args, result, text });
    }
  }
  return calls;
}

/** The id of the index-th tool call answered to request `seq`. */
function callIdOf(seq, index) {
  return `call_${seq}_${index}`;
}

/** One SSE answer: a text or tool calls, as standard chat.completion.chunk events. */
function streamAnswer(res, answer, seq) {
  const id = `chatcmpl_${seq}`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  const chunk = (delta, finish) => `data: ${JSON.stringify({
    id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: 'scripted-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
  if (answer.tool_calls) {
    const calls = answer.tool_calls.map((c, index) => ({ index, id: callIdOf(seq, index), type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments ?? {}) } }));
    res.write(chunk({ role: 'assistant', content: null, tool_calls: calls }, null));
    res.write(chunk({}, 'tool_calls'));
  } else {
    res.write(chunk({ role: 'assistant', content: answer.text }, null));
    res.write(chunk({}, 'stop'));
  }
  res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/**
 * A player's answer to one agent request. The turn's own length bounds it (a player that
 * never stops would keep Copilot's loop going), and a player that throws ends the turn with
 * the error as text, as a script that cannot compute its arguments does.
 */
function playerAnswer(player, messages, toolNames) {
  if (turnCalls(messages).length >= MAX_AGENT_REQUESTS_PER_SCRIPT) {
    return { text: `Stopped: more than ${MAX_AGENT_REQUESTS_PER_SCRIPT} tool calls in this turn.` };
  }
  try {
    const answer = player(messages, toolNames);
    return answer.tool_calls ? { tool_calls: answer.tool_calls } : { text: String(answer.text ?? '') };
  } catch (error) {
    return { text: `Script error: ${error.message}` };
  }
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    let size = 0;
    req.on('data', (b) => {
      size += b.length;
      if (size > MAX_BODY_BYTES) { reject(new Error('request body too large')); req.destroy(); } else parts.push(b);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/**
 * Starts the server on 127.0.0.1 (a free port unless `port` is given).
 * `player(messages, toolNames)`, when given, answers every agent request ({text} or
 * {tool_calls} with plain arguments; toolNames: the tools the request offers) instead of a
 * posted script; the control endpoints are then off and no
 * request is kept in memory (a long `npm start` session would only pile them up).
 * @param {{ logFile?: string, port?: number, log?: (line: string) => void,
 *   player?: (messages: any[], toolNames: string[]) => { text: string } | { tool_calls: { name: string, arguments: object }[] } }} [options]
 * @returns {Promise<{ port: number, url: string, close: () => Promise<void> }>}
 */
export async function startScriptedModel(options = {}) {
  const log = options.log ?? (() => {});
  let script = { id: 'none', steps: [] };
  let cursor = 0;
  let agentRequests = 0;
  let seq = 0;
  /** The ids of the tool calls made under the current script, in order (for {$from, call}). */
  let callIds = [];
  /** @type {object[]} */
  const requests = [];

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (options.player && url.pathname.startsWith('/__')) {
        return sendJson(res, 404, { error: { message: 'no control endpoints: this model plays a fixed script' } });
      }
      if (req.method === 'POST' && url.pathname === '/__script') {
        const body = JSON.parse(await readBody(req));
        script = { id: String(body.id), steps: Array.isArray(body.steps) ? body.steps : [] };
        cursor = 0;
        agentRequests = 0;
        callIds = [];
        return sendJson(res, 200, { ok: true, id: script.id });
      }
      if (req.method === 'GET' && url.pathname === '/__requests') {
        return sendJson(res, 200, requests.filter((r) => r.script === url.searchParams.get('script')));
      }
      if (req.method === 'POST' && url.pathname.endsWith('/chat/completions')) {
        const body = JSON.parse(await readBody(req));
        const messages = Array.isArray(body.messages) ? body.messages : [];
        const tools = Array.isArray(body.tools) ? body.tools : [];
        const entry = { seq: seq++, script: script.id, time: new Date().toISOString(), agent: tools.length > 0, body };
        let answer;
        if (!entry.agent) {
          answer = { text: 'Working on it' };
        } else if (options.player) {
          answer = playerAnswer(options.player, messages, tools.map((t) => t?.function?.name));
        } else if (++agentRequests > MAX_AGENT_REQUESTS_PER_SCRIPT) {
          answer = { text: `Stopped: more than ${MAX_AGENT_REQUESTS_PER_SCRIPT} agent requests under script ${script.id}.` };
        } else if (cursor < script.steps.length) {
          const step = script.steps[cursor++];
          try {
            const history = { callIds, byId: toolResultsById(messages) };
            answer = step.tool_calls
              ? { tool_calls: step.tool_calls.map((c) => ({ name: c.name, arguments: resolveArguments(c.arguments ?? {}, latestToolResults(messages), history) })) }
              : { text: String(step.text ?? '') };
            if (answer.tool_calls) callIds.push(...answer.tool_calls.map((_, index) => callIdOf(entry.seq, index)));
          } catch (error) {
            // A script that cannot compute its next call ends the turn, visibly, in the log.
            answer = { text: `Script error: ${error.message}` };
          }
        } else {
          answer = { text: 'Done.' };
        }
        entry.answer = answer;
        if (!options.player) requests.push(entry);
        if (options.logFile) appendFileSync(options.logFile, `${JSON.stringify(entry)}\n`);
        log(`[model] #${entry.seq} script=${script.id} ${entry.agent ? `agent (${tools.length} tools)` : 'utility'} -> ${answer.tool_calls ? answer.tool_calls.map((c) => c.name).join(',') : JSON.stringify(answer.text).slice(0, 60)}`);
        return streamAnswer(res, answer, entry.seq);
      }
      log(`[model] unexpected ${req.method} ${req.url}`);
      return sendJson(res, 404, { error: { message: `no such endpoint: ${req.method} ${url.pathname}` } });
    } catch (error) {
      log(`[model] error: ${error.message}`);
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error.message) } });
      else res.end();
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve(undefined)); }),
  };
}

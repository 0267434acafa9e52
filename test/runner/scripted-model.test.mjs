// The scripted model's protocol over a real socket: the script is played one agent request at
// a time, arguments are computed from the tool results the request carries, utility requests
// consume nothing, and every request is logged. Run by `npm run test:unit`.

import assert from 'node:assert/strict';
import { startScriptedModel, turnCalls } from './scripted-model.mjs';

/** Posts a chat request and returns the concatenated SSE deltas. */
async function complete(url, body) {
  const response = await fetch(`${url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ stream: true, ...body }) });
  const events = (await response.text()).split('\n\n').filter((e) => e.startsWith('data: ') && e !== 'data: [DONE]').map((e) => JSON.parse(e.slice(6)));
  const deltas = events.flatMap((e) => e.choices.map((c) => ({ ...c.delta, finish: c.finish_reason })));
  return {
    text: deltas.map((d) => d.content ?? '').join(''),
    calls: deltas.flatMap((d) => d.tool_calls ?? []).map((c) => ({ name: c.function.name, args: JSON.parse(c.function.arguments) })),
    finish: deltas.map((d) => d.finish).filter(Boolean),
  };
}

describe('scripted model server', () => {
  let model;
  before(async () => { model = await startScriptedModel(); });
  after(async () => { await model.close(); });

  it('plays the script per agent request, resolves $from against the latest tool result, and logs each request', async () => {
    await fetch(`${model.url}/__script`, { method: 'POST', body: JSON.stringify({ id: 's1', steps: [
      { tool_calls: [{ name: 'safe_read_file', arguments: { path: 'a.c' } }] },
      { tool_calls: [{ name: 'write_file', arguments: { path: 'a.c', content: '}', base_sha256: { $from: 'sha256' } } }] },
      { text: 'finished' },
    ] }) });
    const tools = [{ type: 'function', function: { name: 'safe_read_file', parameters: {} } }];
    const utility = await complete(model.url, { messages: [{ role: 'user', content: 'title?' }] });
    assert.equal(utility.calls.length, 0);
    const first = await complete(model.url, { tools, messages: [{ role: 'user', content: 'go' }] });
    assert.deepEqual(first.calls, [{ name: 'safe_read_file', args: { path: 'a.c' } }]);
    assert.deepEqual(first.finish, ['tool_calls']);
    const second = await complete(model.url, { tools, messages: [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [] },
      { role: 'tool', tool_call_id: 'x', content: [{ type: 'text', text: JSON.stringify({ success: true, sha256: 'abc' }) }] },
    ] });
    assert.deepEqual(second.calls, [{ name: 'write_file', args: { path: 'a.c', content: '}', base_sha256: 'abc' } }]);
    const third = await complete(model.url, { tools, messages: [{ role: 'user', content: 'go' }] });
    assert.equal(third.text, 'finished');
    assert.equal((await complete(model.url, { tools, messages: [] })).text, 'Done.');
    const logged = await (await fetch(`${model.url}/__requests?script=s1`)).json();
    assert.deepEqual(logged.map((r) => r.agent), [false, true, true, true, true]);
  });

  it('resolves {$from, call: n} against the result of the script\'s n-th call, anywhere in the conversation', async () => {
    await fetch(`${model.url}/__script`, { method: 'POST', body: JSON.stringify({ id: 's3', steps: [
      { tool_calls: [{ name: 'safe_read_file', arguments: { path: 'a' } }] },
      { tool_calls: [{ name: 'safe_read_file', arguments: { path: 'b' } }] },
      { tool_calls: [{ name: 'write_file', arguments: { base_sha256: { $from: 'sha256', call: 0 } } }] },
    ] }) });
    const tools = [{ type: 'function', function: { name: 'safe_read_file' } }];
    const readA = await fetch(`${model.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ tools, messages: [{ role: 'user', content: 'go' }] }) });
    const idA = JSON.parse((await readA.text()).split('\n\n')[0].slice(6)).choices[0].delta.tool_calls[0].id;
    const history = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: idA }] },
      { role: 'tool', tool_call_id: idA, content: JSON.stringify({ sha256: 'sha-of-a' }) },
    ];
    await complete(model.url, { tools, messages: history });
    const write = await complete(model.url, { tools, messages: [...history, { role: 'assistant', content: null }, { role: 'tool', tool_call_id: 'other', content: JSON.stringify({ sha256: 'sha-of-b' }) }] });
    assert.deepEqual(write.calls, [{ name: 'write_file', args: { base_sha256: 'sha-of-a' } }]);
  });

  it('ends the turn with a visible script error when a $from field is missing', async () => {
    await fetch(`${model.url}/__script`, { method: 'POST', body: JSON.stringify({ id: 's2', steps: [
      { tool_calls: [{ name: 'write_file', arguments: { base_sha256: { $from: 'sha256' } } }] },
    ] }) });
    const answer = await complete(model.url, { tools: [{ type: 'function', function: { name: 'write_file' } }], messages: [{ role: 'user', content: 'go' }] });
    assert.equal(answer.calls.length, 0);
    assert.match(answer.text, /^Script error: .*sha256/);
  });

  it('turnCalls: the calls after the last user message, each with its arguments and parsed result', () => {
    const call = (id, name, args) => ({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
    const calls = turnCalls([
      { role: 'user', content: 'first prompt' },
      call('a', 'safe_read_file', { path: 'old' }),
      { role: 'tool', tool_call_id: 'a', content: '{"success":true}' },
      { role: 'assistant', content: 'done' },
      { role: 'user', content: 'second prompt' },
      call('b', 'safe_read_file', { path: 'x' }),
      { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: '{"sha256":"s"}' }] },
      call('c', 'write_file', { path: 'x' }),
      { role: 'tool', tool_call_id: 'c', content: 'not json' },
    ]);
    assert.deepEqual(calls.map((c) => [c.id, c.name, c.arguments.path, c.result]), [['b', 'safe_read_file', 'x', { sha256: 's' }], ['c', 'write_file', 'x', undefined]]);
    assert.equal(calls[1].text, 'not json');
  });

  it('with a player: answers from the conversation, turns its errors into text, and has no control endpoints', async () => {
    const player = (messages) => {
      const done = turnCalls(messages);
      if (done.length === 0) return { tool_calls: [{ name: 'safe_read_file', arguments: { path: 'a' } }] };
      if (done[0].result?.boom) throw new Error('no sha256');
      return { text: `read ${done[0].result.sha256}` };
    };
    const played = await startScriptedModel({ player });
    try {
      const tools = [{ type: 'function', function: { name: 'safe_read_file' } }];
      const first = await complete(played.url, { tools, messages: [{ role: 'user', content: 'go' }] });
      assert.deepEqual(first.calls, [{ name: 'safe_read_file', args: { path: 'a' } }]);
      const answered = (result) => [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'k', function: { name: 'safe_read_file', arguments: '{"path":"a"}' } }] },
        { role: 'tool', tool_call_id: 'k', content: JSON.stringify(result) },
      ];
      assert.equal((await complete(played.url, { tools, messages: answered({ sha256: 'abc' }) })).text, 'read abc');
      assert.equal((await complete(played.url, { tools, messages: answered({ boom: true }) })).text, 'Script error: no sha256');
      assert.equal((await fetch(`${played.url}/__script`, { method: 'POST', body: '{}' })).status, 404);
      assert.equal((await fetch(`${played.url}/__requests?script=none`)).status, 404);
    } finally {
      await played.close();
    }
  });
});

// The Demo agent's script over simulated conversations shaped like Copilot's (earlier turns
// kept, the new prompt last): which call comes next, the arguments it computes from earlier
// results, the rollbacks that keep the demo files intact, and the closing message. The same
// script through the real tools and Copilot's loop is checked by scripts/check-start.mjs.
// Run by `npm run test:unit`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEMO_COMMENT, STALE_DIFF, demoAnswer, usageCheckBlock } from './script.mjs';

const CALC_TEXT = readFileSync(new URL('../../demo/calculate.c', import.meta.url), 'utf8');

/** What the tools answer by default: the incidents refused as they are in the product. */
function toolsAsShipped(call) {
  const { name, arguments: args } = call;
  if (name === 'safe_read_file') return { success: true, path: args.path, sha256: `sha-${args.path}-0`, content: args.path === 'calculate.c' ? CALC_TEXT : 'x\n' };
  if (name === 'write_file') return { success: false, error_type: 'SIZE_REDUCTION_BLOCKED', message: 'Refused.' };
  if (name === 'edit_lines' && args.start_line !== 1) return { success: false, error_type: 'DUPLICATE_CONTENT', message: 'Refused.' };
  if (name === 'safe_patch') return { success: false, error_type: 'INVALID_PATCH', message: 'No match.' };
  if (name === 'edit_lines') return { success: true, path: args.path, sha256: 'sha-edited', backup_id: 'b-edit' };
  if (name === 'rollback_file') return { success: true, path: args.path, sha256: `sha-${args.path}-0`, backup_id: 'b-rollback' };
  throw new Error(`unexpected call ${name}`);
}

/**
 * Plays one turn: asks the script, answers its calls with `tools`, until it answers with
 * text. `messages` carries the conversation so far (earlier turns) and is extended in place.
 */
function playTurn(messages, prompt, tools = toolsAsShipped) {
  messages.push({ role: 'user', content: prompt });
  const calls = [];
  for (let i = 0; i < 30; i++) {
    const answer = demoAnswer(messages);
    if (!answer.tool_calls) {
      messages.push({ role: 'assistant', content: answer.text });
      return { calls, text: answer.text };
    }
    assert.equal(answer.tool_calls.length, 1, 'one call per request, so each answer can steer the next');
    const [call] = answer.tool_calls;
    const id = `call_${messages.length}`;
    calls.push({ ...call, result: tools(call) });
    messages.push({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } }] });
    messages.push({ role: 'tool', tool_call_id: id, content: [{ type: 'text', text: JSON.stringify(calls.at(-1).result) }] });
  }
  throw new Error('the script never ended the turn');
}

describe('Demo agent script (npm start)', () => {
  it('replays the incidents with arguments computed from the earlier results, then rolls back the edit that landed', () => {
    const turn = playTurn([{ role: 'system', content: 'You are…' }], 'show me');
    assert.deepEqual(turn.calls.map((c) => c.name), ['safe_read_file', 'write_file', 'edit_lines', 'safe_read_file', 'safe_patch', 'safe_patch', 'edit_lines', 'rollback_file']);
    const [, wipe, duplicate, , patch1, patch2, edit, rollback] = turn.calls;
    assert.deepEqual(wipe.arguments, { path: 'calculate.c', content: '}\n', base_sha256: 'sha-calculate.c-0' });
    assert.equal(duplicate.arguments.base_sha256, 'sha-calculate.c-0');
    assert.deepEqual(duplicate.arguments.new_lines, ['    if (argc != 2) {', '        fprintf(stderr, "usage: %s \\"5 + 3\\"\\n", argv[0]);', '        return 1;', '    }']);
    assert.equal(duplicate.arguments.start_line, 145, 'right below the existing block (lines 141-144)');
    assert.deepEqual(patch1.arguments, { path: 'stats.py', base_sha256: 'sha-stats.py-0', unified_diff: STALE_DIFF });
    assert.deepEqual(patch2.arguments, patch1.arguments, 'the same diff again, as in the incident');
    assert.deepEqual(edit.arguments.new_lines, [DEMO_COMMENT]);
    assert.deepEqual(rollback.arguments, { path: 'calculate.c', backup_id: 'b-edit' });
    assert.match(turn.text, /write of `}` over calculate\.c \(3490 bytes\): \*\*refused\*\*.*\(`SIZE_REDUCTION_BLOCKED`\)\. Nothing was written\./);
    assert.match(turn.text, /inserted a second time: \*\*refused\*\* as a duplicate.*\(`DUPLICATE_CONTENT`\)/);
    assert.match(turn.text, /invalid diff for stats\.py: not applied.*\(`INVALID_PATCH`\)/);
    assert.match(turn.text, /`rollback_file` restored it/);
    assert.match(turn.text, /Open Dashboard/);
  });

  it('the second answer of the repeated diff is reported as the switch to write_file', () => {
    let patches = 0;
    const turn = playTurn([], 'go', (call) => (call.name === 'safe_patch' && ++patches === 2
      ? { success: false, error_type: 'INVALID_PATCH_LIMIT_EXCEEDED', message: 'use write_file' }
      : toolsAsShipped(call)));
    assert.match(turn.text, /The same diff again: not applied, .*use `write_file` \(`INVALID_PATCH_LIMIT_EXCEEDED`\)/);
  });

  it('a second prompt replays from the start, on the files as they are then', () => {
    const messages = [];
    playTurn(messages, 'first');
    let reads = 0;
    const second = playTurn(messages, 'again', (call) => (call.name === 'safe_read_file' && call.arguments.path === 'calculate.c'
      ? { ...toolsAsShipped(call), sha256: `changed-${++reads}` }
      : toolsAsShipped(call)));
    assert.equal(second.calls.length, 8);
    assert.equal(second.calls[1].arguments.base_sha256, 'changed-1', 'the sha256 read in this turn, not the first turn\'s');
  });

  it('a step meant to be refused that lands anyway is rolled back at once by its backup', () => {
    const turn = playTurn([], 'go', (call) => (call.name === 'write_file'
      ? { success: true, path: 'calculate.c', sha256: 'sha-wiped', backup_id: 'b-wipe' }
      : toolsAsShipped(call)));
    assert.deepEqual(turn.calls[2], { name: 'rollback_file', arguments: { path: 'calculate.c', backup_id: 'b-wipe' }, result: turn.calls[2].result });
    assert.equal(turn.calls[3].arguments.base_sha256, 'sha-calculate.c-0', 'the next edit names the restored version');
    assert.match(turn.text, /\*\*landed\*\* .*, and was rolled back at once/);
  });

  it('skips the duplicate insert when the file has no usage check, and never rolls back an edit that did not land', () => {
    const turn = playTurn([], 'go', (call) => {
      if (call.name === 'safe_read_file' && call.arguments.path === 'calculate.c') return { ...toolsAsShipped(call), content: 'int main(void) { return 0; }\n' };
      if (call.name === 'edit_lines') return { success: false, error_type: 'HASH_MISMATCH', message: 'The file changed.' };
      return toolsAsShipped(call);
    });
    assert.deepEqual(turn.calls.map((c) => c.name), ['safe_read_file', 'write_file', 'safe_read_file', 'safe_patch', 'safe_patch', 'edit_lines']);
    assert.match(turn.text, /inserted a second time: skipped/);
    assert.match(turn.text, /meant to land on calculate\.c: answered `HASH_MISMATCH`/);
  });

  it('ends with an explanation, and no edit, when calculate.c cannot be read', () => {
    const turn = playTurn([], 'go', () => ({ success: false, error_type: 'FILE_NOT_FOUND', message: 'calculate.c does not exist.' }));
    assert.equal(turn.calls.length, 1);
    assert.match(turn.text, /could not read calculate\.c \(`FILE_NOT_FOUND`/);
    assert.match(turn.text, /delete `\.vscode-test\/demo-workspace`/);
  });

  it('asks for Agent mode, and calls nothing, when the request does not offer the tools it needs (Ask mode)', () => {
    const answer = demoAnswer([{ role: 'user', content: 'go' }], ['read_file', 'safe_read_file']);
    assert.equal(answer.tool_calls, undefined);
    assert.match(answer.text, /does not offer `write_file`, `edit_lines`, `safe_patch`, `rollback_file`.*\*\*Agent\*\*/);
  });

  it('finds the usage check block in CRLF text too, and nothing in a file without one', () => {
    assert.deepEqual(usageCheckBlock(CALC_TEXT.replace(/\n/g, '\r\n'))?.after, 145);
    assert.equal(usageCheckBlock('int main(void) {}\n'), undefined);
  });
});

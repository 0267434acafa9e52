import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { consentSuite, freshDir, writeBytes } from '../integration/helpers';
import { runAgentTurn } from './agent';

// Incidents the scenario files do not cover, played through Copilot's agent loop.
describe('real client: a stale base_sha256 and "5 + 3" as one argument', () => {
  const ext = consentSuite();

  it('a stale base_sha256 is answered with the latest state, and the retry with its sha256 lands', async () => {
    const d = freshDir('client-stale');
    const rel = `${d.rel}/list.txt`;
    writeBytes(path.join(d.abs, 'list.txt'), 'a\nb\nc\n');
    const insertTop = (base: unknown) => ({ name: 'edit_lines', arguments: { path: rel, base_sha256: base, mode: 'insert', start_line: 1, new_lines: ['top'] } });
    const turn = await runAgentTurn('Edit list.txt twice', [
      { tool_calls: [{ name: 'safe_read_file', arguments: { path: rel } }] },
      { tool_calls: [{ name: 'replace_in_file', arguments: { path: rel, base_sha256: { $from: 'sha256', call: 0 }, old_text: 'b\n', new_text: 'B\n' } }] },
      // The version read by call 0 is stale now.
      { tool_calls: [insertTop({ $from: 'sha256', call: 0 })] },
      { tool_calls: [insertTop({ $from: 'latest_file_state.sha256', call: 2 })] },
      { text: 'Both edits are in.' },
    ]);
    const [, replaced, stale, retried] = turn.results;
    assert.equal(replaced?.json?.success, true, replaced?.text);
    assert.equal(stale?.json?.error_type, 'HASH_MISMATCH', stale?.text);
    assert.match(String(stale.json.latest_file_state?.diff_from_your_version ?? stale.json.latest_file_state?.content), /B/);
    assert.equal(retried?.json?.success, true, retried?.text);
    assert.equal(fs.readFileSync(path.join(d.abs, 'list.txt'), 'utf8'), 'top\na\nB\nc\n');
  });

  it('"5 + 3" reaches the calculator as one argument: execute_program passes an argv array, no shell', async () => {
    const d = freshDir('client-calc');
    const repoRoot = path.resolve(__dirname, '../../..');
    writeBytes(path.join(d.abs, 'calculate.c'), fs.readFileSync(path.join(repoRoot, 'demo/calculate.c')));
    // Compiling names a workspace file as an argument, which the tool may ask about in a modal.
    ext().services.setConsentAnswerForTests('allow');
    const turn = await runAgentTurn('Build and run the calculator on 5 + 3', [
      { tool_calls: [{ name: 'execute_program', arguments: { program: 'cc', args: ['-O0', '-o', 'calc', 'calculate.c', '-lm'], cwd: d.rel } }] },
      { tool_calls: [{ name: 'execute_program', arguments: { program: path.join(d.abs, 'calc'), args: ['5 + 3'], cwd: d.rel } }] },
      { text: 'It prints 8.' },
    ], { confirm: 'allow' });
    const [build, run] = turn.results;
    assert.equal(build?.json?.exit_code, 0, build?.text);
    assert.equal(run?.json?.exit_code, 0, run?.text);
    assert.equal(String(run.json.stdout).trim(), '8', run.text);
  });
});

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { copilot } from '../../../src/hooks/agents/copilot';
import { REPO } from '../headless/harness';

// Payloads Copilot Chat 0.67.0 (code-server 4.139.1, VS Code 1.139.1) really sent to a workspace
// hook (.github/hooks), captured by test/client/copilot-hooks.test.ts; the workspace path is
// __ROOT__. Unlike the reconstructed fixtures beside them they are snake_case (hook_event_name,
// session_id), carry tool_use_id as "<model call id>__vscode-<n>", cwd last, and PostToolUse adds
// tool_response.
const DIR = path.join(REPO, 'test', 'fixtures', 'hooks', 'copilot');
const ROOT = '/work/some root';

function captured(name: string): Record<string, any> {
  return JSON.parse(fs.readFileSync(path.join(DIR, `captured-${name}.json`), 'utf8').split('__ROOT__').join(ROOT));
}

describe('copilot hook payloads as Copilot Chat sends them (captured)', () => {
  for (const [name, tool, kind] of [['edit', 'replace_string_in_file', 'edit'], ['write', 'create_file', 'write']] as const) {
    it(`${tool}: the pre and post events read as one ${kind} call of the file it names, in the chat session's turn`, () => {
      const pre = captured(`${name}.pre`);
      const post = captured(`${name}.post`);
      const calls = [pre, post].map((p) => {
        const parsed = copilot.parse(p, p.cwd);
        assert.ok(parsed.ok, JSON.stringify(parsed));
        return parsed.call;
      });
      assert.deepEqual(calls.map((c) => c.event), ['pre', 'post']);
      for (const [i, call] of calls.entries()) {
        const p = [pre, post][i];
        assert.equal(call.agent, 'copilot');
        assert.equal(call.tool, tool);
        assert.equal(call.kind, kind);
        assert.deepEqual(call.paths, [p.tool_input.filePath]);
        assert.ok(call.paths[0].startsWith(`${ROOT}/`));
        assert.equal(call.sessionId, p.session_id);
        assert.equal(call.callId, p.tool_use_id);
      }
      assert.equal(calls[0].callId, calls[1].callId, 'the post event ties to its pre event');
      assert.equal(calls[0].sessionId, calls[1].sessionId);
    });
  }
});

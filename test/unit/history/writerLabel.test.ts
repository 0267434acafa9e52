import { strict as assert } from 'node:assert';
import { MAX_WRITER_LABEL, writerLabel } from '../../../src/history/writerLabel';

describe('history/writerLabel', () => {
  it("names our own tool's edit by the tool (no writer)", () => {
    assert.equal(writerLabel({ tool: 'replace_in_file' }), 'replace_in_file');
  });

  it('names a program execute_program ran by its command line, quoting what a shell would need quoted', () => {
    assert.equal(writerLabel({ tool: 'execute_program', writer: { kind: 'execute_program', argv: ['node', 'gen.js'] } }), 'execute_program: node gen.js');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'execute_program', argv: ['sed', '-i', 's/a b/c/', 'f.txt'] } }), 'execute_program: sed -i "s/a b/c/" f.txt');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'execute_program', argv: ['echo', ''] } }), 'execute_program: echo ""');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'execute_program' } }), 'execute_program');
  });

  it("names an agent's own tool as the agent and the tool", () => {
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'agent_tool', name: 'copilot:replace_string_in_file' } }), 'Copilot: replace_string_in_file');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'agent_tool', name: 'claude-code:Edit' } }), 'Claude Code: Edit');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'agent_tool', name: 'someagent:write' } }), 'someagent: write');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'agent_tool', name: 'plainname' } }), 'plainname');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'agent_tool' } }), "an agent's own tool");
  });

  it('names a writer seen only by its effect "outside the tools", with its name where known', () => {
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'outside' } }), 'outside the tools');
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'outside', name: 'task: build' } }), 'outside the tools (task: build)');
  });

  it('a writer kind from a newer journal is shown by its name, not dropped', () => {
    assert.equal(writerLabel({ tool: 'x', writer: { kind: 'hook' as never, name: 'pre-commit' } }), 'pre-commit');
  });

  it('is bounded however long the command line (a huge argv is not walked to its end)', () => {
    const argv = ['prog', ...Array.from({ length: 100_000 }, (_, i) => `arg${i}`)];
    const label = writerLabel({ tool: 'x', writer: { kind: 'execute_program', argv } });
    assert.equal(label.length, MAX_WRITER_LABEL);
    assert.ok(label.startsWith('execute_program: prog arg0 arg1'));
    assert.ok(label.endsWith('…'));
    const oneHugeArg = writerLabel({ tool: 'x', writer: { kind: 'execute_program', argv: ['p', 'a b'.repeat(1_000_000)] } });
    assert.equal(oneHugeArg.length, MAX_WRITER_LABEL);
  });
});

describe('writerLabel: the user', () => {
  it('the user\'s own recorded change is labelled as theirs, not as "another writer"', () => {
    assert.equal(writerLabel({ tool: 'user', writer: { kind: 'user' } }), 'you (your own change)');
  });
});

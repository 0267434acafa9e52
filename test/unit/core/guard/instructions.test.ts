import assert from 'node:assert/strict';
import { parse } from 'yaml';
import {
  AGENT_INSTRUCTIONS_PATH,
  CUSTOM_AGENT_PATH,
  SAFE_EDIT_TOOL_NAMES,
  agentInstructionsMarkdown,
  customAgentMarkdown,
} from '../../../../src/core/instructions';
import { TOOL_INPUT_SHAPES } from '../../../../src/core/guard';

/** Splits "---\nyaml\n---\nbody" into the parsed header and the body; fails if malformed. */
function frontMatter(text: string): { header: Record<string, unknown>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  assert.ok(m, 'front matter delimited by --- lines at the very start');
  return { header: parse(m[1] ?? '') as Record<string, unknown>, body: m[2] ?? '' };
}

describe('instructions templates (item 7)', () => {
  it('agent instructions: valid front matter with applyTo "**" and the documented path', () => {
    const { header } = frontMatter(agentInstructionsMarkdown());
    assert.equal(header.applyTo, '**');
    assert.equal(typeof header.description, 'string');
    assert.equal(AGENT_INSTRUCTIONS_PATH, '.github/instructions/agent-safe-edit.instructions.md');
    assert.ok(agentInstructionsMarkdown().endsWith('\n'));
  });

  it('agent instructions teach each required practice', () => {
    const { body } = frontMatter(agentInstructionsMarkdown());
    const mustSay: Array<[string, RegExp]> = [
      ['read before insert / check duplicates', /check that the code is not already there/],
      ['duplicates flag', /check_duplicates/],
      ['validate after each edit', /Validate after each edit/],
      ['execute_program with argv array', /execute_program takes `program` and an `args` array/],
      ['no shell quoting', /no shell, no quoting/],
      ['care with big shrinks', /allow_size_reduce/],
      ['rollback for recovery', /rollback_file restores/],
      ['safe_patch → write_file', /stop using safe_patch for that file[\s\S]*write_file/],
      ['content+sha256 from the conversation', /content and sha256 you already have in the conversation/],
      ['read only when absent or stale', /only when the file is not in the conversation yet, or when it is stale/],
      ['check the excerpt', /Check the excerpt/],
      ['loop menu', /EDIT_FAILURE_LOOP: do not re-read the file and retry the same edit/],
    ];
    for (const [what, re] of mustSay) assert.match(body, re, what);
    for (const tool of SAFE_EDIT_TOOL_NAMES) assert.ok(body.includes(tool), `mentions ${tool}`);
  });

  it('custom agent: front matter lists every tool of the contract plus search, with a description', () => {
    const { header, body } = frontMatter(customAgentMarkdown());
    assert.equal(CUSTOM_AGENT_PATH, '.github/agents/safe-edit.agent.md');
    assert.equal(typeof header.description, 'string');
    assert.equal(header.name, 'Safe Edit');
    assert.deepEqual(header.tools, [...SAFE_EDIT_TOOL_NAMES, 'search']);
    assert.deepEqual([...SAFE_EDIT_TOOL_NAMES].sort(), Object.keys(TOOL_INPUT_SHAPES).sort());
    assert.match(body, /only the Agent Safe Edit tools/);
    assert.match(body, /INVALID_PATCH_LIMIT_EXCEEDED, switch that file to write_file/);
  });

  it('custom agent: custom tool names are quoted safely in YAML', () => {
    const { header } = frontMatter(customAgentMarkdown({ tools: ["ext.id/safe_read_file", "it's"] }));
    assert.deepEqual(header.tools, ['ext.id/safe_read_file', "it's"]);
  });
});

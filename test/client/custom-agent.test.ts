import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, workspaceRoot } from '../integration/helpers';
import { runAgentTurn } from './agent';

/** Copilot's own tools that change files: the ways around our guards. */
const COPILOT_FILE_EDITING_TOOLS = ['replace_string_in_file', 'multi_replace_string_in_file', 'apply_patch', 'create_file', 'insert_edit_into_file', 'edit_notebook_file', 'create_directory', 'run_in_terminal'];
const OUR_EDITING_TOOLS = ['safe_read_file', 'safe_patch', 'replace_in_file', 'edit_lines', 'write_file', 'patch_html', 'rollback_file', 'list_backups', 'execute_program'];

// The custom agent that "Add Agent Instructions to Workspace" writes, chosen in the chat:
// what the model is offered is read from the request it received.
describe('real client: the "Safe Edit" custom agent', () => {
  before(async () => {
    await activateExtension();
  });
  afterEach(closeAllEditors);

  it('offers the model our editing tools and none of Copilot\'s file-editing tools', async () => {
    await vscode.commands.executeCommand('agentSafeEdit.addAgentInstructions', { overwrite: true });
    assert.ok(fs.existsSync(path.join(workspaceRoot(), '.github/agents/safe-edit.agent.md')));
    // VS Code discovers agent files by watching the folder: wait until a turn runs in it.
    let offered: string[] = [];
    const deadline = Date.now() + 30_000;
    for (;;) {
      const turn = await runAgentTurn('What can you do?', [{ text: 'I edit files safely.' }], { mode: 'Safe Edit' });
      offered = (turn.requests[0]?.body.tools ?? []).map((t) => t.function.name);
      if (offered.length > 0 && !offered.includes('replace_string_in_file')) break;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    for (const tool of OUR_EDITING_TOOLS) assert.ok(offered.includes(tool), `${tool} is not offered in the Safe Edit agent: ${offered.join(', ')}`);
    const bypass = COPILOT_FILE_EDITING_TOOLS.filter((t) => offered.includes(t));
    assert.deepEqual(bypass, [], `the Safe Edit agent still offers Copilot's file-editing tools: ${offered.join(', ')}`);
  });
});

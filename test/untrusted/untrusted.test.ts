import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, invoke, workspaceRoot } from '../integration/helpers';

describe('untrusted workspace (Workspace Trust)', () => {
  before(activateExtension);

  it('the window really is untrusted', () => {
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('execute_program refuses with WORKSPACE_UNTRUSTED and runs nothing', async () => {
    const marker = path.join(workspaceRoot(), 'ran.txt');
    const r = await invoke('execute_program', { program: 'sh', args: ['-c', `echo ran > '${marker}'`] });
    assert.equal(r.success, false);
    assert.equal(r.error_type, 'WORKSPACE_UNTRUSTED', JSON.stringify(r));
    assert.match(r.message, /trust/i);
    assert.equal(fs.existsSync(marker), false);
  });

  it('the file tools stay available (safe_read_file works)', async () => {
    const r = await invoke('safe_read_file', { path: 'README.md' });
    assert.equal(r.success, true, JSON.stringify(r));
  });
});

import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

/** Issue 19, item 3, in a trusted window: a workspace value counts, but never past its clamp. */
describe('workspace settings in a trusted window are clamped', () => {
  const config = () => vscode.workspace.getConfiguration('safeEdit');
  before(activateExtension);
  afterEach(async () => {
    for (const key of ['writeGuard.maxShrinkPercent', 'protectedFiles']) {
      await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    }
    await closeAllEditors();
  });

  it('writeGuard.maxShrinkPercent 100 counts as 95: shrinking a file to 1 byte is still blocked', async () => {
    assert.equal(vscode.workspace.isTrusted, true);
    await config().update('writeGuard.maxShrinkPercent', 100, vscode.ConfigurationTarget.Workspace);
    assert.equal(config().inspect('writeGuard.maxShrinkPercent')?.workspaceValue, 100);
    const d = freshDir('clamp-shrink');
    writeBytes(path.join(d.abs, 'big.txt'), 'line of text\n'.repeat(400));
    const r0 = await invoke('safe_read_file', { path: `${d.rel}/big.txt` });
    const r = await invoke('write_file', { path: `${d.rel}/big.txt`, content: '}', base_sha256: r0.sha256 });
    assert.equal(r.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(r));
    assert.equal(fs.statSync(path.join(d.abs, 'big.txt')).size, 13 * 400);
  });

  it('a protectedFiles value of the wrong type breaks no tool call', async () => {
    await config().update('protectedFiles', 'secrets/**', vscode.ConfigurationTarget.Workspace);
    assert.equal(config().inspect('protectedFiles')?.workspaceValue, 'secrets/**');
    const d = freshDir('wrong-type');
    const w = await invoke('write_file', { path: `${d.rel}/a.txt`, content: 'hello\n' });
    assert.equal(w.success, true, JSON.stringify(w));
  });
});

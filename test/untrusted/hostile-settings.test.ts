import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from '../integration/helpers';

/**
 * Issue 19, item 3: this window's folder carries test/fixtures/hostile-workspace-settings.json
 * as its .vscode/settings.json (loosening values and values of the wrong type). Untrusted,
 * none of it may weaken a guard, and none of it may break activation.
 */
describe('a hostile .vscode/settings.json in an untrusted window', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('the hostile settings really are in the workspace', () => {
    const c = vscode.workspace.getConfiguration('safeEdit');
    assert.equal(c.inspect('writeGuard.maxShrinkPercent')?.workspaceValue, 100);
    assert.equal(c.inspect('protectedFiles')?.workspaceValue, 'secrets/**');
  });

  it('values of the wrong type do not break activation: every tool is registered', () => {
    const names = new Set(vscode.lm.tools.map((t) => t.name));
    for (const tool of ['safe_read_file', 'safe_patch', 'replace_in_file', 'edit_lines', 'write_file', 'rollback_file', 'list_backups', 'patch_html', 'execute_program']) {
      assert.ok(names.has(tool), `${tool} is not registered`);
    }
  });

  it('writeGuard.maxShrinkPercent 100 is ignored: shrinking a file to 1 byte is still blocked', async () => {
    const d = freshDir('shrink');
    writeBytes(path.join(d.abs, 'big.txt'), 'line of text\n'.repeat(400));
    const r0 = await invoke('safe_read_file', { path: `${d.rel}/big.txt` });
    const r = await invoke('write_file', { path: `${d.rel}/big.txt`, content: '}', base_sha256: r0.sha256 });
    assert.equal(r.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(r));
    assert.equal(fs.readFileSync(path.join(d.abs, 'big.txt'), 'utf8').length, 13 * 400);
  });

  it('validation.mode "off" is ignored: a syntax error is still refused', async () => {
    const d = freshDir('validation');
    writeBytes(path.join(d.abs, 'data.json'), '{"a": 1}\n');
    const r0 = await invoke('safe_read_file', { path: `${d.rel}/data.json` });
    const r = await invoke('write_file', { path: `${d.rel}/data.json`, content: '{"a": 1,,\n', base_sha256: r0.sha256 });
    assert.equal(r.error_type, 'VALIDATION_FAILED', JSON.stringify(r));
    assert.equal(fs.readFileSync(path.join(d.abs, 'data.json'), 'utf8'), '{"a": 1}\n');
  });

  it('maxFileSizeMB 512 is ignored: an 11 MB file is still too large', async () => {
    const d = freshDir('large');
    writeBytes(path.join(d.abs, 'huge.txt'), Buffer.alloc(11 * 1024 * 1024, 'a'));
    const r = await invoke('safe_read_file', { path: `${d.rel}/huge.txt` });
    assert.equal(r.error_type, 'TOO_LARGE', JSON.stringify(r).slice(0, 300));
  });

  it('backups.maxTotalMB 0 and maxEntriesPerFile 1 are ignored: every version stays restorable', async () => {
    const d = freshDir('retention');
    const rel = `${d.rel}/notes.txt`;
    writeBytes(path.join(d.abs, 'notes.txt'), 'v0\n');
    let sha = (await invoke('safe_read_file', { path: rel })).sha256;
    for (const v of ['v1\n', 'v2\n', 'v3\n']) {
      const w = await invoke('write_file', { path: rel, content: v, base_sha256: sha, allow_size_reduce: true });
      assert.equal(w.success, true, JSON.stringify(w));
      sha = w.sha256;
    }
    const list = await invoke('list_backups', { path: rel });
    assert.equal(list.success, true, JSON.stringify(list));
    assert.ok(list.backups.length >= 3, JSON.stringify(list));
  });
});


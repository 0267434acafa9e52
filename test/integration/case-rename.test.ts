// Case-only renames through vscode.lm.invokeTool in a real VS Code, on a real case-insensitive
// folder: an NTFS image mounted by ntfs-3g with ignore_case inside the workspace (it lists
// every name in lower case). Delete + Add and Move to of readme.md → README.md rename the one
// file (VS Code's own rename on Linux would delete it or refuse), and the rollback puts it back.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CaseInsensitiveMount, mountCaseInsensitive } from '../support/case-insensitive-mount';
import { consentSuite, invoke, sha256, workspaceRoot } from './helpers';

describe('case-only renames on a case-insensitive mount (VS Code host)', function () {
  this.timeout(60000);
  consentSuite();
  let mount: CaseInsensitiveMount | undefined;
  const REL = 'ci-mount';
  before(function () {
    mount = mountCaseInsensitive(this, path.join(workspaceRoot(), REL));
  });
  after(() => mount?.unmount());

  const abs = (name: string) => path.join(workspaceRoot(), REL, name);
  const rel = (name: string) => `${REL}/${name}`;
  const listed = () => fs.readdirSync(path.join(workspaceRoot(), REL)).filter((n) => !n.startsWith('$')).sort();

  it('Delete readme.md + Add README.md with a new text renames the file (not a delete); the group rollback puts name and text back', async () => {
    fs.writeFileSync(abs('readme.md'), 'hello\n');
    const patch = `*** Begin Patch\n*** Delete File: ${rel('readme.md')}\n*** Add File: ${rel('README.md')}\n+hello there\n*** End Patch\n`;
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [rel('readme.md')]: sha256('hello\n') } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.deepEqual(listed(), ['readme.md']);
    assert.equal(fs.readFileSync(abs('README.md'), 'utf8'), 'hello there\n');
    const back = await invoke('rollback_file', { path: rel('README.md') });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(listed(), ['readme.md']);
    assert.equal(fs.readFileSync(abs('readme.md'), 'utf8'), 'hello\n');
    fs.unlinkSync(abs('readme.md'));
  });

  it('Update + Move to another case renames it with the hunk applied, and the rollback puts it back', async () => {
    fs.writeFileSync(abs('notes.md'), 'one\n');
    const patch = `*** Begin Patch\n*** Update File: ${rel('notes.md')}\n*** Move to: ${rel('NOTES.md')}\n@@\n-one\n+two\n*** End Patch\n`;
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [rel('notes.md')]: sha256('one\n') } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.deepEqual(listed(), ['notes.md']);
    assert.equal(fs.readFileSync(abs('notes.md'), 'utf8'), 'two\n');
    const back = await invoke('rollback_file', { path: rel('NOTES.md') });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(listed(), ['notes.md']);
    assert.equal(fs.readFileSync(abs('notes.md'), 'utf8'), 'one\n');
  });
});

// Moves and re-created files through vscode.lm.invokeTool in a real VS Code: an executable
// script with a UTF-8 BOM keeps both when an apply_patch moves it, when the move is rolled
// back, and when a failed multi-file change puts back a file it had deleted.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import { consentSuite, freshDir, invoke, sha256 } from './helpers';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const SCRIPT = '#!/bin/sh\necho hi\n';

function setup(label: string) {
  const d = freshDir(label);
  const abs = (name: string) => path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, d.rel, name);
  fs.writeFileSync(abs('run.sh'), Buffer.concat([BOM, Buffer.from(SCRIPT)]));
  fs.chmodSync(abs('run.sh'), 0o751);
  return { rel: (name: string) => `${d.rel}/${name}`, abs, mode: (name: string) => fs.statSync(abs(name)).mode & 0o7777 };
}

describe('moves and re-created files keep their mode and BOM (VS Code host)', () => {
  consentSuite();

  it('a Move to keeps the executable bit and the BOM, and the rollback gives both back to the old name', async () => {
    const t = setup('mvmode');
    const patch = `*** Begin Patch\n*** Update File: ${t.rel('run.sh')}\n*** Move to: ${t.rel('bin/run.sh')}\n@@\n-echo hi\n+echo hello\n*** End Patch\n`;
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('run.sh')]: sha256(SCRIPT) } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fs.existsSync(t.abs('run.sh')), false);
    assert.deepEqual(fs.readFileSync(t.abs('bin/run.sh')), Buffer.concat([BOM, Buffer.from('#!/bin/sh\necho hello\n')]));
    assert.equal(t.mode('bin/run.sh'), 0o751);
    const back = await invoke('rollback_file', { path: t.rel('bin/run.sh') });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.existsSync(t.abs('bin/run.sh')), false);
    assert.deepEqual(fs.readFileSync(t.abs('run.sh')), Buffer.concat([BOM, Buffer.from(SCRIPT)]));
    assert.equal(t.mode('run.sh'), 0o751);
  });

  it('a multi-file change that fails after deleting a file puts it back with its mode and BOM, and says nothing changed', async () => {
    const t = setup('failmode');
    fs.writeFileSync(t.abs('b.txt'), 'beta\n');
    const patch = `*** Begin Patch\n*** Delete File: ${t.rel('run.sh')}\n*** Update File: ${t.rel('b.txt')}\n@@\n-beta\n+BETA\n*** End Patch\n`;
    // the disk refuses the second file (immutable, even for root), after the first was deleted
    const chattr = (flag: string) => execFileSync('chattr', [flag, t.abs('b.txt')]);
    chattr('+i');
    let r: any;
    try {
      r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('run.sh')]: sha256(SCRIPT), [t.rel('b.txt')]: sha256('beta\n') } });
    } finally {
      chattr('-i');
    }
    assert.equal(r.success, false, JSON.stringify(r));
    assert.match(r.message, /put back; nothing was changed/);
    assert.deepEqual(fs.readFileSync(t.abs('run.sh')), Buffer.concat([BOM, Buffer.from(SCRIPT)]));
    assert.equal(t.mode('run.sh'), 0o751);
    assert.equal(fs.readFileSync(t.abs('b.txt'), 'utf8'), 'beta\n');
  });
});

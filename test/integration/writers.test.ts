import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A program that rewrites two files and creates a third, as a formatter or a generator does. */
const REWRITE = `const fs = require('fs');
fs.writeFileSync('a.txt', 'A rewritten\\n');
fs.writeFileSync('b.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('B rewritten\\r\\n')]));
fs.writeFileSync('c.txt', 'created by the program\\n');
`;

describe('other writers are recorded in the history (through the real VS Code)', () => {
  let services: any;
  const config = () => vscode.workspace.getConfiguration('safeEdit');
  before(async function () {
    this.timeout(60_000);
    services = (await activateExtension()).services;
    // The test workbench turns the recording off for the other suites (their fixtures would be
    // "outside" writes of a turn); this suite is about it. A short tail: the turns here are seconds apart.
    await config().update('writers.recordTurns', true, vscode.ConfigurationTarget.Global);
    await config().update('writers.turnTailSeconds', 5, vscode.ConfigurationTarget.Global);
    await config().update('turns.quietGapMinutes', 0.1, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('writers.recordTurns', undefined, vscode.ConfigurationTarget.Global);
    await config().update('writers.turnTailSeconds', undefined, vscode.ConfigurationTarget.Global);
    await config().update('turns.quietGapMinutes', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  it('execute_program: the files a program rewrote and created are one change that rollback_file undoes byte for byte', async function () {
    this.timeout(60_000);
    const d = freshDir('exec-writes');
    const a = { rel: `${d.rel}/a.txt`, abs: path.join(d.abs, 'a.txt'), bytes: Buffer.from('a one\na two\n') };
    const b = { rel: `${d.rel}/b.txt`, abs: path.join(d.abs, 'b.txt'), bytes: Buffer.concat([BOM, Buffer.from('b one\r\nb two\r\n')]) };
    const c = { rel: `${d.rel}/c.txt`, abs: path.join(d.abs, 'c.txt') };
    writeBytes(a.abs, a.bytes);
    writeBytes(b.abs, b.bytes);
    fs.chmodSync(b.abs, 0o640);
    writeBytes(path.join(d.abs, 'rewrite.js'), REWRITE);

    const r = await invoke('execute_program', { program: 'node', args: ['rewrite.js'], cwd: d.rel });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.deepEqual(
      [...r.files_changed].sort((x: any, y: any) => x.path.localeCompare(y.path)),
      [{ path: a.rel, change: 'modified' }, { path: b.rel, change: 'modified' }, { path: c.rel, change: 'created' }],
      JSON.stringify(r),
    );
    assert.ok(r.backup_group_id, 'several files are one group');
    const entries = services.store.listGroup(r.backup_group_id);
    assert.equal(entries.length, 3);
    for (const e of entries) assert.deepEqual(e.writer, { kind: 'execute_program', argv: ['node', 'rewrite.js'] });

    // list_backups sees the change; rollback_file of one file undoes the whole run.
    const listed = await invoke('list_backups', { path: b.rel });
    assert.equal(listed.backups[0].tool, 'execute_program', JSON.stringify(listed));
    const back = await invoke('rollback_file', { path: a.rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(a.abs), a.bytes);
    assert.deepEqual(fs.readFileSync(b.abs), b.bytes, 'BOM and CRLF come back');
    assert.equal(fs.existsSync(c.abs), false, 'the file the program created is gone');
  });

  it('a file written by a process outside VS Code during a turn is recorded as "outside" and restored by Roll Back Agent Turn', async function () {
    this.timeout(60_000);
    // Past the previous test's turn first: files written in a turn's tail would be that turn's.
    await sleep(6500);
    const d = freshDir('outside');
    const ours = { rel: `${d.rel}/ours.txt`, abs: path.join(d.abs, 'ours.txt') };
    const theirs = { rel: `${d.rel}/theirs.txt`, abs: path.join(d.abs, 'theirs.txt'), bytes: Buffer.from('their line 1\ntheir line 2\n') };
    writeBytes(ours.abs, 'ours 1\n');
    writeBytes(theirs.abs, theirs.bytes);
    // Idle: the background checkpoint that holds both files becomes the next turn's base.
    await sleep(3000);

    const read = await invoke('safe_read_file', { path: ours.rel });
    const w = await invoke('write_file', { path: ours.rel, content: 'ours 2\n', base_sha256: read.sha256 });
    assert.equal(w.success, true, JSON.stringify(w));
    execFileSync(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(theirs.abs)}, 'rewritten by another process\\n')`], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
    assert.equal(fs.readFileSync(theirs.abs, 'utf8'), 'rewritten by another process\n');

    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(r.ok, true, JSON.stringify(r));
    const recorded = services.store.list(theirs.rel).find((e: any) => e.writer?.kind === 'outside' && e.kind === 'modify');
    assert.ok(recorded, JSON.stringify(services.store.list(theirs.rel)));
    assert.deepEqual(recorded.writer, { kind: 'outside' }, JSON.stringify(recorded));
    assert.deepEqual(fs.readFileSync(theirs.abs), theirs.bytes, 'the other process\'s change is rolled back byte for byte');
    assert.equal(fs.readFileSync(ours.abs, 'utf8'), 'ours 1\n');
  });

  it('a file the user edited and saved during the turn is recorded as the user\'s', async function () {
    this.timeout(60_000);
    await sleep(6500);
    const d = freshDir('user-save');
    const ours = { rel: `${d.rel}/ours.txt`, abs: path.join(d.abs, 'ours.txt') };
    const mine = { rel: `${d.rel}/mine.txt`, abs: path.join(d.abs, 'mine.txt') };
    writeBytes(ours.abs, 'ours 1\n');
    writeBytes(mine.abs, 'my notes\n');
    await sleep(3000);

    const read = await invoke('safe_read_file', { path: ours.rel });
    const w = await invoke('write_file', { path: ours.rel, content: 'ours 2\n', base_sha256: read.sha256 });
    assert.equal(w.success, true, JSON.stringify(w));
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(mine.abs));
    await editor.edit((e) => e.insert(new vscode.Position(1, 0), 'typed by me\n'));
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.equal(fs.readFileSync(mine.abs, 'utf8'), 'my notes\ntyped by me\n');

    const settled = await services.writers.settle();
    const entry = services.store.list(mine.rel).find((e: any) => e.kind === 'modify');
    assert.ok(entry, JSON.stringify(settled));
    assert.deepEqual(entry.writer, { kind: 'user' }, JSON.stringify(entry));
    assert.equal(entry.tool, 'user');
    const ourEntry = services.store.list(ours.rel)[0];
    assert.equal(entry.turn_id, ourEntry.turn_id, 'recorded in the same turn as the agent\'s edit');

    // The agent cannot undo the user's change; the hash check sees the user's text as "changed since".
    const refused = await invoke('rollback_file', { path: mine.rel, backup_id: entry.id });
    assert.equal(refused.error_type, 'PERMISSION_DENIED', JSON.stringify(refused));
    assert.equal(fs.readFileSync(mine.abs, 'utf8'), 'my notes\ntyped by me\n');

    // Roll Back Agent Turn: the agent's file goes back, the user's stays unless picked.
    const uiToken = services.uiTokenForTests();
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual(r.restored, [ours.rel], JSON.stringify(r));
    assert.equal(r.files.find((f: any) => f.path === mine.rel)?.result, 'not_selected', JSON.stringify(r.files));
    assert.equal(fs.readFileSync(ours.abs, 'utf8'), 'ours 1\n');
    assert.equal(fs.readFileSync(mine.abs, 'utf8'), 'my notes\ntyped by me\n', 'the user\'s own change is not rolled back unless picked');
  });

  it('a file the user changed during the turn is rolled back when the user picks it', async function () {
    this.timeout(60_000);
    await sleep(6500);
    const d = freshDir('user-picks');
    const ours = { rel: `${d.rel}/ours.txt`, abs: path.join(d.abs, 'ours.txt') };
    const mine = { rel: `${d.rel}/mine.txt`, abs: path.join(d.abs, 'mine.txt') };
    writeBytes(ours.abs, 'ours 1\n');
    writeBytes(mine.abs, 'my notes\n');
    await sleep(3000);

    const read = await invoke('safe_read_file', { path: ours.rel });
    assert.equal((await invoke('write_file', { path: ours.rel, content: 'ours 2\n', base_sha256: read.sha256 })).success, true);
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(mine.abs));
    await editor.edit((e) => e.insert(new vscode.Position(1, 0), 'typed by me\n'));
    await vscode.commands.executeCommand('workbench.action.files.save');

    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, paths: [ours.rel, mine.rel], uiToken: services.uiTokenForTests() });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual([...r.restored].sort(), [mine.rel, ours.rel].sort(), JSON.stringify(r));
    assert.equal(fs.readFileSync(mine.abs, 'utf8'), 'my notes\n');
    assert.equal(fs.readFileSync(ours.abs, 'utf8'), 'ours 1\n');
  });

  it('a file past the checkpoint cap that another writer changed during the turn is named as not covered, never restored to something else', async function () {
    this.timeout(60_000);
    await sleep(6500);
    await config().update('checkpoints.maxFileBytes', 65536, vscode.ConfigurationTarget.Global);
    try {
      const d = freshDir('caps');
      const small = { rel: `${d.rel}/small.txt`, abs: path.join(d.abs, 'small.txt') };
      const big = { rel: `${d.rel}/big.log`, abs: path.join(d.abs, 'big.log') };
      writeBytes(small.abs, 'small 1\n');
      writeBytes(big.abs, 'x'.repeat(100_000));
      await sleep(3000);

      const read = await invoke('safe_read_file', { path: small.rel });
      assert.equal((await invoke('write_file', { path: small.rel, content: 'small 2\n', base_sha256: read.sha256 })).success, true);
      const bigNow = 'y'.repeat(120_000);
      execFileSync(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(big.abs)}, ${JSON.stringify(bigNow)})`], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
      // Left out of both checkpoints, the file is known written only through the file watcher's event: let it arrive.
      await sleep(2000);

      const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: services.uiTokenForTests() });
      assert.equal(r.ok, true, JSON.stringify(r));
      assert.deepEqual(r.restored, [small.rel]);
      const named = (r.not_covered ?? []).find((f: any) => f.path.endsWith('big.log'));
      assert.ok(named, `the file past the cap is named: ${JSON.stringify(r.not_covered)}`);
      assert.match(named.reason, /too_large/);
      assert.match(r.message, /Not in the history/);
      assert.equal(fs.readFileSync(big.abs, 'utf8'), bigNow, 'left as the other writer made it');
      assert.equal(fs.readFileSync(small.abs, 'utf8'), 'small 1\n');
    } finally {
      await config().update('checkpoints.maxFileBytes', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

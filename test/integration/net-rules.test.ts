import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, EXTENSION_ID, freshDir, invoke, writeBytes } from './helpers';
import { rollbackableTurns } from '../../src/commands/turn-plan';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A turn's tail in this suite (writers.turnTailSeconds), and a pause that outlasts it. */
const TAIL_S = 5;
const PAST_TAIL_MS = TAIL_S * 1000 + 1500;

/** Runs node as another program would (not through our tools). */
function otherProgram(script: string, cwd?: string): void {
  execFileSync(process.execPath, ['-e', script], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, ...(cwd ? { cwd } : {}) });
}

/**
 * The net's rules (issue 34), each through the tools as Copilot calls them (vscode.lm.invokeTool)
 * and the user's commands: an agent never undoes what someone else wrote; attribution is by
 * evidence; one sha256 per file version; a file's mode is part of its state.
 */
describe('the net\'s rules: who may undo what, attribution by evidence, one sha256, modes', () => {
  let services: any;
  const config = () => vscode.workspace.getConfiguration('safeEdit');
  const uiToken = () => services.uiTokenForTests();
  // The user settings as the run set them (the workbench turns recording off for the other suites): put back after.
  const KEYS = ['writers.recordTurns', 'writers.turnTailSeconds', 'turns.quietGapMinutes'];
  const saved = new Map<string, unknown>();
  before(async function () {
    this.timeout(60_000);
    services = (await activateExtension()).services;
    for (const key of KEYS) saved.set(key, config().inspect(key)?.globalValue);
    await config().update('writers.recordTurns', true, vscode.ConfigurationTarget.Global);
    await config().update('writers.turnTailSeconds', TAIL_S, vscode.ConfigurationTarget.Global);
    await config().update('turns.quietGapMinutes', 0.1, vscode.ConfigurationTarget.Global);
  });
  after(async function () {
    this.timeout(30_000);
    // The last turn's tail ends before the next suite writes its fixtures (they would be this turn's).
    await sleep(PAST_TAIL_MS);
    for (const key of KEYS) await config().update(key, saved.get(key), vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });
  beforeEach(async function () {
    this.timeout(30_000);
    // Each case is its own turn: past the previous one's tail, and the background checkpoint settled.
    await closeAllEditors();
    await sleep(PAST_TAIL_MS);
  });

  function file(d: { abs: string; rel: string }, name: string) {
    return { rel: `${d.rel}/${name}`, abs: path.join(d.abs, name) };
  }

  /** Our tool's edit of a file: the agent's turn goes on. */
  async function agentWrites(f: { rel: string }, content: string): Promise<any> {
    const read = await invoke('safe_read_file', { path: f.rel });
    const w = await invoke('write_file', { path: f.rel, content, base_sha256: read.sha256 });
    assert.equal(w.success, true, JSON.stringify(w));
    return w;
  }

  /** The user types at the end of a file in its editor and saves it, as the user would. */
  async function userEditsAndSaves(f: { abs: string }, text: string): Promise<void> {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(f.abs));
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    assert.ok(await editor.edit((e) => e.insert(end, text)));
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.equal(editor.document.isDirty, false);
  }

  it('rollback_file never deletes a file another program created during the turn: refused by default and by revision, deleted only when named with force', async function () {
    this.timeout(60_000);
    const d = freshDir('net-created');
    const ours = file(d, 'ours.txt');
    const made = file(d, 'made.txt');
    writeBytes(ours.abs, 'ours 1\n');
    await sleep(3000);
    await agentWrites(ours, 'ours 2\n');
    otherProgram(`require('fs').writeFileSync(${JSON.stringify(made.abs)}, 'a program made this\\n')`);
    await services.writers.settle();
    const [entry] = services.store.list(made.rel);
    assert.ok(entry, 'the other program\'s file is recorded in the turn');
    assert.deepEqual(entry.writer, { kind: 'outside' });

    const refused = await invoke('rollback_file', { path: made.rel });
    assert.equal(refused.success, false, JSON.stringify(refused));
    assert.equal(refused.error_type, 'PERMISSION_DENIED');
    assert.equal(refused.reason, 'another_programs_change');
    assert.equal(refused.backup_id, entry.id);
    for (const pick of [{ revision: 0 }, { backup_id: entry.id }]) {
      const r = await invoke('rollback_file', { path: made.rel, ...pick });
      assert.equal(r.reason, 'another_programs_change', JSON.stringify(r));
    }
    assert.equal(fs.readFileSync(made.abs, 'utf8'), 'a program made this\n', 'not deleted');
    const forced = await invoke('rollback_file', { path: made.rel, backup_id: entry.id, force: true });
    assert.equal(forced.success, true, JSON.stringify(forced));
    assert.equal(fs.existsSync(made.abs), false, 'named, with force: deleted (and backed up)');
  });

  it('execute_program: a file the user saved while the program ran is the user\'s, not the program\'s: rollback_file refuses it and Roll Back Agent Turn leaves it unpicked', async function () {
    this.timeout(60_000);
    const d = freshDir('net-exec-user');
    const mine = file(d, 'mine.txt');
    const gen = file(d, 'gen.txt');
    writeBytes(mine.abs, 'my notes\n');
    writeBytes(gen.abs, 'old\n');
    writeBytes(path.join(d.abs, 'slow-gen.js'), "setTimeout(() => require('fs').writeFileSync('gen.txt', 'generated\\n'), 2500);\n");
    await sleep(3000);
    const running = invoke('execute_program', { program: 'node', args: ['slow-gen.js'], cwd: d.rel });
    await sleep(800);
    await userEditsAndSaves(mine, 'saved by me while it ran\n');
    const run = await running;
    assert.equal(run.success, true, JSON.stringify(run));
    assert.deepEqual(run.files_changed, [{ path: gen.rel, change: 'modified' }], `only the program's file is its change: ${JSON.stringify(run)}`);
    const [users] = services.store.list(mine.rel);
    assert.deepEqual(users?.writer, { kind: 'user' }, JSON.stringify(services.store.list(mine.rel)));

    const refused = await invoke('rollback_file', { path: mine.rel });
    assert.equal(refused.reason, 'users_own_change', JSON.stringify(refused));
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: uiToken() });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual(r.restored, [gen.rel], JSON.stringify(r));
    assert.equal(fs.readFileSync(gen.abs, 'utf8'), 'old\n');
    assert.equal(fs.readFileSync(mine.abs, 'utf8'), 'my notes\nsaved by me while it ran\n', 'the user\'s save stands');
  });

  it('another agent\'s hooked shell call: a file the user saved meanwhile stays the user\'s, the command\'s file is the agent\'s', async function () {
    this.timeout(60_000);
    const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    const hook = (name: string, root: string) => new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const fixture = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'test', 'fixtures', 'hooks', 'claude-code', `${name}.json`);
      const child = spawn(process.execPath, [cli, 'hook', 'claude-code'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end(fs.readFileSync(fixture, 'utf8').split('__ROOT__').join(root));
    });
    const d = freshDir('net-hook-user');
    const mine = file(d, 'mine.txt');
    const a = file(d, 'src/a.txt');
    writeBytes(mine.abs, 'my notes\n');
    writeBytes(a.abs, 'one x\n');
    await sleep(3000);
    const pre = await hook('shell.pre', d.abs);
    assert.equal(pre.code, 0, pre.stderr);
    await userEditsAndSaves(mine, 'saved by me during the command\n');
    otherProgram(`require('fs').writeFileSync(${JSON.stringify(a.abs)}, 'one y\\n')`);
    const post = await hook('shell.post', d.abs);
    assert.equal(post.code, 0, post.stderr);
    assert.deepEqual(services.store.list(a.rel)[0]?.writer, { kind: 'agent_tool', name: 'claude-code:shell' }, JSON.stringify({ a: services.store.list(a.rel), mine: services.store.list(mine.rel), post }));
    assert.deepEqual(services.store.list(mine.rel)[0]?.writer, { kind: 'user' }, JSON.stringify(services.store.list(mine.rel)));
    const refused = await invoke('rollback_file', { path: mine.rel });
    assert.equal(refused.reason, 'users_own_change', JSON.stringify(refused));
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: uiToken() });
    assert.deepEqual(r.restored, [a.rel], JSON.stringify(r));
    assert.equal(fs.readFileSync(mine.abs, 'utf8'), 'my notes\nsaved by me during the command\n');
  });

  it('Roll Back Agent Turn holds back a file the agent changed and the user then edited and saved: named, unpicked, restored only when the user picks it', async function () {
    this.timeout(60_000);
    const d = freshDir('net-turn-held');
    const plain = file(d, 'plain.txt');
    const later = file(d, 'later.txt');
    writeBytes(plain.abs, 'plain 1\n');
    writeBytes(later.abs, 'later 1\n');
    await sleep(3000);
    await agentWrites(plain, 'plain 2\n');
    await agentWrites(later, 'later 2\n');
    // The turn ends; afterwards the user edits later.txt and saves it (nobody's turn: not in the history).
    await sleep(PAST_TAIL_MS);
    await userEditsAndSaves(later, 'the user\'s line\n');
    await sleep(2500);

    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: uiToken() });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual(r.restored, [plain.rel]);
    assert.deepEqual(r.skipped.map((s: any) => [s.path, s.reason]), [[later.rel, 'changed_since']]);
    assert.match(r.message, /later\.txt \(held back: it has changed since the turn/);
    assert.equal(fs.readFileSync(plain.abs, 'utf8'), 'plain 1\n');
    assert.equal(fs.readFileSync(later.abs, 'utf8'), 'later 2\nthe user\'s line\n', 'the user\'s later work is not reverted');

    // Redo puts plain.txt back; then the user picks later.txt by name: it is theirs to roll back.
    const redo: any = await vscode.commands.executeCommand('agentSafeEdit.redoTurn', { confirm: false, uiToken: uiToken() });
    assert.equal(redo.ok, true, JSON.stringify(redo));
    const turns = services.store.listAll().filter((e: any) => e.path === later.rel && e.tool === 'write_file');
    assert.equal(turns.length, 1);
    const index = rollbackableTurns(services.store.listAll(), services.settings().turnsQuietGapMs).findIndex((t: any) => t.entries.some((e: any) => e.id === turns[0].id));
    const picked: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: index, confirm: false, paths: [later.rel], uiToken: uiToken() });
    assert.equal(picked.ok, true, JSON.stringify(picked));
    assert.deepEqual(picked.restored, [later.rel]);
    assert.equal(fs.readFileSync(later.abs, 'utf8'), 'later 1\n');
  });

  it('a file a program created just before the agent\'s first call, then edited by the agent in the active editor, is "another program"\'s creation, not the user\'s nor an agent tool\'s', async function () {
    this.timeout(60_000);
    const d = freshDir('net-label');
    const made = file(d, 'made.txt');
    otherProgram(`require('fs').writeFileSync(${JSON.stringify(made.abs)}, 'made by a program\\n')`);
    // The user looks at it: our edit lands in the active editor (events that look like typing and a save).
    await vscode.window.showTextDocument(vscode.Uri.file(made.abs));
    await agentWrites(made, 'edited by the agent\n');
    await services.writers.settle();
    const entries = services.store.list(made.rel);
    const ours = entries.find((e: any) => e.tool === 'write_file');
    assert.ok(ours, JSON.stringify(entries));
    const others = entries.filter((e: any) => e.writer !== undefined);
    assert.ok(others.length > 0, `the program's creation is recorded before the agent's edit: ${JSON.stringify(entries)}`);
    for (const e of others) assert.deepEqual(e.writer, { kind: 'outside' }, `our own edit is evidence of no one: ${JSON.stringify(entries)}`);
  });

  it('a BOM file execute_program rewrote, rolled back: the rollback answers the sha256 the next read gives, and undoing the rollback is not refused as edited since', async function () {
    this.timeout(60_000);
    const d = freshDir('net-bom');
    const b = file(d, 'b.txt');
    const original = Buffer.concat([BOM, Buffer.from('x = 1\r\ny = 2\r\n')]);
    writeBytes(b.abs, original);
    writeBytes(path.join(d.abs, 'fmt.js'), "require('fs').writeFileSync('b.txt', 'x = 1\\ny = 2\\n');\n");
    await sleep(3000);
    const run = await invoke('execute_program', { program: 'node', args: ['fmt.js'], cwd: d.rel });
    assert.deepEqual(run.files_changed, [{ path: b.rel, change: 'modified' }], JSON.stringify(run));
    const back = await invoke('rollback_file', { path: b.rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(b.abs), original, 'byte for byte');
    const read = await invoke('safe_read_file', { path: b.rel });
    assert.equal(back.sha256, read.sha256, 'one sha256 per version');
    assert.equal(services.store.list(b.rel)[0].after_sha256, read.sha256, 'the journal names the version as the read does');
    const again = await invoke('rollback_file', { path: b.rel });
    assert.equal(again.success, true, JSON.stringify(again));
    assert.equal(fs.readFileSync(b.abs, 'utf8'), 'x = 1\ny = 2\n');
  });

  const modeOf = (abs: string) => fs.statSync(abs).mode & 0o7777;
  const LATIN1 = Buffer.from('caf\xe9 cr\xe8me\n', 'latin1');

  it('a change of mode alone (a formatter moving a 0644 copy over a 0755 script) is recorded with the run, and rollback_file makes the script executable again', async function () {
    this.timeout(60_000);
    const d = freshDir('net-mode');
    const script = file(d, 'run.sh');
    writeBytes(script.abs, '#!/bin/sh\necho hi\n');
    fs.chmodSync(script.abs, 0o755);
    writeBytes(path.join(d.abs, 'fmt.js'), "const fs = require('fs'); fs.writeFileSync('.copy', fs.readFileSync('run.sh'), { mode: 0o644 }); fs.chmodSync('.copy', 0o644); fs.renameSync('.copy', 'run.sh');\n");
    await sleep(3000);
    const run = await invoke('execute_program', { program: 'node', args: ['fmt.js'], cwd: d.rel });
    assert.deepEqual(run.files_changed, [{ path: script.rel, change: 'modified' }], JSON.stringify(run));
    assert.equal(modeOf(script.abs), 0o644);
    const back = await invoke('rollback_file', { path: script.rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(modeOf(script.abs), 0o755, 'executable again');
    assert.equal(fs.readFileSync(script.abs, 'utf8'), '#!/bin/sh\necho hi\n');
  });

  it('a file that is not text, deleted by a program, comes back from its raw backup with its bytes and its mode', async function () {
    this.timeout(60_000);
    const d = freshDir('net-raw-mode');
    const notes = file(d, 'notes.txt');
    writeBytes(notes.abs, LATIN1);
    fs.chmodSync(notes.abs, 0o640);
    writeBytes(path.join(d.abs, 'clean.js'), "require('fs').rmSync('notes.txt');\n");
    await sleep(3000);
    const run = await invoke('execute_program', { program: 'node', args: ['clean.js'], cwd: d.rel });
    assert.deepEqual(run.files_changed, [{ path: notes.rel, change: 'deleted' }], JSON.stringify(run));
    const back = await invoke('rollback_file', { path: notes.rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(notes.abs), LATIN1);
    assert.equal(modeOf(notes.abs), 0o640);
  });

  it('a group rollback writes backups kept as bytes back as bytes, over files that are no longer text, with each file\'s mode', async function () {
    this.timeout(60_000);
    const d = freshDir('net-group-bytes');
    const a = file(d, 'a.txt');
    const b = file(d, 'b.dat');
    const c = file(d, 'tool.sh');
    writeBytes(a.abs, 'plain text\n');
    writeBytes(b.abs, LATIN1);
    writeBytes(c.abs, '#!/bin/sh\n');
    fs.chmodSync(c.abs, 0o700);
    writeBytes(path.join(d.abs, 'gen.js'), "const fs = require('fs'); fs.writeFileSync('a.txt', Buffer.from([0xff, 0xfe, 0x00, 0x41])); fs.writeFileSync('b.dat', 'now text\\n'); fs.chmodSync('tool.sh', 0o600); fs.writeFileSync('tool.sh', '#!/bin/sh\\necho\\n');\n");
    await sleep(3000);
    const run = await invoke('execute_program', { program: 'node', args: ['gen.js'], cwd: d.rel });
    assert.equal(run.files_changed?.length, 3, JSON.stringify(run));
    const back = await invoke('rollback_file', { path: b.rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(a.abs, 'utf8'), 'plain text\n');
    assert.deepEqual(fs.readFileSync(b.abs), LATIN1, 'byte for byte');
    assert.equal(fs.readFileSync(c.abs, 'utf8'), '#!/bin/sh\n');
    assert.equal(modeOf(c.abs), 0o700);
  });

  it('turning the recording on does not give the next turn what other programs changed while it was off', async function () {
    this.timeout(60_000);
    const d = freshDir('net-rebase');
    const ours = file(d, 'ours.txt');
    const meanwhile = file(d, 'meanwhile.txt');
    writeBytes(ours.abs, 'ours 1\n');
    await sleep(3000);
    await config().update('writers.recordTurns', false, vscode.ConfigurationTarget.Global);
    try {
      otherProgram(`require('fs').writeFileSync(${JSON.stringify(meanwhile.abs)}, 'written while nothing watched\\n')`);
      await sleep(500);
    } finally {
      await config().update('writers.recordTurns', true, vscode.ConfigurationTarget.Global);
    }
    await agentWrites(ours, 'ours 2\n');
    await services.writers.settle();
    assert.deepEqual(services.store.list(meanwhile.rel), [], 'nobody\'s turn: it happened while the recording was off');
    assert.equal(services.store.list(ours.rel)[0]?.tool, 'write_file');
  });
});

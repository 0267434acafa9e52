// Issue 16, the tool level: one editing call changes several files, all or nothing, as one
// entry in the edit history and one step for rollback. Every call goes through
// vscode.lm.invokeTool, as Copilot's agent mode makes it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import { consentSuite, freshDir, invoke, sha256 } from './helpers';
import { BackupStore } from '../../src/history/backupStore';
import { recoverInterruptedGroups } from '../../src/engine/restore/recover-groups';

/** Writes files into a fresh folder; returns their workspace-relative paths and a reader. */
function setup(label: string, files: Record<string, string>) {
  const d = freshDir(label);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(d.abs, name)), { recursive: true });
    fs.writeFileSync(path.join(d.abs, name), text);
  }
  return {
    rel: (name: string) => `${d.rel}/${name}`,
    read: (name: string) => (fs.existsSync(path.join(d.abs, name)) ? fs.readFileSync(path.join(d.abs, name), 'utf8') : undefined),
  };
}

const A = 'export function load(p: string) {\n  return p;\n}\n';
const B = 'import { load } from "./a";\nexport const b = load("b");\n';
const C = 'import { load } from "./a";\nexport const c = load("c");\n';

describe('multi-file edits, all or nothing (issue 16)', () => {
  const ext = consentSuite();

  it('a three-file apply_patch lands as one history entry and is rolled back in one step', async () => {
    const t = setup('v4a3', { 'a.ts': A, 'b.ts': B, 'c.ts': C });
    const patch = [
      '*** Begin Patch',
      `*** Update File: ${t.rel('a.ts')}`,
      '@@',
      '-export function load(p: string) {',
      '+export function loadConfig(p: string) {',
      `*** Update File: ${t.rel('b.ts')}`,
      '@@',
      '-import { load } from "./a";',
      '-export const b = load("b");',
      '+import { loadConfig } from "./a";',
      '+export const b = loadConfig("b");',
      `*** Update File: ${t.rel('c.ts')}`,
      '@@',
      '-import { load } from "./a";',
      '-export const c = load("c");',
      '+import { loadConfig } from "./a";',
      '+export const c = loadConfig("c");',
      '*** End Patch',
    ].join('\n');
    const base_hashes = { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256(B), [t.rel('c.ts')]: sha256(C) };
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.deepEqual(r.files.map((f: any) => [f.path, f.action]), [[t.rel('a.ts'), 'modified'], [t.rel('b.ts'), 'modified'], [t.rel('c.ts'), 'modified']]);
    for (const f of r.files) assert.equal(f.sha256, sha256(t.read(path.basename(f.path)) as string));
    assert.match(t.read('c.ts') as string, /loadConfig\("c"\)/);

    // one group in the journal: every file's entry carries the same group id
    const store = ext().services.store;
    const entries = ['a.ts', 'b.ts', 'c.ts'].map((n) => store.list(t.rel(n))[0]);
    assert.ok(entries.every((e: any) => e.group_id === r.group_id && e.group_size === 3 && e.outcome === 'applied'), JSON.stringify(entries));

    // rollback_file of ONE of its files restores all three
    const rb = await invoke('rollback_file', { path: t.rel('b.ts') });
    assert.equal(rb.success, true, JSON.stringify(rb));
    assert.equal(rb.restored_group_id, r.group_id);
    assert.deepEqual([t.read('a.ts'), t.read('b.ts'), t.read('c.ts')], [A, B, C]);
  });

  it('the same multi-file call sent again with its now stale base_hashes is already applied, per file (issue 25)', async () => {
    const t = setup('stale-multi', { 'a.ts': A, 'b.ts': B, 'c.ts': C });
    const patch = [
      '*** Begin Patch',
      `*** Update File: ${t.rel('a.ts')}`,
      '@@',
      '-export function load(p: string) {',
      '+export function loadConfig(p: string) {',
      `*** Update File: ${t.rel('b.ts')}`,
      '@@',
      '-export const b = load("b");',
      '+export const b = load("b2");',
      '*** End Patch',
    ].join('\n');
    const base_hashes = { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256(B) };
    const first = await invoke('safe_patch', { unified_diff: patch, base_hashes });
    assert.equal(first.success, true, JSON.stringify(first));
    const [a1, b1] = [t.read('a.ts'), t.read('b.ts')];
    const store = ext().services.store;
    const count = () => ['a.ts', 'b.ts', 'c.ts'].reduce((n, f) => n + store.list(t.rel(f)).length, 0);
    const entries = count();

    // the result was lost and the agent retries with the hashes it had: both parts landed before
    const again = await invoke('safe_patch', { unified_diff: patch, base_hashes });
    assert.equal(again.success, true, JSON.stringify(again));
    assert.equal(again.already_applied, true, JSON.stringify(again));
    assert.deepEqual(again.files.map((f: any) => [f.path, f.action, f.already_applied]), [[t.rel('a.ts'), 'unchanged', true], [t.rel('b.ts'), 'unchanged', true]]);
    assert.deepEqual([t.read('a.ts'), t.read('b.ts')], [a1, b1]);
    assert.equal(count(), entries, 'nothing journaled as a change');

    // replace_in_file's edits: one file's part landed before (stale hash), the other's not
    const mixed = await invoke('replace_in_file', {
      edits: [{ path: t.rel('b.ts'), old_text: 'load("b")', new_text: 'load("b2")' }, { path: t.rel('c.ts'), old_text: 'load("c")', new_text: 'load("c2")' }],
      base_hashes: { [t.rel('b.ts')]: sha256(B), [t.rel('c.ts')]: sha256(C) },
    });
    assert.equal(mixed.success, true, JSON.stringify(mixed));
    assert.deepEqual(mixed.files.map((f: any) => [f.path, f.action]), [[t.rel('b.ts'), 'unchanged'], [t.rel('c.ts'), 'modified']]);
    assert.deepEqual([t.read('b.ts'), t.read('c.ts')], [b1, C.replace('load("c")', 'load("c2")')]);

    // a stale hash whose part gives another text is still HASH_MISMATCH, nothing written
    const other = await invoke('replace_in_file', {
      edits: [{ path: t.rel('a.ts'), old_text: 'return p;', new_text: 'return p + 1;' }],
      base_hashes: { [t.rel('a.ts')]: sha256(A) },
    });
    assert.equal(other.error_type, 'HASH_MISMATCH', JSON.stringify(other));
    assert.equal(t.read('a.ts'), a1);
  });

  it('a unified diff of several files lands whole', async () => {
    const t = setup('uni', { 'a.ts': A, 'b.ts': B });
    const diff = `--- a/${t.rel('a.ts')}\n+++ b/${t.rel('a.ts')}\n@@ -1,3 +1,3 @@\n export function load(p: string) {\n-  return p;\n+  return p.trim();\n }\n--- a/${t.rel('b.ts')}\n+++ b/${t.rel('b.ts')}\n@@ -1,2 +1,2 @@\n import { load } from "./a";\n-export const b = load("b");\n+export const b = load(" b ");\n`;
    const r = await invoke('safe_patch', { unified_diff: diff, base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256(B) } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(t.read('a.ts'), A.replace('return p;', 'return p.trim();'));
    assert.equal(t.read('b.ts'), B.replace('load("b")', 'load(" b ")'));
    assert.deepEqual(r.files.map((f: any) => f.action), ['modified', 'modified']);
  });

  it('a failure in the third file leaves all three files untouched; the result names the file and hunk', async () => {
    const t = setup('fail3', { 'a.ts': A, 'b.ts': B, 'c.ts': C });
    const patch = `*** Begin Patch\n*** Update File: ${t.rel('a.ts')}\n@@\n-  return p;\n+  return p + "!";\n*** Update File: ${t.rel('b.ts')}\n@@\n-export const b = load("b");\n+export const b = load("B");\n*** Update File: ${t.rel('c.ts')}\n@@\n-export const c = load("not there");\n+export const c = 1;\n*** End Patch\n`;
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256(B), [t.rel('c.ts')]: sha256(C) } });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.equal(r.error_type, 'INVALID_PATCH');
    assert.equal(r.path, t.rel('c.ts'));
    assert.equal(r.hunk, 1);
    assert.deepEqual(r.applicable_files, [t.rel('a.ts'), t.rel('b.ts')]);
    assert.equal(r.nothing_written, true);
    assert.deepEqual([t.read('a.ts'), t.read('b.ts'), t.read('c.ts')], [A, B, C]);
  });

  it('a write the file system refuses in the third file (immutable): the two files written before it are put back', async function () {
    // A failure after every check passed cannot be provoked through the tools' inputs; an
    // immutable flag makes the disk refuse the third file's save, even for root (ext4 chattr).
    const t = setup('putback', { 'a.ts': A, 'b.ts': B, 'c.ts': C });
    const cAbs = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, t.rel('c.ts'));
    const chattr = (flag: string) => execFileSync('chattr', [flag, cAbs]);
    const patch = `*** Begin Patch\n*** Update File: ${t.rel('a.ts')}\n@@\n-  return p;\n+  return p + "!";\n*** Update File: ${t.rel('b.ts')}\n@@\n-export const b = load("b");\n+export const b = load("B");\n*** Update File: ${t.rel('c.ts')}\n@@\n-export const c = load("c");\n+export const c = load("C");\n*** End Patch\n`;
    chattr('+i');
    let r: any;
    try {
      r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256(B), [t.rel('c.ts')]: sha256(C) } });
    } finally {
      chattr('-i');
    }
    assert.equal(r.success, false, JSON.stringify(r));
    assert.equal(r.path, t.rel('c.ts'), JSON.stringify(r));
    assert.match(r.message, /put back; nothing was changed/);
    assert.deepEqual([t.read('a.ts'), t.read('b.ts'), t.read('c.ts')], [A, B, C]);
    const store = ext().services.store;
    for (const n of ['a.ts', 'b.ts', 'c.ts']) assert.equal(store.list(t.rel(n))[0].outcome, 'rolled_back', n);
    // the editor's copy of the refused file shows what the disk holds
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === cAbs);
    if (doc) assert.equal(doc.getText(), C);
  });

  it('failure counters count against the file that failed: the 2nd invalid multi-file patch of it says to switch to write_file', async () => {
    const t = setup('counters', { 'a.ts': A, 'c.ts': C });
    const patch = `*** Begin Patch\n*** Update File: ${t.rel('a.ts')}\n@@\n-  return p;\n+  return p + "!";\n*** Update File: ${t.rel('c.ts')}\n@@\n-export const c = load("not there");\n+export const c = 1;\n*** End Patch\n`;
    const input = { unified_diff: patch, base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('c.ts')]: sha256(C) } };
    const first = await invoke('safe_patch', input);
    assert.equal(first.error_type, 'INVALID_PATCH', JSON.stringify(first));
    const second = await invoke('safe_patch', { ...input, unified_diff: patch.replace('"not there"', '"still not there"') });
    assert.equal(second.error_type, 'INVALID_PATCH_LIMIT_EXCEEDED', JSON.stringify(second));
    assert.match(second.message, /write_file/);
    assert.deepEqual([t.read('a.ts'), t.read('c.ts')], [A, C]);
  });

  it('after a crash in the middle of a multi-file write, activation puts back the files it reached (backing up what they held) and leaves alone the ones changed since', async () => {
    const t = setup('crash', { 'a.ts': A, 'b.ts': B, 'c.ts': C });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-crash-store-'));
    const newA = A.replace('load', 'loadConfig');
    // The state a crash leaves: the group journaled, a.ts and c.ts written, b.ts not, no finish
    // records; then, before VS Code starts again, someone else changes c.ts.
    const crashed = new BackupStore(root);
    const begun = await crashed.beginGroup([
      { tool: 'safe_patch', path: t.rel('a.ts'), beforeText: A, intendedSha256: sha256(newA) },
      { tool: 'safe_patch', path: t.rel('b.ts'), beforeText: B, intendedSha256: sha256(B.replace('load', 'loadConfig')) },
      { tool: 'safe_patch', path: t.rel('c.ts'), beforeText: C, intendedSha256: sha256('export const c = 1;\n') },
    ]);
    assert.ok(begun.ok, JSON.stringify(begun));
    const abs = (f: string) => path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, t.rel(f));
    fs.writeFileSync(abs('a.ts'), newA);
    fs.writeFileSync(abs('c.ts'), 'export const c = 1;\n// and later work by someone else\n');
    await crashed.close();
    // The next activation opens the store, finds the cut group and recovers it.
    const store = new BackupStore(root);
    const opened = await store.open();
    assert.ok(opened.ok && opened.recovery.interruptedGroups.length === 1, JSON.stringify(opened));
    const services = { ...ext().services, store, interruptedGroups: opened.ok ? opened.recovery.interruptedGroups : [] };
    try {
      const out = await recoverInterruptedGroups(services, services.interruptedGroups);
      assert.deepEqual(out.map((o) => [o.ok, o.restored, o.left]), [[true, [t.rel('a.ts')], [t.rel('c.ts')]]], JSON.stringify(out));
      assert.match(out[0].message, /changed since and was left as it is/);
      assert.deepEqual([t.read('a.ts'), t.read('b.ts'), t.read('c.ts')], [A, B, 'export const c = 1;\n// and later work by someone else\n']);
      const recovery = store.list(t.rel('a.ts'))[0];
      assert.equal(recovery.tool, 'crash_recovery');
      // what a.ts held after the crash is backed up: the recovery is itself a change to roll back
      const held = await store.readText(recovery.before_sha256);
      assert.equal(held.ok && held.text, newA);
    } finally {
      await store.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('*** Delete File of a file over the shrink guard\'s size needs allow_size_reduce, as a shrink does', async () => {
    const big = `// generated\n${'export const v = 1;\n'.repeat(100)}`;
    const t = setup('delete-guard', { 'big.ts': big });
    const patch = `*** Begin Patch\n*** Delete File: ${t.rel('big.ts')}\n*** End Patch\n`;
    const refused = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('big.ts')]: sha256(big) } });
    assert.equal(refused.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(refused));
    assert.equal(t.read('big.ts'), big);
    const allowed = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('big.ts')]: sha256(big) }, allow_size_reduce: true });
    assert.equal(allowed.success, true, JSON.stringify(allowed));
    const back = await invoke('rollback_file', { path: t.rel('big.ts') });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(t.read('big.ts'), big);
  });

  it('a stale base hash for one file refuses the whole call (HASH_MISMATCH with its latest state)', async () => {
    const t = setup('stale', { 'a.ts': A, 'b.ts': B });
    const patch = `*** Begin Patch\n*** Update File: ${t.rel('a.ts')}\n@@\n-  return p;\n+  return p + "!";\n*** Update File: ${t.rel('b.ts')}\n@@\n-export const b = load("b");\n+export const b = load("B");\n*** End Patch\n`;
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256('an older b\n') } });
    assert.equal(r.error_type, 'HASH_MISMATCH', JSON.stringify(r));
    assert.equal(r.path, t.rel('b.ts'));
    assert.ok(r.latest_file_state);
    assert.deepEqual([t.read('a.ts'), t.read('b.ts')], [A, B]);
    // an existing file without a hash is refused too
    const missing = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('a.ts')]: sha256(A) } });
    assert.equal(missing.error_type, 'INVALID_INPUT', JSON.stringify(missing));
    assert.equal(missing.path, t.rel('b.ts'));
    assert.deepEqual([t.read('a.ts'), t.read('b.ts')], [A, B]);
  });

  it('replace_in_file edits[] across two files, one history group; a retry reports the edits as already applied', async () => {
    const t = setup('edits', { 'a.ts': A, 'b.ts': B });
    const input = {
      edits: [
        { path: t.rel('a.ts'), old_text: 'export function load(', new_text: 'export function loadConfig(' },
        { path: t.rel('b.ts'), old_text: 'import { load } from "./a";', new_text: 'import { loadConfig } from "./a";' },
        { path: t.rel('b.ts'), old_text: 'export const b = load("b");', new_text: 'export const b = loadConfig("b");' },
      ],
      base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256(B) },
    };
    const r = await invoke('replace_in_file', input);
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(t.read('a.ts'), A.replace('function load(', 'function loadConfig('));
    assert.equal(t.read('b.ts'), 'import { loadConfig } from "./a";\nexport const b = loadConfig("b");\n');
    const store = ext().services.store;
    assert.equal(store.list(t.rel('a.ts'))[0].group_id, store.list(t.rel('b.ts'))[0].group_id);
    const again = await invoke('replace_in_file', { ...input, base_hashes: { [t.rel('a.ts')]: r.files[0].sha256, [t.rel('b.ts')]: r.files[1].sha256 } });
    assert.equal(again.success, true, JSON.stringify(again));
    assert.equal(again.already_applied, true);
    assert.deepEqual(again.files.map((f: any) => f.action), ['unchanged', 'unchanged']);
    // today's one-edit call is unchanged
    const one = await invoke('replace_in_file', { path: t.rel('a.ts'), old_text: '  return p;', new_text: '  return p + "";' });
    assert.equal(one.success, true, JSON.stringify(one));
    assert.equal(one.path, t.rel('a.ts'));
  });

  it('an apply_patch add + delete + move, and its rollback in one step', async () => {
    const t = setup('adm', { 'old.ts': 'export const old = 1;\n', 'from.ts': 'export const x = 1;\n' });
    const patch = `*** Begin Patch\n*** Add File: ${t.rel('new.ts')}\n+export const fresh = 2;\n*** Delete File: ${t.rel('old.ts')}\n*** Update File: ${t.rel('from.ts')}\n*** Move to: ${t.rel('sub/to.ts')}\n@@\n-export const x = 1;\n+export const x = 2;\n*** End Patch\n`;
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [t.rel('old.ts')]: sha256('export const old = 1;\n'), [t.rel('from.ts')]: sha256('export const x = 1;\n') } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.deepEqual(r.files.map((f: any) => [f.path, f.action, f.moved_to]), [[t.rel('new.ts'), 'added', undefined], [t.rel('old.ts'), 'deleted', undefined], [t.rel('from.ts'), 'moved', t.rel('sub/to.ts')]]);
    assert.equal(t.read('new.ts'), 'export const fresh = 2;\n');
    assert.equal(t.read('old.ts'), undefined);
    assert.equal(t.read('from.ts'), undefined);
    assert.equal(t.read('sub/to.ts'), 'export const x = 2;\n');
    assert.equal(r.files[2].sha256, sha256('export const x = 2;\n'));
    const rb = await invoke('rollback_file', { path: t.rel('sub/to.ts') });
    assert.equal(rb.success, true, JSON.stringify(rb));
    assert.deepEqual([t.read('new.ts'), t.read('old.ts'), t.read('from.ts'), t.read('sub/to.ts')], [undefined, 'export const old = 1;\n', 'export const x = 1;\n', undefined]);
  });

  it('a protected file in the set asks consent; a refusal leaves every file untouched, an allow writes them all', async () => {
    const t = setup('consent', { 'a.ts': A, '.vscode/settings.json': '{\n  "a": 1\n}\n' });
    const settings = '{\n  "a": 1\n}\n';
    const patch = `*** Begin Patch\n*** Update File: ${t.rel('a.ts')}\n@@\n-  return p;\n+  return p + "!";\n*** Update File: ${t.rel('.vscode/settings.json')}\n@@\n-  "a": 1\n+  "a": 2\n*** End Patch\n`;
    const base_hashes = { [t.rel('a.ts')]: sha256(A), [t.rel('.vscode/settings.json')]: sha256(settings) };
    ext().services.setConsentAnswerForTests('deny');
    const denied = await invoke('safe_patch', { unified_diff: patch, base_hashes });
    assert.equal(denied.error_type, 'PERMISSION_DENIED', JSON.stringify(denied));
    assert.equal(denied.path, t.rel('.vscode/settings.json'));
    assert.ok(ext().services.consentPromptsForTests().length >= 1, 'the user was asked');
    assert.deepEqual([t.read('a.ts'), t.read('.vscode/settings.json')], [A, settings]);
    ext().services.setConsentAnswerForTests('allow');
    const allowed = await invoke('safe_patch', { unified_diff: patch, base_hashes });
    assert.equal(allowed.success, true, JSON.stringify(allowed));
    assert.equal(t.read('.vscode/settings.json'), '{\n  "a": 2\n}\n');
  });

  it('in the chat, a multi-file change to a protected file is confirmed up front with its diff, and invoke then asks nothing more', async () => {
    const settings = '{\n  "a": 1\n}\n';
    const t = setup('consent-chat', { 'a.ts': A, '.vscode/settings.json': settings });
    const patch = `*** Begin Patch\n*** Update File: ${t.rel('a.ts')}\n@@\n-  return p;\n+  return p + "!";\n*** Update File: ${t.rel('.vscode/settings.json')}\n@@\n-  "a": 1\n+  "a": 2\n*** End Patch\n`;
    const input = { unified_diff: patch, base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('.vscode/settings.json')]: sha256(settings) } };
    const tool = ext().tools.get('safe_patch');
    const token = new vscode.CancellationTokenSource().token;
    const prepared = await tool.prepareInvocation({ input }, token);
    const confirm = prepared?.confirmationMessages;
    assert.ok(confirm, 'a confirmation for the protected file');
    assert.match(confirm.title, /settings\.json/);
    assert.match(confirm.title, /one change of 2 files/);
    assert.match(String(confirm.message.value ?? confirm.message), /\+ {2}"a": 2/);
    assert.doesNotMatch(String(confirm.message.value ?? confirm.message), /a\.ts/, 'only the protected file is shown');
    // no consent answer is set: a modal would wait, so the call landing shows the ticket was taken
    const r = JSON.parse((await tool.invoke({ input, toolInvocationToken: undefined }, token)).content[0].value);
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(t.read('.vscode/settings.json'), '{\n  "a": 2\n}\n');
    assert.equal(ext().services.consentPromptsForTests().length, 0, 'no dialog');
    // a multi-file change of ordinary files gets no confirmation
    const plain = setup('consent-none', { 'a.ts': A, 'b.ts': B });
    const none = await tool.prepareInvocation({ input: { unified_diff: `*** Begin Patch\n*** Update File: ${plain.rel('a.ts')}\n@@\n-  return p;\n+  return 1;\n*** End Patch\n`, base_hashes: { [plain.rel('a.ts')]: sha256(A) } } }, token);
    assert.equal(none?.confirmationMessages, undefined);
  });

  it('the Edit History shows the change as one change of its files, and its Roll Back restores all of them', async () => {
    const t = setup('tree', { 'a.ts': A, 'b.ts': B });
    const r = await invoke('replace_in_file', {
      edits: [{ path: t.rel('a.ts'), old_text: '  return p;', new_text: '  return p + 1;' }, { path: t.rel('b.ts'), old_text: 'load("b")', new_text: 'load("bb")' }],
      base_hashes: { [t.rel('a.ts')]: sha256(A), [t.rel('b.ts')]: sha256(B) },
    });
    assert.equal(r.success, true, JSON.stringify(r));
    const services = ext().services;
    const entry = services.store.list(t.rel('a.ts'))[0];
    // the tree: under each file, the entry says it is one change of both, its tooltip names them
    const ui = ext().ui;
    const fileItem = ui.history.getChildren().find((f: any) => f.path === t.rel('b.ts'));
    const item: any = ui.history.getChildren(fileItem)[0];
    assert.match(String(item.label), /one change of 2 files/);
    assert.match(item.tooltip.value.replace(/&nbsp;/g, " "), /One change of 2 files .*a\.ts, .*b\.ts/);
    const rb: any = await vscode.commands.executeCommand('agentSafeEdit.history.rollbackToBefore', { entry, label: 'tree item', contextValue: 'entry', confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(rb.ok, true, JSON.stringify(rb));
    assert.deepEqual([t.read('a.ts'), t.read('b.ts')], [A, B]);
  });
});

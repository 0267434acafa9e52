import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { mcpToolListings } from '../../../src/engine/mcp-tools';
import { sha256Text } from '../../../src/core/hash';
import { Json, REPO, Running, startServer, tempDir } from './harness';

// The headless MCP server (agent-safe-edit-mcp) spawned as a child process and driven by the
// SDK's client over stdio: the extension's contract (tools, schemas, result shapes, failure
// types), its safety rules (confinement, backups before writes, rollback), and the journal
// on disk in the store's own format.

const C_FILE = fs.readFileSync(path.join(REPO, 'demo/calculate.c'));

describe('headless MCP server over stdio', () => {
  let root: string;
  let store: string;
  let server: Running;

  beforeEach(async () => {
    root = tempDir('root');
    store = tempDir('store');
    server = await startServer(root, store);
  });
  afterEach(async () => {
    await server?.close();
  });

  it('lists the manifest\'s tools: same names, descriptions, input schemas, and the extension\'s annotations', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).contributes.languageModelTools as Array<{ name: string; modelDescription: string; inputSchema: unknown }>;
    const { tools } = await server.client.listTools();
    assert.deepEqual(tools.map((t) => t.name), manifest.map((t) => t.name));
    const bridge = new Map(mcpToolListings().map((t) => [t.name, t]));
    for (const t of manifest) {
      const listed = tools.find((x) => x.name === t.name)!;
      assert.equal(listed.description, t.modelDescription, t.name);
      assert.deepEqual(listed.inputSchema, t.inputSchema, t.name);
      assert.deepEqual(listed.annotations, bridge.get(t.name)!.annotations, t.name);
    }
  });

  it('seed incident: a whole-file write of "}" over the 3.4 KB calculator is SIZE_REDUCTION_BLOCKED, the file intact, the attempt journaled', async () => {
    fs.writeFileSync(path.join(root, 'calculate.c'), C_FILE);
    const read = await server.call('safe_read_file', { path: 'calculate.c' });
    const r = await server.call('write_file', { path: 'calculate.c', base_sha256: read.sha256, content: '}' });
    assert.equal(r.error_type, 'SIZE_REDUCTION_BLOCKED');
    assert.equal(r.old_bytes, C_FILE.length);
    assert.equal(r.new_bytes, 1);
    assert.ok(fs.readFileSync(path.join(root, 'calculate.c')).equals(C_FILE));
    await server.close();
    const entries = await journal(store, 'calculate.c');
    assert.deepEqual(entries.map((e) => [e.tool, e.outcome, e.client]), [['write_file', 'blocked', 'mcp:headless-test']]);
  });

  it('a file that is not UTF-8 (latin1) is refused as before: no editor decodes it here, so it is neither read nor written', async () => {
    const latin1 = Buffer.from('caf\xe9\n', 'latin1');
    fs.writeFileSync(path.join(root, 'legacy.txt'), latin1);
    const read = await server.call('safe_read_file', { path: 'legacy.txt' });
    assert.equal(read.error_type, 'NOT_UTF8', JSON.stringify(read));
    const w = await server.call('replace_in_file', { path: 'legacy.txt', base_sha256: sha256Text('café\n'), old_text: 'café', new_text: 'cafe' });
    assert.equal(w.error_type, 'NOT_UTF8', JSON.stringify(w));
    assert.ok(fs.readFileSync(path.join(root, 'legacy.txt')).equals(latin1));
  });

  it('seed incident: an invalid diff is INVALID_PATCH and changes nothing', async () => {
    fs.writeFileSync(path.join(root, 'util.py'), 'def add(a, b):\n    return a + b\n');
    const read = await server.call('safe_read_file', { path: 'util.py' });
    const r = await server.call('safe_patch', { path: 'util.py', base_sha256: read.sha256, unified_diff: '@@ -1,2 +1,2 @@\n def mul(a, b):\n-    return a * b\n+    return a * b * 1\n' });
    assert.equal(r.success, false);
    assert.equal(r.error_type, 'INVALID_PATCH');
    assert.equal(fs.readFileSync(path.join(root, 'util.py'), 'utf8'), 'def add(a, b):\n    return a + b\n');
  });

  it('seed incident: a stale base_sha256 is HASH_MISMATCH with the latest state (a diff from the version the store knows), and the retry with its sha256 lands', async () => {
    // Long enough that a diff is smaller than the file (the latest state is then the diff).
    const tail = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join('');
    fs.writeFileSync(path.join(root, 'a.txt'), `one\ntwo\nthree\n${tail}`);
    const v1 = (await server.call('safe_read_file', { path: 'a.txt' })).sha256;
    const first = await server.call('replace_in_file', { path: 'a.txt', base_sha256: v1, old_text: 'two', new_text: 'TWO' });
    assert.equal(first.success, true);
    const stale = await server.call('replace_in_file', { path: 'a.txt', base_sha256: v1, old_text: 'three', new_text: 'THREE' });
    assert.equal(stale.error_type, 'HASH_MISMATCH');
    assert.equal(stale.latest_file_state.sha256, first.sha256);
    assert.match(stale.latest_file_state.diff_from_your_version, /-two\n\+TWO/);
    assert.equal(fs.readFileSync(path.join(root, 'a.txt'), 'utf8'), `one\nTWO\nthree\n${tail}`);
    const retry = await server.call('replace_in_file', { path: 'a.txt', base_sha256: stale.latest_file_state.sha256, old_text: 'three', new_text: 'THREE' });
    assert.equal(retry.success, true);
    assert.equal(fs.readFileSync(path.join(root, 'a.txt'), 'utf8'), `one\nTWO\nTHREE\n${tail}`);
    assert.equal(retry.sha256, sha256Text(`one\nTWO\nTHREE\n${tail}`));
  });

  it('a change made outside the tools is HASH_MISMATCH with the current content', async () => {
    fs.writeFileSync(path.join(root, 'b.txt'), 'x\n');
    const v1 = (await server.call('safe_read_file', { path: 'b.txt' })).sha256;
    fs.writeFileSync(path.join(root, 'b.txt'), 'y\n');
    const r = await server.call('write_file', { path: 'b.txt', base_sha256: v1, content: 'z\n' });
    assert.equal(r.error_type, 'HASH_MISMATCH');
    assert.equal(r.latest_file_state.content, 'y\n');
    assert.equal(fs.readFileSync(path.join(root, 'b.txt'), 'utf8'), 'y\n');
  });

  it('existing files need base_sha256 for write_file, safe_patch and edit_lines (INVALID_INPUT naming the field)', async () => {
    fs.writeFileSync(path.join(root, 'c.txt'), 'c\n');
    for (const [tool, args] of [
      ['write_file', { content: 'd\n' }],
      ['safe_patch', { unified_diff: '@@ -1 +1 @@\n-c\n+d\n' }],
    ] as const) {
      const r = await server.call(tool, { path: 'c.txt', ...args });
      assert.equal(r.error_type, 'INVALID_INPUT', tool);
      assert.equal(r.field, 'base_sha256', tool);
    }
    const r = await server.call('edit_lines', { path: 'c.txt', mode: 'insert', start_line: 1, new_lines: ['x'] });
    assert.equal(r.error_type, 'INVALID_INPUT');
    assert.equal(fs.readFileSync(path.join(root, 'c.txt'), 'utf8'), 'c\n');
  });

  it('seed incident: an elided "... existing code ..." write is ELISION_BLOCKED and changes nothing', async () => {
    const text = 'int a(void) {\n  return 1;\n}\n\nint b(void) {\n  return 2;\n}\n';
    fs.writeFileSync(path.join(root, 'e.c'), text);
    const read = await server.call('safe_read_file', { path: 'e.c' });
    const r = await server.call('write_file', { path: 'e.c', base_sha256: read.sha256, content: 'int a(void) {\n  return 1;\n}\n\n// ... existing code ...\n' });
    assert.equal(r.error_type, 'ELISION_BLOCKED');
    assert.equal(fs.readFileSync(path.join(root, 'e.c'), 'utf8'), text);
  });

  it('an edit that would break the syntax is VALIDATION_FAILED (the extension\'s built-in check) and changes nothing', async () => {
    fs.writeFileSync(path.join(root, 'conf.json'), '{\n  "a": 1\n}\n');
    const read = await server.call('safe_read_file', { path: 'conf.json' });
    const r = await server.call('replace_in_file', { path: 'conf.json', base_sha256: read.sha256, old_text: '"a": 1', new_text: '"a": 1,,' });
    assert.equal(r.error_type, 'VALIDATION_FAILED');
    assert.equal(fs.readFileSync(path.join(root, 'conf.json'), 'utf8'), '{\n  "a": 1\n}\n');
  });

  it('an edit lands and is rolled back byte for byte: CRLF, BOM and the file mode kept; the rollback is journaled and listed', async () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('first\r\nsecond\r\nthird\r\n', 'utf8')]);
    const file = path.join(root, 'win.txt');
    fs.writeFileSync(file, original);
    fs.chmodSync(file, 0o640);
    const read = await server.call('safe_read_file', { path: 'win.txt' });
    assert.equal(read.bom, true);
    assert.equal(read.eol, 'CRLF');
    assert.equal(read.sha256, sha256Text('first\r\nsecond\r\nthird\r\n'));
    const edit = await server.call('safe_patch', { path: 'win.txt', base_sha256: read.sha256, unified_diff: '@@ -1,3 +1,3 @@\n first\n-second\n+SECOND\n third\n' });
    assert.equal(edit.success, true, JSON.stringify(edit));
    const edited = fs.readFileSync(file);
    assert.ok(edited.equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('first\r\nSECOND\r\nthird\r\n', 'utf8')])), JSON.stringify(edited.toString('utf8')));
    assert.equal(fs.statSync(file).mode & 0o777, 0o640);
    assert.equal(edit.sha256, sha256Text('first\r\nSECOND\r\nthird\r\n'));
    assert.equal(typeof edit.backup_id, 'string');
    assert.match(edit.excerpt, /SECOND/);

    const listed = await server.call('list_backups', { path: 'win.txt' });
    assert.deepEqual(listed.backups.map((b: { tool: string; id: string }) => [b.tool, b.id]), [['safe_patch', edit.backup_id]]);
    const back = await server.call('rollback_file', { path: 'win.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(back.restored_backup_id, edit.backup_id);
    assert.ok(fs.readFileSync(file).equals(original));
    assert.equal(fs.statSync(file).mode & 0o777, 0o640);
    assert.equal(back.sha256, read.sha256);

    // The rollback is itself a change: rolled back in turn, the edit is back.
    const again = await server.call('rollback_file', { path: 'win.txt' });
    assert.equal(again.success, true);
    assert.ok(fs.readFileSync(file).equals(edited));
  });

  it('the rollback\'s hash protocol: a file changed since the agent\'s edit is HASH_MISMATCH unless force', async () => {
    fs.writeFileSync(path.join(root, 'r.txt'), 'a\n');
    const read = await server.call('safe_read_file', { path: 'r.txt' });
    assert.equal((await server.call('write_file', { path: 'r.txt', base_sha256: read.sha256, content: 'b\n' })).success, true);
    fs.writeFileSync(path.join(root, 'r.txt'), 'user work\n');
    const refused = await server.call('rollback_file', { path: 'r.txt' });
    assert.equal(refused.error_type, 'HASH_MISMATCH');
    assert.equal(fs.readFileSync(path.join(root, 'r.txt'), 'utf8'), 'user work\n');
    const forced = await server.call('rollback_file', { path: 'r.txt', force: true });
    assert.equal(forced.success, true);
    assert.equal(fs.readFileSync(path.join(root, 'r.txt'), 'utf8'), 'a\n');
    // …and the user's work was backed up before it was replaced.
    const undo = await server.call('rollback_file', { path: 'r.txt' });
    assert.equal(undo.success, true);
    assert.equal(fs.readFileSync(path.join(root, 'r.txt'), 'utf8'), 'user work\n');
  });

  it('a file created by write_file is deleted by its rollback; rollback without backups is NO_BACKUPS', async () => {
    const created = await server.call('write_file', { path: 'new/dir/n.md', content: '# n\n', create_dirs: true });
    assert.equal(created.success, true);
    assert.equal(created.created, true);
    assert.equal(fs.readFileSync(path.join(root, 'new/dir/n.md'), 'utf8'), '# n\n');
    const back = await server.call('rollback_file', { path: 'new/dir/n.md' });
    assert.equal(back.deleted, true);
    assert.equal(fs.existsSync(path.join(root, 'new/dir/n.md')), false);
    const none = await server.call('rollback_file', { path: 'never.txt' });
    assert.equal(none.error_type, 'NO_BACKUPS');
    const noDir = await server.call('write_file', { path: 'missing/x.txt', content: 'x\n' });
    assert.equal(noDir.error_type, 'FILE_NOT_FOUND');
    assert.equal(fs.existsSync(path.join(root, 'missing')), false);
  });

  it('paths are confined: .. escapes, absolute paths outside, symlinks out, .git and the store are refused (PATH_DENIED with the reason)', async () => {
    const outside = tempDir('outside');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
    fs.symlinkSync(outside, path.join(root, 'link'));
    fs.mkdirSync(path.join(root, '.git'));
    fs.writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['safe_read_file', { path: '../outside.txt' }, 'PARENT_ESCAPE'],
      ['safe_read_file', { path: path.join(outside, 'secret.txt') }, 'OUTSIDE_WORKSPACE'],
      ['safe_read_file', { path: 'link/secret.txt' }, 'SYMLINK_ESCAPE'],
      ['write_file', { path: '../escape.txt', content: 'x' }, 'PARENT_ESCAPE'],
      ['write_file', { path: 'link/new.txt', content: 'x' }, 'SYMLINK_ESCAPE'],
      ['write_file', { path: '.git/hooks/pre-commit', content: 'x', create_dirs: true }, 'GIT_INTERNALS'],
    ];
    for (const [tool, args, reason] of cases) {
      const r = await server.call(tool, args);
      assert.equal(r.error_type, 'PATH_DENIED', `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
      assert.equal(r.reason, reason, `${tool} ${JSON.stringify(args)}`);
    }
    assert.equal(fs.existsSync(path.join(root, '..', 'escape.txt')), false);
    assert.equal(fs.existsSync(path.join(outside, 'new.txt')), false);
    assert.equal(fs.existsSync(path.join(root, '.git', 'hooks')), false);
  });

  it('a store inside the root is never a target (PROTECTED_STORAGE)', async () => {
    await server.close();
    const inner = path.join(root, '.ase-store');
    server = await startServer(root, inner);
    assert.equal((await server.call('write_file', { path: 'x.txt', content: 'x\n' })).success, true);
    const r = await server.call('write_file', { path: '.ase-store/journal.jsonl', content: '', allow_size_reduce: true });
    assert.equal(r.error_type, 'PATH_DENIED');
    assert.equal(r.reason, 'PROTECTED_STORAGE');
  });

  it('protected files are refused with PERMISSION_DENIED (nobody can be asked) unless --allow-protected', async () => {
    fs.writeFileSync(path.join(root, '.env'), 'A=1\n');
    const read = await server.call('safe_read_file', { path: '.env' });
    assert.equal(read.success, true, 'reading is not editing');
    const r = await server.call('write_file', { path: '.env', base_sha256: read.sha256, content: 'A=2\n' });
    assert.equal(r.error_type, 'PERMISSION_DENIED');
    assert.equal(r.reason, 'protected_file');
    assert.equal(fs.readFileSync(path.join(root, '.env'), 'utf8'), 'A=1\n');
    const created = await server.call('write_file', { path: '.github/workflows/ci.yml', content: 'on: push\n', create_dirs: true });
    assert.equal(created.error_type, 'PERMISSION_DENIED');
    assert.equal(fs.existsSync(path.join(root, '.github')), false);

    await server.close();
    server = await startServer(root, store, ['--allow-protected']);
    const allowed = await server.call('write_file', { path: '.env', base_sha256: read.sha256, content: 'A=2\n' });
    assert.equal(allowed.success, true, JSON.stringify(allowed));
    assert.equal(fs.readFileSync(path.join(root, '.env'), 'utf8'), 'A=2\n');
  });

  it('execute_program is PERMISSION_DENIED without --allow-exec; with it, argv reaches the program unsplit', async () => {
    const off = await server.call('execute_program', { program: process.execPath, args: ['-p', '1'] });
    assert.equal(off.error_type, 'PERMISSION_DENIED');
    assert.equal(off.reason, 'exec_disabled');
    await server.close();
    fs.writeFileSync(path.join(root, 'argv.js'), 'console.log(JSON.stringify(process.argv.slice(2)));\n');
    server = await startServer(root, store, ['--allow-exec']);
    const run = await server.call('execute_program', { program: process.execPath, args: ['argv.js', '5 + 3'] });
    assert.equal(run.success, true, JSON.stringify(run));
    assert.equal(run.exit_code, 0);
    assert.deepEqual(JSON.parse(run.stdout), ['5 + 3']);
    const inline = await server.call('execute_program', { program: process.execPath, args: ['-e', 'require("fs").writeFileSync(".env", "x")'] });
    assert.equal(inline.error_type, 'PERMISSION_DENIED', 'inline code cannot be confirmed by anyone here');
  });

  it('multi-file changes are all or nothing, one history group, rolled back in one step (the engine the extension runs)', async () => {
    fs.writeFileSync(path.join(root, 'm.txt'), 'm\n');
    fs.writeFileSync(path.join(root, 'k.txt'), 'k\n');
    const m = (await server.call('safe_read_file', { path: 'm.txt' })).sha256;
    const k = (await server.call('safe_read_file', { path: 'k.txt' })).sha256;
    const v4a = await server.call('safe_patch', { unified_diff: '*** Begin Patch\n*** Update File: m.txt\n@@\n-m\n+n\n*** Update File: k.txt\n@@\n-k\n+l\n*** Add File: new.txt\n+fresh\n*** End Patch\n', base_hashes: { 'm.txt': m, 'k.txt': k } });
    assert.equal(v4a.success, true, JSON.stringify(v4a));
    assert.deepEqual(v4a.files.map((f: Json) => [f.path, f.action]), [['m.txt', 'modified'], ['k.txt', 'modified'], ['new.txt', 'added']]);
    assert.deepEqual(['m.txt', 'k.txt', 'new.txt'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')), ['n\n', 'l\n', 'fresh\n']);
    // a failing second file leaves the first untouched: nothing was written
    const n = (await server.call('safe_read_file', { path: 'm.txt' })).sha256;
    const broken = await server.call('replace_in_file', { edits: [{ path: 'm.txt', old_text: 'n', new_text: 'o' }, { path: 'k.txt', old_text: 'not there', new_text: 'x' }], base_hashes: { 'm.txt': n } });
    assert.equal(broken.success, false, JSON.stringify(broken));
    assert.equal(broken.nothing_written, true);
    assert.equal(fs.readFileSync(path.join(root, 'm.txt'), 'utf8'), 'n\n');
    // one rollback undoes the whole change: both edits reverted, the added file deleted
    const back = await server.call('rollback_file', { path: 'k.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.ok(back.restored_group_id, JSON.stringify(back));
    assert.deepEqual(['m.txt', 'k.txt'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')), ['m\n', 'k\n']);
    assert.equal(fs.existsSync(path.join(root, 'new.txt')), false);
  });

  it('a multi-file change a crash cut short: the files it reached are put back at the next start, the others left as they are', async () => {
    await server.close();
    fs.writeFileSync(path.join(root, 'c1.txt'), 'one\n');
    fs.writeFileSync(path.join(root, 'c2.txt'), 'two\n');
    fs.writeFileSync(path.join(root, 'c3.txt'), 'three\n');
    // A crash between the group's writes: c1 was written, c2 not yet; c3 was written and then
    // changed again by someone else before the next start.
    const crashed = new BackupStore(store);
    assert.ok((await crashed.open()).ok);
    const begun = await crashed.beginGroup([
      { tool: 'safe_patch', path: 'c1.txt', beforeText: 'one\n', intendedSha256: sha256Text('ONE\n') },
      { tool: 'safe_patch', path: 'c2.txt', beforeText: 'two\n', intendedSha256: sha256Text('TWO\n') },
      { tool: 'safe_patch', path: 'c3.txt', beforeText: 'three\n', intendedSha256: sha256Text('THREE\n') },
    ]);
    assert.ok(begun.ok, JSON.stringify(begun));
    fs.writeFileSync(path.join(root, 'c1.txt'), 'ONE\n');
    fs.writeFileSync(path.join(root, 'c3.txt'), 'THREE, and later work\n');
    await crashed.close();
    server = await startServer(root, store);
    assert.deepEqual(['c1.txt', 'c2.txt', 'c3.txt'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')), ['one\n', 'two\n', 'THREE, and later work\n']);
    assert.match(server.stderr(), /c1\.txt was put back/);
    assert.match(server.stderr(), /c3\.txt changed since and was left as it is/);
    // the recovery is itself a change: what c1 held after the crash is restorable
    const list = await server.call('list_backups', { path: 'c1.txt' });
    assert.equal(list.backups[0].tool, 'crash_recovery', JSON.stringify(list));
  });

  it('input is checked against the manifest\'s schema (INVALID_INPUT names the field); an unknown tool is INVALID_INPUT', async () => {
    const r = await server.call('edit_lines', { path: 'x', base_sha256: 'a'.repeat(64), mode: 'sideways', start_line: 1 });
    assert.equal(r.error_type, 'INVALID_INPUT');
    assert.equal(r.field, 'mode');
    const u = await server.call('no_such_tool', {});
    assert.equal(u.error_type, 'INVALID_INPUT');
  });

  it('calls on one file run one at a time: two edits from the same version, sent together, give one success and one HASH_MISMATCH', async () => {
    fs.writeFileSync(path.join(root, 'race.txt'), 'value = 0\n');
    const v = (await server.call('safe_read_file', { path: 'race.txt' })).sha256;
    const [a, b] = await Promise.all([
      server.call('write_file', { path: 'race.txt', base_sha256: v, content: 'value = 1\n' }),
      server.call('write_file', { path: 'race.txt', base_sha256: v, content: 'value = 2\n' }),
    ]);
    assert.deepEqual([a.success, b.success].sort(), [false, true]);
    const loser = a.success ? b : a;
    const winner = a.success ? a : b;
    assert.equal(loser.error_type, 'HASH_MISMATCH');
    assert.equal(loser.latest_file_state.sha256, winner.sha256);
    assert.equal(sha256Text(fs.readFileSync(path.join(root, 'race.txt'), 'utf8')), winner.sha256);
  });

  it('the journal on disk, in the store\'s own format, names the client from the MCP initialize request', async () => {
    await server.close();
    server = await startServer(root, store, [], 'claude-code');
    const made = await server.call('write_file', { path: 'j.txt', content: 'j\n' });
    const read = await server.call('safe_read_file', { path: 'j.txt' });
    const changed = await server.call('write_file', { path: 'j.txt', base_sha256: read.sha256, content: 'k\n' });
    await server.close();
    const entries = await journal(store, 'j.txt');
    assert.deepEqual(entries.map((e) => [e.id, e.tool, e.outcome, e.kind, e.client]), [
      [changed.backup_id, 'write_file', 'applied', 'modify', 'mcp:claude-code'],
      [made.backup_id, 'write_file', 'applied', 'create', 'mcp:claude-code'],
    ]);
    assert.equal(entries[0].after_sha256, changed.sha256);
    assert.ok(entries.every((e) => typeof e.turn_id === 'string' && e.turn_id === entries[0].turn_id), 'one session\'s calls within the quiet gap are one turn');
    const reopened = new BackupStore(store);
    try {
      const before = await reopened.readText(entries[0].before_sha256);
      assert.equal(before.ok && before.text, 'j\n');
    } finally {
      await reopened.close();
    }
  });

  it('a second server on the same store tells the agent why it cannot work: the handshake and every call name the running one\'s pid and what to do', async () => {
    const second = await startServer(root, store, [], 'second-agent');
    try {
      assert.match(second.client.getInstructions() ?? '', new RegExp(`in use by process ${server.pid}`));
      fs.writeFileSync(path.join(root, 'kept.txt'), 'kept\n');
      const r = await second.raw('write_file', { path: 'kept.txt', content: 'lost\n', base_sha256: sha256Text('kept\n') });
      assert.equal(r.isError, true);
      assert.equal(r.structuredContent.reason, 'SERVER_UNAVAILABLE');
      assert.match(r.structuredContent.message, new RegExp(`in use by process ${server.pid}.*Stop process ${server.pid}.*another --store`, 's'));
      assert.equal(fs.readFileSync(path.join(root, 'kept.txt'), 'utf8'), 'kept\n', 'nothing was written');
      assert.match(second.stderr(), /in use by process/);
    } finally {
      await second.close();
    }
    // The first one still works.
    assert.equal((await server.call('safe_read_file', { path: 'kept.txt' })).success, true);
  });

  it('a root that cannot be used is reported the same way, on the handshake and every call', async () => {
    const missing = path.join(root, 'no-such-folder');
    const broken = await startServer(missing, tempDir('store2'));
    try {
      assert.match(broken.client.getInstructions() ?? '', /--root .*no-such-folder cannot be used/);
      const r = await broken.raw('safe_read_file', { path: 'a.txt' });
      assert.equal(r.isError, true);
      assert.match(r.structuredContent.message, /cannot be used/);
    } finally {
      await broken.close();
    }
  });
});

/** The store's entries for a path, newest first (the server must be closed: one owner per store). */
async function journal(storeDir: string, p: string) {
  const s = new BackupStore(storeDir);
  try {
    const opened = await s.open();
    assert.ok(opened.ok, JSON.stringify(opened));
    return s.list(p);
  } finally {
    await s.close();
  }
}

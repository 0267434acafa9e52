import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openWindowStore } from '../../../src/mcp/window-store';
import { BackupStore } from '../../../src/history/backupStore';
import { defaultStoreDir, stateDir } from '../../../src/headless/store-location';
import { findHookEndpoint, serveHooks } from '../../../src/headless/hook-endpoint';
import { stopOwners } from '../hooks/owners';

const OWNER = path.resolve(__dirname, '../../../src/owner.js');

async function edit(store: BackupStore, file: string, before: string, after: string): Promise<void> {
  const begun = await store.begin({ tool: 'write_file', path: file, beforeText: before });
  assert.ok(begun.ok);
  assert.ok((await store.finish(begun.id, { afterText: after, outcome: 'applied' })).ok);
}

describe('a VS Code window opens its folder\'s one history (mcp/window-store.ts)', function () {
  this.timeout(60_000);
  let base: string;
  let folder: string;
  let windowDir: string;
  let env: NodeJS.ProcessEnv;
  const opened: BackupStore[] = [];
  const open = (folders: string[], extra: Partial<Parameters<typeof openWindowStore>[0]> = {}) => openWindowStore({
    windowDir, folders, env, home: '/nonexistent-home', log: () => undefined, releaseWaitMs: 10_000,
    newStore: (dir) => { const s = new BackupStore(dir); opened.push(s); return s; }, ...extra,
  });
  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-window-store-')));
    folder = path.join(base, 'project');
    windowDir = path.join(base, 'workspaceStorage', 'abc123');
    fs.mkdirSync(folder);
    fs.mkdirSync(windowDir, { recursive: true });
    env = { ...process.env, XDG_STATE_HOME: path.join(base, 'state') };
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close().catch(() => undefined);
    await stopOwners(path.join(base, 'state'));
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('one folder: the store is the folder\'s (where the server, the background owner and the terminal keep it); a second window\'s fresh storage finds the same history', async () => {
    const first = await open([folder]);
    assert.ok(first.opened.ok);
    assert.equal(first.dir, defaultStoreDir(folder, env, '/nonexistent-home'));
    assert.equal(first.folder, folder);
    await edit(first.store, 'a.txt', 'one\n', 'two\n');
    await first.store.close();
    windowDir = path.join(base, 'workspaceStorage', 'abc123-1');
    const second = await open([folder]);
    assert.ok(second.opened.ok);
    assert.equal(second.store.list('a.txt').length, 1, 'the second window sees the first one\'s history');
  });

  it('the window\'s old per-window store is carried over into the folder\'s, nothing in it lost', async () => {
    const old = new BackupStore(path.join(windowDir, 'backups'));
    assert.ok((await old.open()).ok);
    await edit(old, 'kept.txt', 'before\n', 'after\n');
    await old.close();
    const w = await open([folder]);
    assert.ok(w.opened.ok);
    const [entry] = w.store.list('kept.txt');
    assert.ok(entry, 'the entry came along');
    const before = await w.store.readText(entry.before_sha256);
    assert.ok(before.ok && before.text === 'before\n', 'with its snapshot');
    assert.match(w.notes.join(' '), /moved to the folder's history/);
    assert.equal(fs.existsSync(path.join(windowDir, 'backups')), false);
  });

  it('a background owner holding the folder\'s store gives it up to the window and exits', async () => {
    const child = spawn(process.execPath, [OWNER, '--root', folder], { env, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const records = path.join(stateDir(env, '/nonexistent-home'), 'connections');
    for (let i = 0; i < 400 && !findHookEndpoint(folder, stateDir(env, '/nonexistent-home')); i++) await new Promise((r) => setTimeout(r, 25));
    assert.ok(fs.readdirSync(records).length > 0, 'the owner published its endpoint');
    const w = await open([folder]);
    assert.ok(w.opened.ok, JSON.stringify(w.notes));
    assert.equal(w.folder, folder);
    assert.equal(await exited, 0, 'the owner ended cleanly');
  });

  it('held by a process that does not give it up (a server): the window keeps a store of its own, says so, and takes no hooks for the folder', async () => {
    const holder = new BackupStore(defaultStoreDir(folder, env, '/nonexistent-home'));
    opened.push(holder);
    assert.ok((await holder.open()).ok);
    const w = await open([folder]);
    assert.ok(w.opened.ok);
    assert.equal(w.dir, path.join(windowDir, 'backups'));
    assert.equal(w.folder, undefined);
    assert.equal(w.heldElsewhere, folder);
    assert.match(w.notes.join(' '), new RegExp(`held by process ${process.pid}`));
  });

  it('an older window on the folder hands its history over to the newer one', async () => {
    const older = await open([folder]);
    assert.ok(older.opened.ok);
    let handedOver = false;
    const served = await serveHooks([folder], async () => ({ files: [], skipped: [] }), () => undefined, stateDir(env, '/nonexistent-home'), {
      role: 'window',
      release: () => { handedOver = true; void older.store.close(); },
    });
    try {
      windowDir = path.join(base, 'workspaceStorage', 'abc123-2');
      const newer = await open([folder]);
      assert.ok(newer.opened.ok, JSON.stringify(newer.notes));
      assert.equal(newer.folder, folder);
      assert.equal(handedOver, true);
    } finally {
      await served.close();
    }
  });

  it('a window on several folders keeps a store of its own', async () => {
    const other = path.join(base, 'other');
    fs.mkdirSync(other);
    const w = await open([folder, other]);
    assert.ok(w.opened.ok);
    assert.equal(w.dir, path.join(windowDir, 'backups'));
    assert.equal(w.folder, undefined);
  });
});

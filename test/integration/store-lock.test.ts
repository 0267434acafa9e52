import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { activateExtension, EXTENSION_ID, freshDir, invoke, workspaceRoot, writeBytes } from './helpers';

/** The extension's backup store: the folder's one history (mcp/window-store.ts). */
function storeRoot(api: any): string {
  return api.services.historyDir as string;
}

/** Lock generations in the store, ascending. */
function generations(root: string): number[] {
  return fs
    .readdirSync(root)
    .map((n) => /^store\.lock\.(\d+)$/.exec(n))
    .filter((m) => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

/** Runs the headless server (dist/mcp-stdio.js) to its exit, stdin closed at once. */
function runHeadless(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const script = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'mcp-stdio.js');
  return new Promise((resolve, reject) => {
    // The extension host's executable is Node in code-server and Electron in a desktop VS Code.
    const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
    child.stdin.end();
  });
}

describe("the backup store the extension opens at activation: one owner, the user's only", () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });

  it("holds the highest lock generation under the extension host's pid, and a headless server on the same store is refused", async function () {
    this.timeout(60_000);
    const root = storeRoot(api);
    const held = generations(root).at(-1);
    assert.ok(held !== undefined, `no lock generation in ${root}: ${fs.readdirSync(root).join(' ')}`);
    const record = JSON.parse(fs.readFileSync(path.join(root, `store.lock.${held}`), 'utf8'));
    assert.equal(record.pid, process.pid);
    assert.notEqual(record.released, true);
    assert.equal(JSON.parse(fs.readFileSync(path.join(root, 'store.lock'), 'utf8')).nonce, record.nonce, 'earlier versions see the same owner');

    const second = await runHeadless(['--root', workspaceRoot(), '--store', root]);
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stderr, new RegExp(`in use by process ${process.pid}\\b`));
    assert.deepEqual(generations(root), [held], 'the refused server left no lock behind');

    // The extension still owns its store: an edit is backed up and rolls back.
    const d = freshDir('store-lock');
    const rel = `${d.rel}/owned.txt`;
    writeBytes(path.join(d.abs, 'owned.txt'), 'before\n');
    const read = await invoke('safe_read_file', { path: rel });
    const written = await invoke('write_file', { path: rel, base_sha256: read.sha256, content: 'after\n' });
    assert.equal(written.success, true, JSON.stringify(written));
    const back = await invoke('rollback_file', { path: rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(path.join(d.abs, 'owned.txt'), 'utf8'), 'before\n');
  });

  it('keeps every folder of the store 0700 and every file 0600, backups of a tool call included', async function () {
    const d = freshDir('store-modes');
    const rel = `${d.rel}/secret.env.txt`;
    writeBytes(path.join(d.abs, 'secret.env.txt'), 'TOKEN=1\n');
    const read = await invoke('safe_read_file', { path: rel });
    const written = await invoke('write_file', { path: rel, base_sha256: read.sha256, content: 'TOKEN=2\n' });
    assert.equal(written.success, true, JSON.stringify(written));
    const root = storeRoot(api);
    const loose: string[] = [];
    const walk = (p: string): void => {
      const st = fs.lstatSync(p);
      const want = st.isDirectory() ? 0o700 : 0o600;
      if ((st.mode & 0o777) !== want) loose.push(`${path.relative(root, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
      if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    };
    walk(root);
    assert.deepEqual(loose, []);
  });

  it("holds the folder's one history: an agent-safe-edit-mcp an agent starts on the folder relays it to this window instead of being refused", async function () {
    this.timeout(60_000);
    const folder = fs.realpathSync(workspaceRoot());
    assert.equal(api.services.historyFolders()[0], folder, 'the window holds the folder\'s history');
    assert.ok(storeRoot(api).startsWith(path.join(process.env.XDG_STATE_HOME as string, 'agent-safe-edit')), storeRoot(api));
    const script = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'mcp-stdio.js');
    const client = new Client({ name: 'relayed-agent', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [script, '--root', folder], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } as Record<string, string>, stderr: 'ignore' }));
    try {
      const d = freshDir('relayed');
      writeBytes(path.join(d.abs, 'r.txt'), 'before\n');
      const call = async (name: string, args: Record<string, unknown>) => JSON.parse(((await client.callTool({ name, arguments: args })) as any).content[0].text);
      const read = await call('safe_read_file', { path: `${d.rel}/r.txt` });
      assert.equal(read.success, true, JSON.stringify(read));
      const written = await call('write_file', { path: `${d.rel}/r.txt`, base_sha256: read.sha256, content: 'after\n' });
      assert.equal(written.success, true, JSON.stringify(written));
      assert.equal(api.services.store.list(`${d.rel}/r.txt`)[0]?.client, 'mcp:relayed-agent', 'the window journaled it');
    } finally {
      await client.close();
    }
  });
});

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startServer, tempDir, REPO } from '../headless/harness';
import { defaultStoreDir, stateDir } from '../../../src/headless/store-location';
import { findHookEndpoint } from '../../../src/headless/hook-endpoint';
import { startHookListener } from '../../../src/headless/hook-listener';
import { writeConnectionFile } from '../../../src/files/connection-file';
import type { HookedCall } from '../../../src/engine/writers/hooked-calls';
import { stopOwners } from './owners';

const CLI = path.resolve(__dirname, '../../../src/cli.js');
const FIXTURES = path.join(REPO, 'test', 'fixtures', 'hooks');

function payload(agent: string, name: string, root: string): string {
  return fs.readFileSync(path.join(FIXTURES, agent, `${name}.json`), 'utf8').split('__ROOT__').join(root);
}

describe('agent-safe-edit hook: the events go to the process that owns the folder\'s history', function () {
  this.timeout(60_000);
  let root: string;
  let state: string;
  let env: NodeJS.ProcessEnv;
  const hook = (agent: string, stdin: string, extra: string[] = []) => {
    const r = spawnSync(process.execPath, [CLI, 'hook', agent, ...extra], { input: stdin, encoding: 'utf8', env });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  beforeEach(() => {
    root = tempDir('owner-root');
    state = tempDir('owner-state');
    env = { ...process.env, XDG_STATE_HOME: state };
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'one\ntwo\n');
  });
  afterEach(async () => {
    await stopOwners(state);
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(state, { recursive: true, force: true });
  });

  it('while agent-safe-edit-mcp runs on the root (holding the store), the hook hands it the events: the change is in its history and rolls back', async () => {
    const store = defaultStoreDir(root, env, '/nonexistent-home');
    const server = await startServer(root, store, [], 'owner-test', env);
    try {
      const record = path.join(stateDir(env, '/nonexistent-home'), 'connections');
      assert.equal(fs.readdirSync(record).length, 1, 'the server published its hook endpoint');
      const pre = hook('claude-code', payload('claude-code', 'edit.pre', root));
      assert.equal(pre.code, 0);
      assert.equal(pre.stderr, '', 'recorded through the server, not refused for the store in use');
      fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\ntwo\n');
      const post = hook('claude-code', payload('claude-code', 'edit.post', root));
      assert.equal(post.stderr, '');
      const listed = await server.call('list_backups', { path: 'src/a.txt' });
      assert.equal(listed.backups.length, 1, JSON.stringify(listed));
      assert.equal(listed.backups[0].tool, 'claude-code:Edit');
      const back = await server.call('rollback_file', { path: 'src/a.txt' });
      assert.equal(back.success, true, JSON.stringify(back));
      assert.equal(fs.readFileSync(path.join(root, 'src/a.txt'), 'utf8'), 'one\ntwo\n');
      assert.equal(fs.existsSync(path.join(store, 'hooks')), false, 'the hook never opened the store itself');
    } finally {
      await server.close();
    }
    await waitFor(() => fs.readdirSync(path.join(stateDir(env, '/x'), 'connections')).length === 0, 'the endpoint record is removed when the server stops');
  });

  it('a hook run in a subfolder finds the endpoint of the folder above; a shell command there is the agent\'s shell', async () => {
    const store = defaultStoreDir(root, env, '/nonexistent-home');
    const server = await startServer(root, store, [], 'owner-test', env);
    try {
      const sub = path.join(root, 'src');
      const pre = hook('codex', payload('codex', 'shell.pre', root), ['--root', sub]);
      assert.equal(pre.stderr, '');
      fs.writeFileSync(path.join(sub, 'made.txt'), 'by a command\n');
      const post = hook('codex', payload('codex', 'shell.post', root), ['--root', sub]);
      assert.equal(post.stderr, '');
      const listed = await server.call('list_backups', { path: 'src/made.txt' });
      assert.equal(listed.backups.length, 1, JSON.stringify(listed));
      assert.equal(listed.backups[0].tool, 'codex:shell');
    } finally {
      await server.close();
    }
  });

  it('an endpoint record whose process has ended is passed over: the hook starts a background owner, which gives the store up to a server started later', async () => {
    writeConnectionFile(stateDir(env, '/x'), { url: 'http://127.0.0.1:9/hook', token: 'x', pid: 2 ** 22 + 7, workspace: root });
    assert.equal(findHookEndpoint(root, stateDir(env, '/x')), undefined);
    const pre = hook('gemini-cli', payload('gemini-cli', 'edit.pre', root));
    assert.equal(pre.stderr, '');
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\n');
    const post = hook('gemini-cli', payload('gemini-cli', 'edit.post', root));
    assert.equal(post.stderr, '');
    const server = await startServer(root, defaultStoreDir(root, env, '/x'), [], 'owner-test', env);
    try {
      const listed = await server.call('list_backups', { path: 'src/a.txt' });
      assert.equal(listed.backups.length, 1, JSON.stringify(listed));
    } finally {
      await server.close();
    }
  });
});

describe('the hook listener', () => {
  it('answers only a POST /hook with its token and a well-formed event', async () => {
    const seen: HookedCall[] = [];
    const listener = await startHookListener(async (call) => { seen.push(call); return { files: [], skipped: [] }; }, () => undefined);
    try {
      const event = { event: 'pre', callId: 'c', turn: { id: 's', client: 'cursor' }, writer: { kind: 'agent_tool', name: 'cursor:Write' }, scope: 'files', paths: ['/w/a'] };
      const post = (body: string, token = listener.token, url = listener.url) => fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
      assert.equal((await post(JSON.stringify(event), 'wrong')).status, 401);
      assert.equal((await post('{', listener.token)).status, 400);
      assert.equal((await post(JSON.stringify({ ...event, paths: ['rel'] }))).status, 400);
      assert.equal((await post(JSON.stringify(event), listener.token, listener.url.replace('/hook', '/other'))).status, 404);
      assert.equal(seen.length, 0, 'nothing reached the recorder');
      const ok = await post(JSON.stringify(event));
      assert.equal(ok.status, 200);
      assert.deepEqual(await ok.json(), { ok: true, recorded: { files: [], skipped: [] } });
      assert.deepEqual(seen, [event]);
      assert.equal(new URL(listener.url).hostname, '127.0.0.1');
    } finally {
      await listener.close();
    }
  });
});

async function waitFor(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(what);
}

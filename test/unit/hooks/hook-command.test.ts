import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startServer, tempDir, REPO } from '../headless/harness';
import { BackupStore } from '../../../src/history/backupStore';
import { stopOwners } from './owners';
import { GROUP_FILES, after, before } from '../history/groupKillChild';

// The hook command as tsc compiled it, run as the agents run it: a child process, payload on stdin.
const CLI = path.resolve(__dirname, '../../../src/cli.js');
const FIXTURES = path.join(REPO, 'test', 'fixtures', 'hooks');
const AGENTS = ['claude-code', 'codex', 'cursor', 'gemini-cli', 'copilot'];
const BEFORE_A = Buffer.from('\ufeffone\r\ntwo x\r\n', 'utf8');
const BEFORE_NB = Buffer.from('{"cells": [], "x": 1}\n');

function payload(agent: string, name: string, root: string): string {
  return fs.readFileSync(path.join(FIXTURES, agent, `${name}.json`), 'utf8').split('__ROOT__').join(root);
}

/** The state directory of the running test: endpoint records and owner logs, never the user's. */
let state = '';
const testEnv = (): NodeJS.ProcessEnv => ({ ...process.env, XDG_STATE_HOME: state });

function hook(agent: string, stdin: string, store: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, 'hook', agent, '--store', store, ...extra], { input: stdin, encoding: 'utf8', env: { ...testEnv(), ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** What each case's tool does to the files, as the agent's own tool would. */
const ACTIONS: Record<string, { path: string; act: (root: string) => void; tool: (agent: string) => RegExp }> = {
  edit: { path: 'src/a.txt', act: (root) => fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\n'), tool: () => /./ },
  write: { path: 'new.txt', act: (root) => fs.writeFileSync(path.join(root, 'new.txt'), 'new\n'), tool: () => /./ },
  notebook: { path: 'nb.ipynb', act: (root) => fs.writeFileSync(path.join(root, 'nb.ipynb'), '{"cells": [1]}\n'), tool: () => /./ },
  shell: { path: 'src/a.txt', act: (root) => fs.writeFileSync(path.join(root, 'src/a.txt'), 'two y\n'), tool: (agent) => new RegExp(`^${agent}:shell$`) },
};

describe('agent-safe-edit hook: each agent\'s payloads recorded through the background owner the first hook starts', function () {
  this.timeout(60_000);
  let root: string;
  let store: string;
  beforeEach(() => {
    root = tempDir('hook-root');
    store = tempDir('hook-store');
    state = tempDir('hook-state');
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'src/a.txt'), BEFORE_A);
    fs.writeFileSync(path.join(root, 'nb.ipynb'), BEFORE_NB);
  });
  afterEach(async () => {
    await stopOwners(state);
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(store, { recursive: true, force: true });
    fs.rmSync(state, { recursive: true, force: true });
  });

  for (const agent of AGENTS) {
    for (const kind of Object.keys(ACTIONS)) {
      it(`${agent} ${kind}: pre, the tool's change, post → one entry by the agent's tool in its session's turn; rollback_file restores the before byte for byte`, async () => {
        const a = ACTIONS[kind];
        const before = fs.existsSync(path.join(root, a.path)) ? fs.readFileSync(path.join(root, a.path)) : undefined;
        const pre = hook(agent, payload(agent, `${kind}.pre`, root), store);
        assert.equal(pre.code, 0, pre.stderr);
        assert.equal(pre.stderr, '', 'the pre hook recorded without complaint');
        a.act(root);
        const post = hook(agent, payload(agent, `${kind}.post`, root), store);
        assert.equal(post.code, 0, post.stderr);
        assert.equal(post.stderr, '', 'the post hook recorded without complaint');
        // A server the user starts on the folder: the background owner gives the store up to it.
        const server = await startServer(root, store, [], 'headless-test', testEnv());
        try {
          const listed = await server.call('list_backups', { path: a.path });
          assert.equal(listed.backups.length, 1, JSON.stringify(listed));
          const entry = listed.backups[0];
          assert.ok(entry.tool.startsWith(`${agent}:`), JSON.stringify(entry));
          assert.match(entry.tool, a.tool(agent), JSON.stringify(entry));
          assert.match(entry.writer, new RegExp(agent.split('-')[0], 'i'), 'listed with the agent\'s name');
          const back = await server.call('rollback_file', { path: a.path });
          assert.equal(back.success, true, JSON.stringify(back));
          if (before === undefined) assert.equal(fs.existsSync(path.join(root, a.path)), false, 'a created file is deleted');
          else assert.deepEqual(fs.readFileSync(path.join(root, a.path)), before, 'the before state, BOM and CRLF included');
        } finally {
          await server.close();
        }
      });
    }
  }

  it('the journal entry carries the writer and the agent\'s session as its turn', async () => {
    hook('claude-code', payload('claude-code', 'edit.pre', root), store);
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\n');
    hook('claude-code', payload('claude-code', 'edit.post', root), store);
    await stopOwners(state);
    const journal = fs.readFileSync(path.join(store, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const entry = journal.map((r) => r.entry).find((e) => e?.path === 'src/a.txt' && e.writer);
    assert.ok(entry, JSON.stringify(journal));
    assert.deepEqual(entry.writer, { kind: 'agent_tool', name: 'claude-code:Edit' });
    assert.equal(entry.turn_id, 'claude-sess-1');
  });

  it('a post without its pre records nothing and still lets the agent go on, saying why on stderr', () => {
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\n');
    const post = hook('claude-code', payload('claude-code', 'edit.post', root), store);
    assert.equal(post.code, 0);
    assert.equal(post.stdout, '');
    assert.match(post.stderr, /no pre-tool hook event of this call was seen/);
  });

  it('a store held by a process that takes no hook events: the owner the hook starts cannot open it, and the agent goes on told it was not recorded', async () => {
    const holder = new BackupStore(store);
    assert.ok((await holder.open()).ok);
    try {
      const started = Date.now();
      const pre = hook('gemini-cli', payload('gemini-cli', 'edit.pre', root), store);
      assert.equal(pre.code, 0);
      assert.equal(pre.stdout, '{}', "gemini-cli's proceed answer");
      assert.match(pre.stderr, /not recorded: the history of .* is held by a process that takes no hook events/);
      assert.ok(Date.now() - started < 9000, 'it did not wait out --wait-ms: the owner said the store is held');
    } finally {
      await holder.close();
    }
  });

  it('a hook run with no owner starts one: the first event is recorded, the owner\'s record is user-only and names its process, its log is under the state directory', async () => {
    const pre = hook('claude-code', payload('claude-code', 'edit.pre', root), store);
    assert.equal(pre.stderr, '');
    const connections = path.join(state, 'agent-safe-edit', 'connections');
    const [name] = fs.readdirSync(connections).filter((n) => n.endsWith('.json'));
    const record = JSON.parse(fs.readFileSync(path.join(connections, name), 'utf8'));
    assert.equal(record.role, 'background');
    assert.notEqual(record.pid, process.pid);
    assert.equal(fs.statSync(path.join(connections, name)).mode & 0o777, 0o600);
    const logs = fs.readdirSync(path.join(state, 'agent-safe-edit', 'logs'));
    assert.equal(logs.length, 1);
    assert.match(fs.readFileSync(path.join(state, 'agent-safe-edit', 'logs', logs[0]), 'utf8'), /owning /);
    assert.equal(fs.existsSync(path.join(store, 'hooks')), false, 'nothing of the old per-process pending calls');
    const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, 'owner', ...args, '--root', root], { encoding: 'utf8', env: testEnv() });
    const status = cli('status', '--json');
    assert.equal(status.status, 0, status.stderr);
    const seen = JSON.parse(status.stdout);
    assert.equal(seen.owner.role, 'background');
    assert.equal(seen.owner.pid, record.pid);
    assert.match(seen.owner.log, /owner-.*\.log$/);
    const stop = cli('stop');
    assert.equal(stop.status, 0, stop.stderr);
    assert.throws(() => process.kill(record.pid, 0), 'the owner ended');
    assert.equal(cli('status').status, 1, 'nothing owns the folder now');
  });

  it('a multi-file change a crash cut short is put back to all-before when the owner a hook starts opens the store (recovery acted on, whoever opens)', async () => {
    const child = path.join(__dirname, '..', 'history', 'groupKillChild.js');
    // The step at which the change has written its first file and not the others.
    let cut = false;
    for (let at = 0; at < 40 && !cut; at++) {
      fs.rmSync(store, { recursive: true, force: true });
      for (const f of GROUP_FILES) fs.writeFileSync(path.join(root, f), before(f));
      spawnSync(process.execPath, [child, store, root, String(at), 'intended'], { encoding: 'utf8', timeout: 30_000 });
      cut = fs.readFileSync(path.join(root, 'a.txt'), 'utf8') === after('a.txt') && fs.readFileSync(path.join(root, 'b.txt'), 'utf8') === before('b.txt');
    }
    assert.ok(cut, 'a change cut after its first file');
    const pre = hook('claude-code', payload('claude-code', 'edit.pre', root), store);
    assert.equal(pre.stderr, '');
    for (const f of GROUP_FILES) assert.equal(fs.readFileSync(path.join(root, f), 'utf8'), before(f), `${f} is back to before the cut change`);
  });

  it('a named file the checkpoints leave out (.gitignored .env) is recorded; one over the size cap is named as not recorded, never dropped silently', async () => {
    fs.writeFileSync(path.join(root, '.gitignore'), '.env\nbig.bin\n');
    fs.writeFileSync(path.join(root, '.env'), 'TOKEN=1\n');
    fs.writeFileSync(path.join(root, 'big.bin'), Buffer.alloc(17 * 1024 * 1024, 0x61));
    const named = (name: string, file: string) => payload('claude-code', name, root).split(path.join(root, 'src/a.txt')).join(path.join(root, file));
    assert.equal(hook('claude-code', named('edit.pre', '.env'), store).stderr, '');
    fs.writeFileSync(path.join(root, '.env'), 'TOKEN=2\n');
    assert.equal(hook('claude-code', named('edit.post', '.env'), store).stderr, '');
    const preBig = hook('claude-code', named('edit.pre', 'big.bin').replace('toolu_', 'toolu_big_'), store);
    assert.match(preBig.stderr, /not recorded: .*big\.bin/);
    const postBig = hook('claude-code', named('edit.post', 'big.bin').replace('toolu_', 'toolu_big_'), store);
    assert.match(postBig.stderr, /not recorded: .*big\.bin/);
    const server = await startServer(root, store, [], 'headless-test', testEnv());
    try {
      const listed = await server.call('list_backups', { path: '.env' });
      assert.equal(listed.backups.length, 1, JSON.stringify(listed));
    } finally {
      await server.close();
    }
  });

  it('two hooks at once with no owner: one background owner starts (the store lock decides), both events are recorded', async () => {
    const run = (stdin: string) => new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'hook', 'claude-code', '--store', store], { env: testEnv() });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end(stdin);
    });
    const edit = payload('claude-code', 'edit.pre', root);
    const write = payload('claude-code', 'write.pre', root);
    const [a, b] = await Promise.all([run(edit), run(write)]);
    assert.deepEqual([a.stderr, b.stderr], ['', '']);
    const connections = path.join(state, 'agent-safe-edit', 'connections');
    assert.equal(fs.readdirSync(connections).filter((n) => n.endsWith('.json')).length, 1, 'one owner');
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\n');
    fs.writeFileSync(path.join(root, 'new.txt'), 'new\n');
    assert.equal(hook('claude-code', payload('claude-code', 'edit.post', root), store).stderr, '');
    assert.equal(hook('claude-code', payload('claude-code', 'write.post', root), store).stderr, '');
  });

  it('an edit that names only a file outside the root records nothing and says so; the user\'s own change meanwhile is never its', async () => {
    const outside = path.join(tempDir('outside'), 'elsewhere.txt');
    const text = payload('claude-code', 'edit.pre', root).split(path.join(root, 'src/a.txt')).join(outside);
    const pre = hook('claude-code', text, store);
    assert.match(pre.stderr, /not recorded: .*elsewhere\.txt \(outside /);
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'the user\'s own\n');
    const post = hook('claude-code', text.replace('PreToolUse', 'PostToolUse'), store);
    assert.match(post.stderr, /outside /);
    assert.equal(fs.existsSync(path.join(state, 'agent-safe-edit', 'connections')) && fs.readdirSync(path.join(state, 'agent-safe-edit', 'connections')).length > 0, false, 'no owner was started for nothing');
  });

  it('a root given with a trailing separator is the same folder: the event is recorded', async () => {
    const pre = hook('codex', payload('codex', 'edit.pre', root), store, ['--root', `${root}/`]);
    assert.equal(pre.stderr, '');
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\n');
    const post = hook('codex', payload('codex', 'edit.post', root), store, ['--root', `${root}/`]);
    assert.equal(post.stderr, '');
    const server = await startServer(root, store, [], 'headless-test', testEnv());
    try {
      assert.equal((await server.call('list_backups', { path: 'src/a.txt' })).backups.length, 1);
    } finally {
      await server.close();
    }
  });

  describe('strict mode: the agent\'s own file tools are denied in its format, naming our tool', () => {
    const denied = (agent: string, out: string): string => {
      const j = JSON.parse(out);
      if (agent === 'cursor') {
        assert.equal(j.permission, 'deny');
        return j.agent_message;
      }
      if (agent === 'gemini-cli') {
        assert.equal(j.decision, 'deny');
        return j.reason;
      }
      assert.equal(j.hookSpecificOutput.hookEventName, 'PreToolUse');
      assert.equal(j.hookSpecificOutput.permissionDecision, 'deny');
      return j.hookSpecificOutput.permissionDecisionReason;
    };
    for (const agent of AGENTS) {
      it(`${agent}: edit and write denied (--strict and AGENT_SAFE_EDIT_STRICT=1), a shell command let through`, () => {
        const edit = hook(agent, payload(agent, 'edit.pre', root), store, ['--strict']);
        assert.match(denied(agent, edit.stdout), /safe_patch or replace_in_file/);
        const write = hook(agent, payload(agent, 'write.pre', root), store, [], { AGENT_SAFE_EDIT_STRICT: '1' });
        assert.match(denied(agent, write.stdout), /write_file/);
        const shell = hook(agent, payload(agent, 'shell.pre', root), store, ['--strict']);
        assert.equal(shell.code, 0);
        assert.doesNotMatch(shell.stdout, /deny/);
      });
    }
  });
});

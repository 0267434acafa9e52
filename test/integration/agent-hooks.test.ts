import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as os from 'node:os';
import { activateExtension, EXTENSION_ID, freshDir, workspaceRoot, writeBytes } from './helpers';
import { connectionFiles } from '../../src/files/connection-file';
import { stateDir } from '../../src/headless/store-location';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const AGENTS = ['claude-code', 'codex', 'cursor', 'gemini-cli', 'copilot'];

/** What each case's tool does to the files, as the agent's own tool would (the fixtures name these paths). */
const CASES: Array<{ kind: string; path: string; act: (root: string) => void; writer: (agent: string) => RegExp }> = [
  { kind: 'edit', path: 'src/a.txt', act: (root) => fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\r\ntwo x\r\n'), writer: (agent) => new RegExp(`^${agent}:(?!shell)`) },
  { kind: 'write', path: 'new.txt', act: (root) => fs.writeFileSync(path.join(root, 'new.txt'), 'new\n'), writer: (agent) => new RegExp(`^${agent}:(?!shell)`) },
  { kind: 'notebook', path: 'nb.ipynb', act: (root) => fs.writeFileSync(path.join(root, 'nb.ipynb'), '{"cells": [1]}\n'), writer: (agent) => new RegExp(`^${agent}:(?!shell)`) },
  { kind: 'shell', path: 'src/a.txt', act: (root) => fs.writeFileSync(path.join(root, 'src/a.txt'), 'two y\n'), writer: (agent) => new RegExp(`^${agent}:shell$`) },
];

/**
 * Other agents' hooks while VS Code has the folder open: `agent-safe-edit hook AGENT` (the
 * extension's own dist/cli.js, run as the agents run it: a child process, the agent's payload on
 * stdin) hands each event to this window, so the writes land in the history the window shows and
 * Roll Back Agent Turn restores them.
 */
describe('other agents\' hooks recorded through the running window', () => {
  let services: any;
  let cli: string;
  before(async function () {
    this.timeout(60_000);
    services = (await activateExtension()).services;
    cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
  });

  /** Runs the hook without blocking this thread: the window answering it is this very process. */
  function hook(agent: string, name: string, root: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const fixture = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'test', 'fixtures', 'hooks', agent, `${name}.json`);
    const input = fs.readFileSync(fixture, 'utf8').split('__ROOT__').join(root);
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'hook', agent], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(input);
    });
  }

  for (const agent of AGENTS) {
    it(`${agent}: an edit, a write, a notebook edit and a shell command are in the window's history by the agent's tools; Roll Back Agent Turn restores every file byte for byte`, async function () {
      this.timeout(120_000);
      const d = freshDir(`hooks-${agent}`);
      const a = Buffer.concat([BOM, Buffer.from('one\r\ntwo x\r\n')]);
      const nb = Buffer.from('{"cells": [], "x": 1}\n');
      writeBytes(path.join(d.abs, 'src/a.txt'), a);
      writeBytes(path.join(d.abs, 'nb.ipynb'), nb);
      for (const c of CASES) {
        const pre = await hook(agent, `${c.kind}.pre`, d.abs);
        assert.equal(pre.code, 0, pre.stderr);
        assert.equal(pre.stderr, '', `${c.kind}: the pre event was taken by the window`);
        c.act(d.abs);
        const post = await hook(agent, `${c.kind}.post`, d.abs);
        assert.equal(post.code, 0, post.stderr);
        assert.equal(post.stderr, '', `${c.kind}: the post event was recorded by the window`);
        const [entry] = services.store.list(`${d.rel}/${c.path}`);
        assert.ok(entry, `${c.kind}: an entry for ${c.path}`);
        assert.match(entry.writer?.name ?? '', c.writer(agent), JSON.stringify(entry));
        assert.equal(entry.writer.kind, 'agent_tool');
        assert.equal(entry.client, agent);
      }
      assert.equal(fs.readFileSync(path.join(d.abs, 'src/a.txt'), 'utf8'), 'two y\n');
      const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: services.uiTokenForTests() });
      assert.equal(r.ok, true, JSON.stringify(r));
      assert.deepEqual(fs.readFileSync(path.join(d.abs, 'src/a.txt')), a, 'the edited file, BOM and CRLF included');
      assert.deepEqual(fs.readFileSync(path.join(d.abs, 'nb.ipynb')), nb, 'the notebook');
      assert.equal(fs.existsSync(path.join(d.abs, 'new.txt')), false, 'the written file is gone again');
    });
  }

  it('safeEdit.hooks.recordInWindow off: the window withdraws its endpoint; the hook cannot record (the window holds the folder\'s store) and says so, the agent goes on; on again: back in the window\'s history', async function () {
    this.timeout(120_000);
    // The window's own records (one per listener start: connection-file.ts).
    const published = () => connectionFiles(stateDir(process.env, os.homedir()), fs.realpathSync(workspaceRoot())).length > 0;
    const config = () => vscode.workspace.getConfiguration('safeEdit');
    const waitFor = async (cond: () => boolean, what: string) => {
      for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok(cond(), what);
    };
    assert.ok(published(), 'the window published its hook endpoint for the workspace folder');
    const d = freshDir('hooks-off');
    writeBytes(path.join(d.abs, 'src/a.txt'), 'one\n');
    try {
      await config().update('hooks.recordInWindow', false, vscode.ConfigurationTarget.Global);
      await waitFor(() => !published(), 'the endpoint record is removed');
      const pre = await hook('gemini-cli', 'edit.pre', d.abs);
      assert.equal(pre.code, 0);
      assert.match(pre.stderr, /not recorded: the history of .* is held by a process that takes no hook events/);
      fs.writeFileSync(path.join(d.abs, 'src/a.txt'), 'ONE\n');
      await hook('gemini-cli', 'edit.post', d.abs);
      assert.deepEqual(services.store.list(`${d.rel}/src/a.txt`), [], 'not in the window\'s history');
    } finally {
      await config().update('hooks.recordInWindow', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(published, 'published again');
    await hook('gemini-cli', 'edit.pre', d.abs);
    fs.writeFileSync(path.join(d.abs, 'src/a.txt'), 'ONE again\n');
    const post = await hook('gemini-cli', 'edit.post', d.abs);
    assert.equal(post.stderr, '');
    assert.equal(services.store.list(`${d.rel}/src/a.txt`)[0]?.writer?.name, 'gemini-cli:replace');
  });
});

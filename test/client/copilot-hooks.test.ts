import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, EXTENSION_ID, freshDir, workspaceRoot, writeBytes } from '../integration/helpers';
import { runAgentTurn, Turn } from './agent';

// Copilot's OWN agent hooks, run by Copilot Chat's real agent loop: a workspace
// `.github/hooks/*.json` whose PreToolUse / PostToolUse commands run `agent-safe-edit hook
// copilot` (the extension's own dist/cli.js). The hook hands each event to this window, whose
// writer recorder checkpoints before Copilot's tool and journals its change after, as
// {agent_tool, "copilot:<tool>"} in the turn named by the chat session's id.
//
// Measured in code-server 4.139.1 (VS Code 1.139.1, Copilot Chat 0.67.0) with the scripted model:
// - Hooks need `chat.useHooks` (default true; restricted, so a trusted workspace; a policy
//   "ChatHooks" can turn it off) and read `chat.hookFilesLocations` (default `.github/hooks`,
//   `.claude/settings*.json`, `~/.copilot/hooks`, `~/.claude/settings.json`). No reload: Copilot
//   reads them when a request needs them and drops its cache on the workbench's file event for
//   the folder (0.1–0.3 s after a write here). Once, a file created with its new folder gave no
//   file event of its own within 10 s: the suite creates the folder first.
// - Copilot (the copilot-chat extension, in the same extension host as ours) spawns each command
//   with `shell: true`, cwd = the workspace folder, the extension host's environment, the payload
//   as JSON on stdin; the commands of one event run one after the other. Exit 0 with empty
//   stdout: "go on"; on exit 0 its stderr is dropped (this test sends ours to a file). The
//   output channel "GitHub Copilot Chat Hooks" (user-data/logs/…/exthost1/GitHub.copilot-chat/)
//   logs each command, its input, duration and output.
// - The payload is snake_case: {timestamp, hook_event_name, session_id, transcript_path,
//   tool_name, tool_input, tool_use_id: "<model's call id>__vscode-<n>", cwd}, PostToolUse adds
//   tool_response ("" for replace_string_in_file and create_file). Real payloads:
//   test/fixtures/hooks/copilot/captured-*.json.
// - Copilot does NOT wait for the PostToolUse hooks (started without await after the tool): the
//   next model request went out while ours ran, and the last one ended up to ~0.6 s after the
//   turn. Hence the waits below.
// - A PreToolUse "deny" (hookSpecificOutput.permissionDecision) stops the tool before it runs;
//   the model receives "Tool execution denied: <our reason>" as the tool's result; no
//   PostToolUse runs for it.
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BEFORE = Buffer.concat([BOM, Buffer.from('line one\r\nline two\r\nline three\r\n')]);
const AFTER = Buffer.concat([BOM, Buffer.from('line one\r\nline 2 by copilot\r\nline three\r\n')]);
const CREATED = Buffer.from('made by copilot\nsecond line\n');
/** A bound on the post hooks that trail the turn (they ended ≤ 1 s after it here). */
const TRAIL_MS = 15_000;
/** A bound on the file event of the hook file (Copilot reloads its hooks on it). */
const RELOAD_MS = 10_000;

/** A word for a POSIX shell (Copilot runs a hook's command with `shell: true`). */
const sh = (s: string) => `'${s.split("'").join(`'\\''`)}'`;

/** A hook event as Copilot ran it: which hook file wrote it (mode) and the payload it got. */
interface Captured { mode: string; payload: any }

describe('real client: Copilot runs its own agent hooks, and they reach Agent Safe Edit', () => {
  let services: any;
  let hookFile: string;
  let capturedLog: string;
  let stderrLog: string;
  let cli: string;
  let wrapperScript: string;
  let modeFile: string;
  const safeEdit = () => vscode.workspace.getConfiguration('safeEdit');

  /**
   * The workspace's hook file, written once for the suite: for each event a wrapper that keeps
   * the payload (what Copilot ran, for the assertions and their messages) and runs ours, in the
   * mode the mode file names now (`record`, or `strict`: ours with --strict), its stderr kept in
   * a file. One file for the suite: a rewritten hook file is picked up by Copilot only after its
   * file event, which once came too late in CI and the strict test ran the old hooks.
   */
  async function writeHooks(): Promise<void> {
    const node = sh(process.execPath);
    const command = `${node} ${sh(wrapperScript)}`;
    // process.execPath is Node in code-server; in a desktop VS Code it is Electron, run as Node by this variable.
    const commands = [{ type: 'command', command, timeout: 30, env: { ELECTRON_RUN_AS_NODE: '1' } }];
    // Copilot drops its cached hooks on the workbench's file event for the hooks folder; the
    // same event reaches this watcher. Once it has, the next request reads the new file.
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(workspaceRoot(), '.github/hooks/*.json'));
    const seen = new Promise<void>((resolve) => {
      watcher.onDidCreate(() => resolve());
      watcher.onDidChange(() => resolve());
    });
    const started = Date.now();
    try {
      writeBytes(hookFile, `${JSON.stringify({ hooks: { PreToolUse: commands, PostToolUse: commands } }, null, 2)}\n`);
      const outcome = await Promise.race([seen.then(() => 'seen'), sleep(RELOAD_MS).then(() => 'not seen')]);
      console.log(`[copilot-hooks] hook file: file event ${outcome} after ${Date.now() - started} ms`);
    } finally {
      watcher.dispose();
    }
    await sleep(1000);
  }

  /** The mode the wrapper runs our hook in from now on. */
  const setMode = (mode: 'record' | 'strict') => fs.writeFileSync(modeFile, mode);

  /** Every event captured so far for a chat session. */
  function captured(sessionId?: string): Captured[] {
    if (!fs.existsSync(capturedLog)) return [];
    return fs.readFileSync(capturedLog, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Captured)
      .filter((c) => sessionId === undefined || c.payload.session_id === sessionId);
  }

  const hookStderr = () => (fs.existsSync(stderrLog) ? fs.readFileSync(stderrLog, 'utf8') : '');

  /** Waits (bounded) until `done()` holds; false when it never did. */
  async function waitFor(done: () => boolean, ms = TRAIL_MS): Promise<boolean> {
    const started = Date.now();
    while (!done()) {
      if (Date.now() - started > ms) return false;
      await sleep(100);
    }
    return true;
  }

  /** The chat session of the turn: the session_id of the hook events of the file it named. */
  function sessionOf(file: string): string {
    const hit = captured().find((c) => c.payload.tool_input?.filePath === file);
    assert.ok(hit, `Copilot ran no hook for a call on ${file}; captured: ${JSON.stringify(captured())}; our hook's stderr: ${hookStderr()}`);
    return hit.payload.session_id;
  }

  function newCase(label: string) {
    const dir = freshDir(label);
    const file = (name: string) => ({ abs: path.join(dir.abs, name), rel: `${dir.rel}/${name}` });
    const c = { edited: file('edited.txt'), created: file('created.txt') };
    writeBytes(c.edited.abs, BEFORE);
    return c;
  }

  const replaceCall = (abs: string) => ({ name: 'replace_string_in_file', arguments: { filePath: abs, oldString: 'line one\nline two\nline three', newString: 'line one\nline 2 by copilot\nline three' } });

  before(async () => {
    services = (await activateExtension()).services;
    cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'copilot-hooks-'));
    capturedLog = path.join(tmp, 'payloads.jsonl');
    stderrLog = path.join(tmp, 'hook-stderr.log');
    wrapperScript = path.join(tmp, 'hook-wrapper.js');
    modeFile = path.join(tmp, 'mode');
    fs.writeFileSync(wrapperScript, [
      "const fs = require('fs');",
      "const { spawnSync } = require('child_process');",
      `const [log, modeFile, stderrLog, cli] = ${JSON.stringify([capturedLog, path.join(tmp, 'mode'), stderrLog, cli])};`,
      "const input = fs.readFileSync(0, 'utf8');",
      "const mode = fs.readFileSync(modeFile, 'utf8').trim();",
      "fs.appendFileSync(log, JSON.stringify({ mode, payload: JSON.parse(input) }) + '\\n');",
      "const r = spawnSync(process.execPath, [cli, 'hook', 'copilot', ...(mode === 'strict' ? ['--strict'] : [])], { input, encoding: 'utf8' });",
      "fs.appendFileSync(stderrLog, r.stderr || '');",
      "process.stdout.write(r.stdout || '');",
      "process.exitCode = r.status === null ? 1 : r.status;",
      '',
    ].join('\n'));
    setMode('record');
    hookFile = path.join(workspaceRoot(), '.github', 'hooks', 'agent-safe-edit.json');
    // On by default; set here so the suite does not depend on the default.
    await vscode.workspace.getConfiguration('chat').update('useHooks', true, vscode.ConfigurationTarget.Global);
    // A short quiet gap (6 s) and turn tail (5 s), as in copilot-writers.test.ts: the second
    // test's setup, past both, is not recorded as the first turn's tail.
    await safeEdit().update('turns.quietGapMinutes', 0.1, vscode.ConfigurationTarget.Global);
    await safeEdit().update('writers.turnTailSeconds', 5, vscode.ConfigurationTarget.Global);
    // The folder first: a file created with its new folder may come as the folder's event only.
    fs.mkdirSync(path.dirname(hookFile), { recursive: true });
    await sleep(1000);
    await writeHooks();
  });
  after(async () => {
    // Past this suite's last turn by more than its 5 s tail before the default (60 s) comes back:
    // else the next suite's fixtures would be written "outside" in that turn.
    await sleep(6500);
    fs.rmSync(path.join(workspaceRoot(), '.github'), { recursive: true, force: true });
    await vscode.workspace.getConfiguration('chat').update('useHooks', undefined, vscode.ConfigurationTarget.Global);
    await safeEdit().update('turns.quietGapMinutes', undefined, vscode.ConfigurationTarget.Global);
    await safeEdit().update('writers.turnTailSeconds', undefined, vscode.ConfigurationTarget.Global);
  });
  afterEach(closeAllEditors);

  it('Copilot\'s replace_string_in_file (BOM + CRLF file) and create_file pass through the hook: journaled as copilot:<tool> in the chat session\'s turn, and Roll Back Agent Turn restores both byte for byte', async function () {
    this.timeout(170_000);
    // The real-client run keeps the shipped default: the writer watcher records other writers
    // too (the integration suites turn it off). The entries must still be the hook's, one per file.
    assert.equal(safeEdit().get('writers.recordTurns'), true);
    const c = newCase('copilot-hooks');
    // Quiet first: the background checkpoint that holds the file before the turn is its base.
    await sleep(3000);
    const turn: Turn = await runAgentTurn('Change line two and add a file', [
      { tool_calls: [replaceCall(c.edited.abs)] },
      { tool_calls: [{ name: 'create_file', arguments: { filePath: c.created.abs, content: CREATED.toString('utf8') } }] },
      { text: 'Done.' },
    ]);
    for (const r of turn.results.slice(-2)) assert.match(r.text, /successfully edited/, JSON.stringify(turn.results));

    const session = sessionOf(c.edited.abs);
    const events = () => captured(session).map((e) => `${e.mode} ${e.payload.hook_event_name} ${e.payload.tool_name}`).sort();
    const expected = ['record PostToolUse create_file', 'record PostToolUse replace_string_in_file', 'record PreToolUse create_file', 'record PreToolUse replace_string_in_file'];
    await waitFor(() => events().length >= expected.length);
    assert.deepEqual(events(), expected, 'Copilot ran the PreToolUse and PostToolUse hooks of both calls');

    // The post hooks can end after the turn: wait until both changes are journaled.
    const list = (rel: string): any[] => services.store.list(rel);
    await waitFor(() => list(c.edited.rel).length > 0 && list(c.created.rel).length > 0);
    assert.equal(hookStderr(), '', 'our hook reported nothing: every event was taken by this window');
    const summary = (rel: string) => list(rel).map((e) => ({ writer: e.writer, kind: e.kind, turn_id: e.turn_id, client: e.client, outcome: e.outcome }));
    assert.deepEqual(summary(c.edited.rel), [{ writer: { kind: 'agent_tool', name: 'copilot:replace_string_in_file' }, kind: 'modify', turn_id: session, client: 'copilot', outcome: 'applied' }]);
    assert.deepEqual(summary(c.created.rel), [{ writer: { kind: 'agent_tool', name: 'copilot:create_file' }, kind: 'create', turn_id: session, client: 'copilot', outcome: 'applied' }]);
    assert.deepEqual(fs.readFileSync(c.edited.abs), AFTER, 'Copilot kept the BOM and CRLF');
    assert.deepEqual(fs.readFileSync(c.created.abs), CREATED);

    const back: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(back.ok, true, JSON.stringify(back));
    assert.deepEqual([...back.restored].sort(), [c.created.rel, c.edited.rel].sort(), JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(c.edited.abs), BEFORE, 'the edited file comes back byte for byte (BOM, CRLF)');
    assert.equal(fs.existsSync(c.created.abs), false, 'the created file is gone');
  });

  it('with --strict, the PreToolUse hook denies Copilot\'s replace_string_in_file: the file stays as it was and the model is told to use safe_patch or replace_in_file', async function () {
    this.timeout(170_000);
    // Past the previous turn (its trailing post hook, its rollback) by more than the turn tail:
    // else the new hook file and this test's file would be that turn's, written by "outside".
    await sleep(6500);
    setMode('strict');
    const c = newCase('copilot-hooks-strict');
    await sleep(3000);
    const turn = await runAgentTurn('Change line two', [{ tool_calls: [replaceCall(c.edited.abs)] }, { text: 'Done.' }]);

    const session = sessionOf(c.edited.abs);
    const events = captured(session).map((e) => `${e.mode} ${e.payload.hook_event_name} ${e.payload.tool_name}`);
    assert.deepEqual(events, ['strict PreToolUse replace_string_in_file'], 'the strict hook file ran, and no PostToolUse followed the denied call');
    const result = turn.results[turn.results.length - 1]?.text ?? '';
    assert.match(result, /Agent Safe Edit strict mode/, `the tool result the model received: ${JSON.stringify(turn.results)}`);
    assert.match(result, /safe_patch/);
    assert.match(result, /replace_in_file/);
    assert.doesNotMatch(result, /successfully edited/);
    // Nothing else is coming: no post hook, and Copilot's save would have landed by now (copilot-writers.test.ts).
    await sleep(2000);
    assert.deepEqual(fs.readFileSync(c.edited.abs), BEFORE, 'the file is unchanged');
    assert.deepEqual(services.store.list(c.edited.rel), [], 'nothing journaled for the file');
    assert.equal(hookStderr(), '');
  });
});

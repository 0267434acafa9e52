import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, writeBytes } from '../integration/helpers';
import { runAgentTurn, Turn } from './agent';
import type { ScriptStep } from './model';

// Copilot's OWN edit tools are writers we do not run: their changes reach the history only
// through the writer recorder. These turns prove, in Copilot Chat's real agent loop, that
// Roll Back Agent Turn takes them back byte for byte and Redo Agent Turn puts them back.
// Nothing helps the recorder here: Copilot leaves no dirty document, and the second turn has
// no call of ours to say a turn is going on.
//
// Measured in code-server 4.139.1 (VS Code 1.139.1, Copilot Chat 0.67.0) with the scripted model:
// - The model sees `replace_string_in_file` {filePath (absolute), oldString, newString} and
//   `create_file` {filePath (absolute), content}; each answers "The following files were
//   successfully edited:\n<abs path>". No chat confirmation is asked for a workspace file.
// - Copilot SAVES each file itself, ~150 ms after the edit: onDidChangeTextDocument fires on the
//   file:// document with isDirty already false (and no `reason`), then onDidSaveTextDocument;
//   onWillSaveTextDocument does NOT fire. The file is on disk when the turn ends, and no editor
//   tab is opened. replace_string_in_file keeps the BOM and turns the `\n` of newString into
//   the file's CRLF.
// - create_file fires workspace.onWillCreateFiles / onDidCreateFiles, then the same
//   change (not dirty) and save of the new document.
// - Every edited file also gets documents of Copilot's chat editing session:
//   `chat-editing-text-model:<abs path>?…` opened, and `chat-editing-snapshot-text-model:<abs
//   path>?…` opened and changed (one per undo stop) — the only sign, in the extension API,
//   that the chat (not the user or another program) wrote the file.
// - The save can trail the turn: once, the created file was still unsaved when the model's
//   last request arrived (saved a moment later); in the other runs both were saved by then.
// - The chat's edits stay pending Keep/Undo in its editing session though already saved; the
//   Keep button's command is `chatEditing.acceptAllFiles` (`chat.editing.acceptAllFiles` does
//   not exist). Keep saves each file again, firing onWillSaveTextDocument with reason Manual
//   on a document that is not dirty; the bytes on disk stay the same.
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A bound on Copilot's own save after the turn's last request (it was at most a moment). */
const SAVE_WAIT_MS = 5000;

interface Case { dir: { abs: string; rel: string }; edited: { abs: string; rel: string }; created: { abs: string; rel: string } }

const BEFORE = Buffer.concat([BOM, Buffer.from('line one\r\nline two\r\nline three\r\n')]);
const AFTER = Buffer.concat([BOM, Buffer.from('line one\r\nline 2 by copilot\r\nline three\r\n')]);
const CREATED = Buffer.from('made by copilot\nsecond line\n');

function newCase(label: string): Case {
  const dir = freshDir(label);
  const file = (name: string) => ({ abs: path.join(dir.abs, name), rel: `${dir.rel}/${name}` });
  const c = { dir, edited: file('edited.txt'), created: file('created.txt') };
  writeBytes(c.edited.abs, BEFORE);
  return c;
}

/** Copilot's own tools: one replacement in the existing file, one new file. */
function copilotEdits(c: Case): ScriptStep[] {
  return [
    { tool_calls: [{ name: 'replace_string_in_file', arguments: { filePath: c.edited.abs, oldString: 'line one\nline two\nline three', newString: 'line one\nline 2 by copilot\nline three' } }] },
    { tool_calls: [{ name: 'create_file', arguments: { filePath: c.created.abs, content: CREATED.toString('utf8') } }] },
  ];
}

/** The two files as they are on disk: bytes, or null for a missing file. */
function disk(c: Case): { edited: Buffer | null; created: Buffer | null } {
  const read = (abs: string) => (fs.existsSync(abs) ? fs.readFileSync(abs) : null);
  return { edited: read(c.edited.abs), created: read(c.created.abs) };
}

/** The chat's documents of the case's folder that have unsaved changes. */
function dirtyDocuments(c: Case): string[] {
  return vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.fsPath.startsWith(c.dir.abs)).map((d) => d.uri.toString());
}

/**
 * Copilot's tools answered success, and Copilot saved both files itself. Its save of the last
 * file can land a moment after the turn's last model request, so this waits for it (bounded).
 */
async function assertCopilotWrote(c: Case, turn: Turn): Promise<void> {
  const copilotResults = turn.results.slice(-2);
  for (const [i, f] of [c.edited, c.created].entries()) {
    assert.match(copilotResults[i]?.text ?? '', /successfully edited/, `Copilot's tool did not edit ${f.rel}: ${JSON.stringify(turn.results.map((r) => r.text))}`);
  }
  const started = Date.now();
  while (dirtyDocuments(c).length > 0 && Date.now() - started < SAVE_WAIT_MS) await sleep(50);
  assert.deepEqual(dirtyDocuments(c), [], `Copilot left documents unsaved for ${SAVE_WAIT_MS} ms`);
  assert.deepEqual(disk(c), { edited: AFTER, created: CREATED });
}

/**
 * Before the rollback reads it: the journal has a change for each of the two files. Without
 * them the rollback would act on an older turn, so a recorder that missed Copilot's writes
 * fails here, with what the journal holds.
 */
function assertRecorded(services: any, c: Case, settled: unknown): any[] {
  const all: any[] = services.store.listAll();
  const ours = all.filter((e) => e.path === c.edited.rel || e.path === c.created.rel);
  const newest = all.slice(-5).map((e) => ({ path: e.path, tool: e.tool, kind: e.kind, writer: e.writer, turn_id: e.turn_id }));
  for (const f of [c.edited, c.created]) {
    assert.ok(ours.some((e) => e.path === f.rel), `the recorder journaled no change of ${f.rel} (Copilot's write); settle() returned ${JSON.stringify(settled)}; the newest journal entries of ${all.length}: ${JSON.stringify(newest)}`);
  }
  return ours;
}

async function rollBackAndRedo(services: any, c: Case): Promise<void> {
  const uiToken = services.uiTokenForTests();
  const back: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken });
  assert.equal(back.ok, true, JSON.stringify(back));
  assert.deepEqual([...back.restored].sort(), [c.created.rel, c.edited.rel].sort(), JSON.stringify(back));
  assert.deepEqual(disk(c), { edited: BEFORE, created: null }, 'the edited file comes back byte for byte (BOM, CRLF) and the created one is gone');

  const again: any = await vscode.commands.executeCommand('agentSafeEdit.redoTurn', { confirm: false, uiToken });
  const newest = () => JSON.stringify(services.store.listAll().slice(0, 6).map((e: any) => ({ path: e.path, tool: e.tool, kind: e.kind, writer: e.writer, turn_id: e.turn_id, time: e.time })));
  assert.equal(again.ok, true, `${JSON.stringify(again)}; the newest journal entries: ${newest()}; on disk: ${JSON.stringify(disk(c))}`);
  assert.deepEqual([...again.restored].sort(), [c.created.rel, c.edited.rel].sort(), JSON.stringify(again));
  assert.deepEqual(disk(c), { edited: AFTER, created: CREATED }, 'Redo puts Copilot\'s bytes back');
}

/** The recorded changes name an agent's tool as their writer (not "outside", not the user). */
function assertWriters(c: Case, entries: any[]): void {
  const recorded = entries.filter((e) => e.writer !== undefined);
  assert.deepEqual(
    recorded.map((e) => [e.path, e.kind, e.writer.kind]).sort(),
    [[c.created.rel, 'create', 'agent_tool'], [c.edited.rel, 'modify', 'agent_tool']].sort(),
    JSON.stringify(entries.map((e) => ({ path: e.path, tool: e.tool, kind: e.kind, writer: e.writer }))),
  );
}

describe('real client: Copilot\'s own replace_string_in_file and create_file are rolled back and redone', () => {
  let services: any;
  const config = () => vscode.workspace.getConfiguration('safeEdit');
  before(async () => {
    services = (await activateExtension()).services;
    // A short quiet gap (6 s) and turn tail (5 s): the second turn starts later than both, so
    // the two turns stay two, and the second one's setup is not the first one's tail.
    await config().update('turns.quietGapMinutes', 0.1, vscode.ConfigurationTarget.Global);
    await config().update('writers.turnTailSeconds', 5, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('turns.quietGapMinutes', undefined, vscode.ConfigurationTarget.Global);
    await config().update('writers.turnTailSeconds', undefined, vscode.ConfigurationTarget.Global);
  });
  afterEach(closeAllEditors);

  it('a turn marked by our safe_read_file, then Copilot\'s edit of a BOM+CRLF file and its new file; kept as a user would: Roll Back Agent Turn restores both byte for byte, Redo puts them back', async function () {
    this.timeout(170_000);
    const c = newCase('copilot-writers-marked');
    // Quiet first: the background checkpoint that holds the file before the turn is its base.
    await sleep(3000);
    const turn = await runAgentTurn('Change line two and add a file', [
      { tool_calls: [{ name: 'safe_read_file', arguments: { path: c.edited.rel } }] },
      ...copilotEdits(c),
      { text: 'Done.' },
    ]);
    assert.equal(turn.results[0]?.json?.success, true, turn.results[0]?.text);
    await assertCopilotWrote(c, turn);
    // What a user does with the chat's pending edits: Keep (already saved: the disk stays as it is).
    await vscode.commands.executeCommand('chatEditing.acceptAllFiles');
    assert.deepEqual(disk(c), { edited: AFTER, created: CREATED });

    const entries = assertRecorded(services, c, await services.writers.settle());
    await rollBackAndRedo(services, c);
    assertWriters(c, entries);
  });

  it('a turn of Copilot\'s tools only (no call of ours), its edits left pending Keep/Undo: the same rollback and redo', async function () {
    this.timeout(170_000);
    // Past the previous turn (and its redo) by more than the quiet gap and the turn tail.
    await sleep(6500);
    const c = newCase('copilot-writers-only');
    await sleep(3000);
    const turn = await runAgentTurn('Change line two and add a file, with your own tools', [...copilotEdits(c), { text: 'Done.' }]);
    await assertCopilotWrote(c, turn);

    const entries = assertRecorded(services, c, await services.writers.settle());
    await rollBackAndRedo(services, c);
    assertWriters(c, entries);
  });
});

// Issue 15: an edit's result does not wait for diagnostics that may never come, yet nothing the
// edit introduced goes unreported. A test-only producer reports problems for *.latediag files
// 600 ms after each change (a slow language server, for a language VS Code knows nothing of).
import * as assert from 'node:assert';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, freshDir, invoke, writeBytes } from './helpers';

const DELAY_MS = 600;
const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

/** Marks every line containing BAD as an error, DELAY_MS after the document opens or changes. */
function lateProducer(): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('late-test');
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const update = (doc: vscode.TextDocument) => {
    if (!doc.uri.fsPath.endsWith('.latediag')) return;
    const t = setTimeout(() => {
      timers.delete(t);
      const diags: vscode.Diagnostic[] = [];
      for (let i = 0; i < doc.lineCount; i++) {
        const col = doc.lineAt(i).text.indexOf('BAD');
        if (col >= 0) diags.push(new vscode.Diagnostic(new vscode.Range(i, col, i, col + 3), 'BAD is not allowed here', vscode.DiagnosticSeverity.Error));
      }
      collection.set(doc.uri, diags);
    }, DELAY_MS);
    timers.add(t);
  };
  // like a language server: on open (a file a tool created) and on every change
  const subs = [vscode.workspace.onDidChangeTextDocument((e) => update(e.document)), vscode.workspace.onDidOpenTextDocument(update)];
  return { dispose: () => { for (const s of subs) s.dispose(); for (const t of timers) clearTimeout(t); collection.dispose(); } };
}

describe('late diagnostics (issue 15)', () => {
  let producer: vscode.Disposable;
  before(async () => { await activateExtension(); producer = lateProducer(); });
  after(() => producer.dispose());

  it('reports a problem that arrives after the result in the next result, once', async () => {
    const d = freshDir('late-diag');
    const rel = `${d.rel}/notes.latediag`;
    writeBytes(path.join(d.abs, 'notes.latediag'), 'alpha\nbeta\ngamma\n');
    const r0 = await invoke('safe_read_file', { path: rel });
    const r1 = await invoke('replace_in_file', { path: rel, base_sha256: r0.sha256, old_text: 'beta', new_text: 'beta BAD' });
    assert.equal(r1.success, true, JSON.stringify(r1));
    assert.equal(r1.new_problems, undefined, 'a clean file in a language without a known producer is not waited for');
    await sleep(DELAY_MS + 900);
    const r2 = await invoke('safe_read_file', { path: rel });
    assert.ok(Array.isArray(r2.problems_from_earlier_edits), JSON.stringify(r2));
    const [late] = r2.problems_from_earlier_edits;
    assert.equal(late.path, rel);
    assert.match(late.message, /last edit of/);
    assert.equal(late.new_problems.length, 1);
    assert.match(late.new_problems[0], /BAD is not allowed here/);
    assert.match(late.new_problems[0], /^2:/, 'names line 2');
    const r3 = await invoke('safe_read_file', { path: rel });
    assert.equal(r3.problems_from_earlier_edits, undefined, 'reported once');
  });

  it('a multi-file change: what each file\'s part introduced is reported (issue 16), never rolled back one file alone', async () => {
    const d = freshDir('late-diag-multi');
    const rels = ['one.latediag', 'two.latediag'].map((n) => `${d.rel}/${n}`);
    writeBytes(path.join(d.abs, 'one.latediag'), 'alpha\nbeta\n');
    writeBytes(path.join(d.abs, 'two.latediag'), 'gamma\ndelta\n');
    const hashes: Record<string, string> = {};
    for (const rel of rels) hashes[rel] = (await invoke('safe_read_file', { path: rel })).sha256;
    const patch = `*** Begin Patch\n*** Update File: ${rels[0]}\n@@\n alpha\n-beta\n+beta BAD\n*** Update File: ${rels[1]}\n@@\n gamma\n-delta\n+delta fine\n*** End Patch\n`;
    const r1 = await invoke('safe_patch', { unified_diff: patch, base_hashes: hashes });
    assert.equal(r1.success, true, JSON.stringify(r1));
    await sleep(DELAY_MS + 900);
    const r2 = await invoke('list_backups', { path: rels[1] });
    const late = (r2.problems_from_earlier_edits ?? []) as Array<{ path: string; new_problems: string[] }>;
    assert.deepEqual(late.map((p) => p.path), [rels[0]], JSON.stringify(r2));
    assert.match(late[0].new_problems[0], /^2:.*BAD is not allowed here/);
  });

  it('reports the problems of a file write_file created in the next result', async () => {
    const d = freshDir('late-diag-new');
    const rel = `${d.rel}/fresh.latediag`;
    const r1 = await invoke('write_file', { path: rel, content: 'ok\nBAD here\n' });
    assert.equal(r1.success, true, JSON.stringify(r1));
    await sleep(DELAY_MS + 900);
    const r2 = await invoke('list_backups', { path: rel });
    const late = (r2.problems_from_earlier_edits ?? []).flatMap((p: { new_problems: string[] }) => p.new_problems);
    assert.equal(late.length, 1, JSON.stringify(r2));
    assert.match(late[0], /^2:/);
  });

  it('a next edit of the same file before the problem arrived still gets it, and its own later', async () => {
    const d = freshDir('late-diag-next');
    const rel = `${d.rel}/more.latediag`;
    writeBytes(path.join(d.abs, 'more.latediag'), 'one\ntwo\nthree\n');
    const r0 = await invoke('safe_read_file', { path: rel });
    const r1 = await invoke('replace_in_file', { path: rel, base_sha256: r0.sha256, old_text: 'one', new_text: 'one BAD' });
    assert.equal(r1.success, true, JSON.stringify(r1));
    await sleep(DELAY_MS + 300); // the first edit's problem has arrived but was not reported yet
    const r2 = await invoke('replace_in_file', { path: rel, base_sha256: r1.sha256, old_text: 'three', new_text: 'three BAD' });
    assert.equal(r2.success, true, JSON.stringify(r2));
    const early = (r2.problems_from_earlier_edits ?? []).flatMap((p: { new_problems: string[] }) => p.new_problems);
    assert.equal(early.length, 1, JSON.stringify(r2));
    assert.match(early[0], /^1:/);
    await sleep(DELAY_MS + 900);
    const r3 = await invoke('list_backups', { path: rel });
    // The file now has diagnostics, so the second edit's result may have waited for its own
    // problem (the window adapts); either way it is reported exactly once.
    const later = [...(r2.new_problems ?? []), ...(r3.problems_from_earlier_edits ?? []).flatMap((p: { new_problems: string[] }) => p.new_problems)];
    assert.equal(later.length, 1, JSON.stringify({ r2, r3 }));
    assert.match(later[0], /^3:/);
  });
});

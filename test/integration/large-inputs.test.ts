// Large changes through the tools, as Copilot calls them: a multi-file apply_patch of 200 chunks
// on a 1.2 MB file (over the size that sends planning to the engine worker), a one-file diff
// of 2,000 hunks, 200 edits, and the count limits' refusals (nothing written). Speed is
// measured in bench/large-inputs, never here: these tests assert the answers. (The file is
// not the benchmark's 3.3 MB: code-server's save of an edit spanning a 3.3 MB document fails,
// for a bare WorkspaceEdit + save as for the tools, which then report it and change nothing.)
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, EXTENSION_ID, freshDir, invoke, sha256, writeBytes } from './helpers';
import { MAX_EDITS_PER_CALL, MAX_HUNKS_PER_CALL } from '../../src/core/catalog/limits';

const line = (i: number) => `  const value${i} = compute(${i % 97}, "k${i}");`;

/** A 1.2 MB file of 36,000 unique lines, and `count` one-line changes spread over it. */
function bigFile(count: number) {
  const lines = Array.from({ length: 36_000 }, (_, i) => line(i));
  const step = Math.floor(lines.length / count);
  const at = Array.from({ length: count }, (_, k) => k * step + (step >> 1));
  const after = lines.slice();
  for (const i of at) after[i] = lines[i] + ' // edited';
  return { text: lines.join('\n') + '\n', expected: after.join('\n') + '\n', lines, at };
}

describe('large inputs through the tools (planning off the host thread, count limits)', function () {
  this.timeout(180_000);
  before(activateExtension);
  afterEach(closeAllEditors);

  it('the engine worker ships beside the extension bundle', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.ok(fs.existsSync(path.join(ext.extensionPath, 'dist', 'engine-worker.js')));
  });

  it('apply_patch: 200 chunks on a 1.2 MB file and a second file land whole, each file as planned', async () => {
    const d = freshDir('big-v4a');
    const big = bigFile(200);
    writeBytes(path.join(d.abs, 'big.txt'), big.text);
    writeBytes(path.join(d.abs, 'small.txt'), 'export const a = 1;\n');
    const chunks = big.at.flatMap((i) => ['@@', ...big.lines.slice(i - 3, i).map((l) => ' ' + l), '-' + big.lines[i], '+' + big.lines[i] + ' // edited', ...big.lines.slice(i + 1, i + 4).map((l) => ' ' + l)]);
    const patch = ['*** Begin Patch', `*** Update File: ${d.rel}/big.txt`, ...chunks, `*** Update File: ${d.rel}/small.txt`, '@@', '-export const a = 1;', '+export const a = 2;', '*** End Patch'].join('\n') + '\n';
    const r = await invoke('safe_patch', { unified_diff: patch, base_hashes: { [`${d.rel}/big.txt`]: sha256(big.text), [`${d.rel}/small.txt`]: sha256('export const a = 1;\n') } });
    assert.equal(r.success, true, JSON.stringify(r).slice(0, 2000));
    assert.deepEqual(r.files.map((f: any) => f.action), ['modified', 'modified']);
    assert.equal(r.files[0].hunks.length, 200);
    const written = fs.readFileSync(path.join(d.abs, 'big.txt'), 'utf8');
    assert.ok(written === big.expected, 'the big file holds exactly the 200 changes');
    assert.equal(r.files[0].sha256, sha256(big.expected));
    assert.equal(fs.readFileSync(path.join(d.abs, 'small.txt'), 'utf8'), 'export const a = 2;\n');
  });

  it('safe_patch: a one-file diff of 2,000 hunks on the 1.2 MB file is applied', async () => {
    const d = freshDir('big-unified');
    const big = bigFile(2000);
    writeBytes(path.join(d.abs, 'big.txt'), big.text);
    const hunks = big.at.flatMap((i) => [`@@ -${i - 2},7 +${i - 2},7 @@`, ...big.lines.slice(i - 3, i).map((l) => ' ' + l), '-' + big.lines[i], '+' + big.lines[i] + ' // edited', ...big.lines.slice(i + 1, i + 4).map((l) => ' ' + l)]);
    const r = await invoke('safe_patch', { path: `${d.rel}/big.txt`, base_sha256: sha256(big.text), unified_diff: hunks.join('\n') + '\n' });
    assert.equal(r.success, true, JSON.stringify(r).slice(0, 2000));
    assert.ok(fs.readFileSync(path.join(d.abs, 'big.txt'), 'utf8') === big.expected);
  });

  it('replace_in_file: 200 edits of the 1.2 MB file land whole', async () => {
    const d = freshDir('big-edits');
    const big = bigFile(200);
    writeBytes(path.join(d.abs, 'big.txt'), big.text);
    const edits = big.at.map((i) => ({ path: `${d.rel}/big.txt`, old_text: big.lines[i] + '\n', new_text: big.lines[i] + ' // edited\n' }));
    const r = await invoke('replace_in_file', { edits, base_hashes: { [`${d.rel}/big.txt`]: sha256(big.text) } });
    assert.equal(r.success, true, JSON.stringify(r).slice(0, 2000));
    assert.equal(r.files[0].replacements, 200);
    assert.ok(fs.readFileSync(path.join(d.abs, 'big.txt'), 'utf8') === big.expected);
  });

  it(`safe_patch with more than ${MAX_HUNKS_PER_CALL} hunks is refused as TOO_LARGE naming the limit; nothing is written`, async () => {
    const d = freshDir('too-many-hunks');
    const text = 'a\nb\n';
    writeBytes(path.join(d.abs, 'f.txt'), text);
    const patch = Array.from({ length: MAX_HUNKS_PER_CALL + 1 }, () => '@@\n-a\n+c').join('\n') + '\n';
    const one = await invoke('safe_patch', { path: `${d.rel}/f.txt`, base_sha256: sha256(text), unified_diff: patch });
    assert.equal(one.success, false);
    assert.equal(one.error_type, 'TOO_LARGE');
    assert.match(one.message, /MAX_HUNKS_PER_CALL/);
    const v4a = `*** Begin Patch\n*** Update File: ${d.rel}/f.txt\n${Array.from({ length: MAX_HUNKS_PER_CALL + 1 }, () => '@@\n-a\n+c').join('\n')}\n*** End Patch\n`;
    const multi = await invoke('safe_patch', { unified_diff: v4a, base_hashes: { [`${d.rel}/f.txt`]: sha256(text) } });
    assert.equal(multi.success, false);
    assert.equal(multi.error_type, 'TOO_LARGE');
    assert.match(multi.message, /MAX_HUNKS_PER_CALL/);
    assert.equal(fs.readFileSync(path.join(d.abs, 'f.txt'), 'utf8'), text);
  });

  it(`replace_in_file with more than ${MAX_EDITS_PER_CALL} edits is refused as INVALID_INPUT on edits; nothing is written`, async () => {
    const d = freshDir('too-many-edits');
    const text = 'a\n';
    writeBytes(path.join(d.abs, 'f.txt'), text);
    const edits = Array.from({ length: MAX_EDITS_PER_CALL + 1 }, (_, k) => ({ path: `${d.rel}/f.txt`, old_text: `x${k}`, new_text: `y${k}` }));
    const r = await invoke('replace_in_file', { edits });
    assert.equal(r.success, false);
    assert.equal(r.error_type, 'INVALID_INPUT');
    assert.match(JSON.stringify(r), /edits/);
    assert.match(JSON.stringify(r), new RegExp(`at most ${MAX_EDITS_PER_CALL}`));
    assert.equal(fs.readFileSync(path.join(d.abs, 'f.txt'), 'utf8'), text);
  });
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { createUnifiedDiff } from '../../../../src/core/diff/unified';
import { diffLineCounts } from '../../../../src/core/diff/counts';
import { textArb, editedPairArb } from './textArbitraries';

/** Applies `diff` to `oldText` with GNU patch (binary mode: no CRLF heuristics) and returns the result. */
function gnuPatch(dir: string, oldText: string, diff: string): string {
  const oldFile = path.join(dir, 'old.txt');
  const outFile = path.join(dir, 'new.txt');
  fs.writeFileSync(oldFile, oldText);
  fs.rmSync(outFile, { force: true });
  const result = spawnSync('patch', ['--binary', '--silent', '--force', '-o', outFile, oldFile], { input: diff });
  assert.equal(result.status, 0, `patch failed: ${result.stdout}${result.stderr}\n--- diff ---\n${diff}`);
  return fs.readFileSync(outFile, 'utf8');
}

/** Counts '+' and '-' body lines of a unified diff. */
function countMarkers(diff: string): { added: number; removed: number } {
  let added = 0, removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ') || line.startsWith('--- ')) continue;
    if (line.startsWith('+')) added++;
    else if (line.startsWith('-')) removed++;
  }
  return { added, removed };
}

describe('createUnifiedDiff', () => {
  let dir: string;
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-diff-')); });
  after(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  it('gives "" for equal texts', () => {
    assert.equal(createUnifiedDiff('a\nb\n', 'a\nb\n'), '');
    assert.equal(createUnifiedDiff('', ''), '');
  });

  it('writes GNU-style headers, hunk ranges and context', () => {
    const oldText = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].map((l) => l + '\n').join('');
    const newText = oldText.replace('5\n', 'five\n');
    assert.equal(createUnifiedDiff(oldText, newText, { oldLabel: 'a/f.txt', newLabel: 'b/f.txt' }),
      '--- a/f.txt\n+++ b/f.txt\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n');
    assert.equal(createUnifiedDiff('', 'x\ny\n'), '--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n');
    assert.equal(createUnifiedDiff('x\n', ''), '--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n');
  });

  it('marks a missing final newline', () => {
    assert.equal(createUnifiedDiff('a\nb', 'a\nb\n', { context: 0 }),
      '--- a\n+++ b\n@@ -2 +2 @@\n-b\n\\ No newline at end of file\n+b\n');
  });

  it('splits distant changes into separate hunks and merges near ones', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `l${i}\n`);
    const edited = lines.slice();
    edited[5] = 'X\n'; edited[10] = 'Y\n'; edited[30] = 'Z\n';
    const diff = createUnifiedDiff(lines.join(''), edited.join(''));
    assert.deepEqual(diff.match(/^@@ .*/gm), ['@@ -3,12 +3,12 @@', '@@ -28,7 +28,7 @@']); // as GNU diff -u writes them
    assert.ok(diff.includes('@@ -3,12 +3,12 @@\n'));
  });

  it('round-trips through GNU patch on random edits (CRLF, unicode, no final newline)', () => {
    fc.assert(fc.property(editedPairArb, ([oldText, newText]) => {
      const diff = createUnifiedDiff(oldText, newText);
      if (oldText === newText) { assert.equal(diff, ''); return; }
      assert.equal(gnuPatch(dir, oldText, diff), newText);
    }), { numRuns: 150 });
  });

  it('round-trips through GNU patch on unrelated random texts and any context size', () => {
    fc.assert(fc.property(textArb, textArb, fc.integer({ min: 0, max: 5 }), (oldText, newText, context) => {
      const diff = createUnifiedDiff(oldText, newText, { context });
      if (oldText === newText) return;
      assert.equal(gnuPatch(dir, oldText, diff), newText);
    }), { numRuns: 150 });
  });

  it('agrees with diffLineCounts on the number of + and - lines', () => {
    fc.assert(fc.property(editedPairArb, ([oldText, newText]) => {
      assert.deepEqual(diffLineCounts(oldText, newText), countMarkers(createUnifiedDiff(oldText, newText)));
    }), { numRuns: 500 });
  });

  it('diffs a 1 MB text with a few small edits into a small diff that patch applies', () => {
    const lines = Array.from({ length: 40000 }, (_, i) => `const value${i} = compute(${i}); // padding\n`);
    const oldText = lines.join('');
    const edited = lines.slice();
    edited[100] = 'changed\n';
    edited.splice(39000, 2);
    const newText = edited.join('');
    const diff = createUnifiedDiff(oldText, newText);
    assert.ok(diff.length < 2000, `diff too large: ${diff.length}`);
    assert.equal(gnuPatch(dir, oldText, diff), newText);
  });
});

describe('diffLineCounts', () => {
  it('counts added and removed lines', () => {
    assert.deepEqual(diffLineCounts('a\nb\nc\n', 'a\nB\nc\nd\n'), { added: 2, removed: 1 });
    assert.deepEqual(diffLineCounts('', 'x'), { added: 1, removed: 0 });
    assert.deepEqual(diffLineCounts('same', 'same'), { added: 0, removed: 0 });
    assert.deepEqual(diffLineCounts('a\r\n', 'a\n'), { added: 1, removed: 1 });
  });
});

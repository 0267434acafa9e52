import { strict as assert } from 'node:assert';
import { parsePatch, splitPatchByFile } from '../../../../src/core/patch/parse';

const ok = (text: string) => {
  const r = parsePatch(text);
  assert.equal(r.ok, true, !r.ok ? r.message : '');
  return r.ok ? r.files : [];
};

describe('engine/parsePatch', () => {
  it('reads file headers, hunk numbers and body lines', () => {
    const [f] = ok('--- a/x.js\t2024-01-01\n+++ b/x.js\n@@ -3,2 +3,3 @@ function f()\n a\n-b\n+c\n+d\n');
    assert.equal(f.oldPath, 'x.js');
    assert.equal(f.newPath, 'x.js');
    const h = f.hunks[0];
    assert.deepEqual([h.oldStart, h.oldCount, h.newStart, h.newCount], [3, 2, 3, 3]);
    assert.deepEqual(h.lines.map((l) => l.kind + l.text), [' a', '-b', '+c', '+d']);
  });

  it('recounts the body: wrong counts do not truncate or extend a hunk', () => {
    const [f] = ok('@@ -1,1 +1,1 @@\n a\n-b\n+c\n d\n');
    assert.equal(f.hunks[0].lines.length, 4);
  });

  it('accepts bare @@ @@ headers and leaves the hint undefined', () => {
    const [f] = ok('@@ @@\n a\n-b\n+c\n');
    assert.equal(f.hunks[0].oldStart, undefined);
  });

  it('unwraps a ```diff fence and ignores the prose around it', () => {
    const [f] = ok('Here:\n```diff\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n```\nDone.\n');
    assert.deepEqual(f.hunks[0].lines.map((l) => l.kind + l.text), ['-a', '+b']);
  });

  it('keeps a Markdown file\'s own " ```" context line inside the hunk', () => {
    const [f] = ok('@@ -1,3 +1,3 @@\n ```js\n-a\n+b\n ```\n');
    assert.deepEqual(f.hunks[0].lines.map((l) => l.kind + l.text), [' ```js', '-a', '+b', ' ```']);
  });

  it('reads an empty line inside a hunk as a blank context line, and drops trailing ones', () => {
    const [f] = ok('@@ @@\n a\n\n-b\n+c\n\n\n');
    assert.deepEqual(f.hunks[0].lines.map((l) => l.kind + l.text), [' a', ' ', '-b', '+c']);
  });

  it('keeps a trailing blank context line when the header counts it', () => {
    const [f] = ok('@@ -1,3 +1,3 @@\n a\n-b\n+c\n\n');
    assert.equal(f.hunks[0].lines.length, 4);
  });

  it('applies "\\ No newline at end of file" to the side of the line before it', () => {
    const [f] = ok('@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
    assert.equal(f.hunks[0].oldNoEol, true);
    assert.equal(f.hunks[0].newNoEol, false);
  });

  it('treats "--- x" inside a hunk as a removed line unless "+++ " follows', () => {
    const [f] = ok('@@ -1,2 +1,1 @@\n a\n--- comment\n');
    assert.deepEqual(f.hunks[0].lines.map((l) => [l.kind, l.text]), [[' ', 'a'], ['-', '-- comment']]);
  });

  it('strips CR from a CRLF patch', () => {
    const [f] = ok('@@ -1 +1 @@\r\n-a\r\n+b\r\n');
    assert.deepEqual(f.hunks[0].lines.map((l) => l.text), ['a', 'b']);
  });

  it('splits a multi-file diff by file, and splitPatchByFile returns one patch per file', () => {
    const text = 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/y b/y\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-c\n+d\n';
    assert.equal(ok(text).length, 2);
    const parts = splitPatchByFile(text);
    assert.deepEqual(parts.map((p) => p.newPath), ['x', 'y']);
    assert.ok(parts[1].patch.includes('-c\n+d'));
  });

  it('refuses a text without hunks and a hunk that changes nothing', () => {
    assert.equal(parsePatch('just prose').ok, false);
    assert.equal(parsePatch('--- a/x\n+++ b/x\n').ok, false);
    assert.equal(parsePatch('@@ @@\n a\n b\n').ok, false);
  });
});

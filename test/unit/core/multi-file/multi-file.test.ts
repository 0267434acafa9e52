// Issue 16, the tool level's pure half: format detection, unified diffs of several files and
// several replacements as one multi-file plan (all files or none).
import * as assert from 'node:assert';
import { detectPatchFormat, planReplaceEdits, planUnifiedFiles } from '../../../../src/core/multi-file';

const files = (m: Record<string, string>) => (p: string) => (Object.prototype.hasOwnProperty.call(m, p) ? m[p] : undefined);

describe('multi-file: detectPatchFormat', () => {
  it('reads apply_patch from "*** Begin Patch" or a leading file header, after prose', () => {
    assert.equal(detectPatchFormat('Here is the change:\n*** Begin Patch\n*** Update File: a\n@@\n-x\n+y\n*** End Patch\n'), 'apply_patch');
    assert.equal(detectPatchFormat('*** Update File: a.ts\n@@\n-x\n+y\n'), 'apply_patch');
    assert.equal(detectPatchFormat('\uFEFF*** Add File: n.ts\r\n+x\r\n'), 'apply_patch');
  });
  it('reads a unified diff from its headers or hunks, whatever follows', () => {
    assert.equal(detectPatchFormat('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n'), 'unified');
    assert.equal(detectPatchFormat('@@ @@\n-a\n+*** Begin Patch\n'), 'unified');
    assert.equal(detectPatchFormat(''), 'unified');
  });
});

describe('multi-file: planUnifiedFiles', () => {
  const a = 'one\ntwo\nthree\n';
  const b = 'alpha\r\nbeta\r\n';
  const two = '--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n--- a/b.txt\n+++ b/b.txt\n@@ -1,2 +1,2 @@\n alpha\n-beta\n+BETA\n';

  it('plans every file of the diff, keeping each file\'s line endings', () => {
    const r = planUnifiedFiles(two, files({ 'a.txt': a, 'b.txt': b }));
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.files.map((f) => [f.path, f.action, f.text]), [['a.txt', 'update', 'one\nTWO\nthree\n'], ['b.txt', 'update', 'alpha\r\nBETA\r\n']]);
  });

  it('a retried diff is harmless: a file whose hunks are already there is unchanged, a half-landed diff applies only the rest', () => {
    const done = planUnifiedFiles(two, files({ 'a.txt': 'one\nTWO\nthree\n', 'b.txt': 'alpha\r\nBETA\r\n' }));
    assert.ok(done.ok, JSON.stringify(done));
    assert.equal(done.already_applied, true);
    assert.deepEqual(done.files.map((f) => [f.path, f.unchanged, f.already_applied_hunks]), [['a.txt', true, [1]], ['b.txt', true, [2]]]);
    const half = planUnifiedFiles(two, files({ 'a.txt': 'one\nTWO\nthree\n', 'b.txt': b }));
    assert.ok(half.ok, JSON.stringify(half));
    assert.equal(half.already_applied, false);
    assert.deepEqual(half.files.map((f) => [f.path, f.text, f.unchanged ?? false]), [['a.txt', 'one\nTWO\nthree\n', true], ['b.txt', 'alpha\r\nBETA\r\n', false]]);
  });

  it('a hunk that fits neither way is still a failure (not taken for a retry)', () => {
    const r = planUnifiedFiles(two, files({ 'a.txt': 'one\nzwei\nthree\n', 'b.txt': b }));
    assert.ok(!r.ok);
    assert.equal(r.error.path, 'a.txt');
  });

  it('a failure in the last file fails the whole plan, naming the file and hunk and the files that would apply', () => {
    const r = planUnifiedFiles(two, files({ 'a.txt': a, 'b.txt': 'alpha\r\ngamma\r\n' }));
    assert.ok(!r.ok);
    assert.equal(r.error.path, 'b.txt');
    assert.equal(r.error.hunk, 2);
    assert.deepEqual(r.error.applicable_files, ['a.txt']);
    assert.deepEqual(r.error.failed_files?.map((f) => f.path), ['b.txt']);
  });

  it('adds (/dev/null), deletes and renames files; refuses an add over a different existing file', () => {
    const patch = '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n--- a/from.txt\n+++ b/to.txt\n@@ -1 +1 @@\n-x\n+y\n';
    const r = planUnifiedFiles(patch, files({ 'old.txt': 'bye\n', 'from.txt': 'x\n' }));
    assert.ok(r.ok, JSON.stringify(r));
    assert.deepEqual(r.files.map((f) => [f.path, f.action, f.text, f.move_to]), [['new.txt', 'add', 'hello\nworld\n', undefined], ['old.txt', 'delete', undefined, undefined], ['from.txt', 'move', 'y\n', 'to.txt']]);
    const clash = planUnifiedFiles(patch, files({ 'old.txt': 'bye\n', 'from.txt': 'x\n', 'new.txt': 'other\n' }));
    assert.ok(!clash.ok);
    assert.equal(clash.error.type, 'FILE_EXISTS');
    assert.equal(clash.error.path, 'new.txt');
  });

  it('refuses a file named by two sections, and a section without headers among several', () => {
    const twice = '--- a/a.txt\n+++ b/a.txt\n@@\n-one\n+1\n--- a/a.txt\n+++ b/a.txt\n@@\n-two\n+2\n';
    const r = planUnifiedFiles(twice, files({ 'a.txt': a }));
    assert.ok(!r.ok);
    assert.equal(r.error.type, 'INVALID_PATCH');
    // a rename onto a file another section adds would write that file twice
    const onto = '--- a/a.txt\n+++ b/x.txt\n@@\n-one\n+1\n--- /dev/null\n+++ b/x.txt\n@@ -0,0 +1 @@\n+new\n';
    const clash = planUnifiedFiles(onto, files({ 'a.txt': a }));
    assert.ok(!clash.ok);
    assert.equal(clash.error.type, 'INVALID_PATCH');
    assert.equal(clash.error.path, 'x.txt');
  });
});

describe('multi-file: planReplaceEdits', () => {
  const src = 'function load(p) {\n  return read(p);\n}\n\nfunction save(p) {\n  return write(p);\n}\n';

  it('places every edit on the unmodified text and combines them (order does not matter)', () => {
    const edits = [
      { path: 'a.js', old_text: '  return write(p);', new_text: '  return writeAll(p);' },
      { path: 'a.js', old_text: 'function load(p) {', new_text: 'function loadConfig(p) {' },
      { path: 'b.js', old_text: 'load(x)', new_text: 'loadConfig(x)' },
    ];
    const r = planReplaceEdits(edits, files({ 'a.js': src, 'b.js': 'const c = load(x);\n' }));
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.files[0].text, src.replace('function load(', 'function loadConfig(').replace('write(p)', 'writeAll(p)'));
    assert.equal(r.files[1].text, 'const c = loadConfig(x);\n');
  });

  it('refuses edits of one file that overlap, naming the edit', () => {
    const edits = [
      { path: 'a.js', old_text: 'function load(p) {\n  return read(p);', new_text: 'function load(p) {\n  return readAll(p);' },
      { path: 'a.js', old_text: '  return read(p);\n}', new_text: '  return read(p) ?? null;\n}' },
    ];
    const r = planReplaceEdits(edits, files({ 'a.js': src }));
    assert.ok(!r.ok);
    assert.equal(r.error.type, 'AMBIGUOUS_MATCH');
    assert.equal(r.error.edit, 2);
  });

  it('an edit already in the file is reported, not applied twice; a whole retry changes nothing', () => {
    const edits = [
      { path: 'a.js', old_text: 'function load(p) {', new_text: 'function loadConfig(p) {' },
      { path: 'a.js', old_text: '  return write(p);', new_text: '  return writeAll(p);' },
    ];
    const once = planReplaceEdits(edits, files({ 'a.js': src }));
    assert.ok(once.ok);
    const again = planReplaceEdits(edits, files({ 'a.js': once.files[0].text as string }));
    assert.ok(again.ok, JSON.stringify(again));
    assert.equal(again.already_applied, true);
    assert.deepEqual(again.files[0].already_applied_hunks, [1, 2]);
    const half = planReplaceEdits(edits, files({ 'a.js': src.replace('function load(', 'function loadConfig(') }));
    assert.ok(half.ok);
    assert.equal(half.files[0].text, once.files[0].text);
    assert.deepEqual(half.files[0].already_applied_hunks, [1]);
  });

  it('a failing edit in the second file fails the whole plan with the file and edit', () => {
    const edits = [
      { path: 'a.js', old_text: 'function load(p) {', new_text: 'function loadConfig(p) {' },
      { path: 'b.js', old_text: 'nothing like this', new_text: 'x' },
    ];
    const r = planReplaceEdits(edits, files({ 'a.js': src, 'b.js': 'const c = 1;\n' }));
    assert.ok(!r.ok);
    assert.equal(r.error.path, 'b.js');
    assert.equal(r.error.edit, 2);
    assert.deepEqual(r.error.applicable_files, ['a.js']);
  });

  it('keeps CRLF and a missing final newline', () => {
    const crlf = 'a\r\nb\r\nc';
    const r = planReplaceEdits([{ path: 'c.txt', old_text: 'a', new_text: 'A' }, { path: 'c.txt', old_text: 'c', new_text: 'C' }], files({ 'c.txt': crlf }));
    assert.ok(r.ok, JSON.stringify(r));
    assert.equal(r.files[0].text, 'A\r\nb\r\nC');
  });
});

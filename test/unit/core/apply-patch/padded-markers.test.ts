import { strict as assert } from 'node:assert';
import { detectPatchFormat, parseApplyPatch, planApplyPatch } from '../../../../src/engine';

const files = (m: Record<string, string>) => (p: string) => m[p];

/** The new text of `path` in a plan, or the failure as "TYPE: message". */
function outcome(patch: string, m: Record<string, string>): string {
  const r = planApplyPatch(patch, files(m));
  if (!r.ok) return String(r.error);
  return r.files.map((f) => `${f.action} ${f.path}: ${JSON.stringify(f.text ?? '')}`).join('\n');
}

// Marker lines with whitespace around them (core/apply-patch/padded-markers.ts): a marker
// unless the same line also reads as a context line of the section's file.
describe('apply_patch (V4A): padded marker lines', () => {
  const foo = { 'foo.txt': 'one\ntwo\nthree\n' };

  it('reads every marker with leading and trailing spaces or tabs as the marker', () => {
    const patch = ['  *** Begin Patch ', '  *** Update File: foo.txt', '\t@@ one ', '-two', '+TWO', ' three', '   *** End of File\t', ' *** End Patch'].join('\n');
    assert.equal(outcome(patch, foo), 'update foo.txt: "one\\nTWO\\nthree\\n"');
    const r = parseApplyPatch(patch);
    assert.ok(r.ok);
    if (r.ok) assert.deepEqual(r.notes, [], 'Begin and End were both read');
  });

  it('reads padded Add, Delete and Move headers', () => {
    const patch = ['*** Begin Patch', '  *** Add File: new.txt', '+hi', ' *** Delete File: old.txt', '\t*** Update File: foo.txt', '  *** Move to: moved.txt ', '@@', '-one', '+ONE', '*** End Patch'].join('\n');
    const r = planApplyPatch(patch, files({ ...foo, 'old.txt': 'x\n' }));
    assert.ok(r.ok, JSON.stringify(r));
    if (!r.ok) return;
    assert.deepEqual(r.files.map((f) => [f.path, f.action, f.move_to]), [['new.txt', 'add', undefined], ['old.txt', 'delete', undefined], ['foo.txt', 'move', 'moved.txt']]);
  });

  it('" *** End Patch" ends the patch when the file has no such line (it used to be a context line that was not found)', () => {
    const patch = '*** Begin Patch\n*** Update File: foo.txt\n one\n-two\n+2\n *** End Patch\n';
    assert.equal(outcome(patch, foo), 'update foo.txt: "one\\n2\\nthree\\n"');
  });

  it('" *** End Patch" is refused as ambiguous when the file has a line "*** End Patch", naming the line and both readings', () => {
    const doc = { 'doc.md': 'intro\n*** End Patch\nrest\n' };
    const r = planApplyPatch('*** Begin Patch\n*** Update File: doc.md\n-intro\n+INTRO\n *** End Patch\n', files(doc));
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.equal(r.error.type, 'INVALID_PATCH');
    assert.equal(r.error.patch_line, 5);
    assert.match(r.error.message, /reads two ways/);
    assert.match(r.error.message, /context line of doc\.md/);
  });

  it('the file line counts when it matches only once trimmed (the whitespace tier would match it as context)', () => {
    const r = planApplyPatch('*** Begin Patch\n*** Update File: doc.md\n-intro\n+INTRO\n  @@ x\n', files({ 'doc.md': 'intro\n   @@ x  \n' }));
    assert.ok(!r.ok && r.error.type === 'INVALID_PATCH' && r.error.patch_line === 5, JSON.stringify(r));
  });

  it('a tab-padded marker in an update section is never a context line, so it is the marker even when the file has the line', () => {
    const doc = { 'doc.md': 'intro\n*** End Patch\n' };
    assert.equal(outcome('*** Begin Patch\n*** Update File: doc.md\n-intro\n+INTRO\n\t*** End Patch\n', doc), 'update doc.md: "INTRO\\n*** End Patch\\n"');
  });

  it('outside update sections a padded marker has one reading, whatever the files hold', () => {
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+*** End Patch\n *** End Patch\ntrailing prose\n';
    assert.equal(outcome(patch, { 'b.txt': '*** End Patch\n' }), 'add a.txt: "*** End Patch\\n"');
  });

  it('an unpadded "*** End Patch" stays the end even when the file has that line', () => {
    const doc = { 'doc.md': 'intro\n*** End Patch\n' };
    assert.equal(outcome('*** Begin Patch\n*** Update File: doc.md\n-intro\n+INTRO\n*** End Patch\n', doc), 'update doc.md: "INTRO\\n*** End Patch\\n"');
  });

  it('a padded @@ opens a new chunk, and is ambiguous only against a file line "@@ …"', () => {
    const two = { 'f.py': 'a\nb\nc\nd\n' };
    assert.equal(outcome('*** Begin Patch\n*** Update File: f.py\n-a\n+A\n @@\n-d\n+D\n', two), 'update f.py: "A\\nb\\nc\\nD\\n"');
    const diff = { 'x.diff': 'a\n@@ -1 +1 @@\n' };
    const r = planApplyPatch('*** Begin Patch\n*** Update File: x.diff\n-a\n+A\n @@ -1 +1 @@\n', files(diff));
    assert.ok(!r.ok && r.error.type === 'INVALID_PATCH', JSON.stringify(r));
  });

  it('blank lines between "*** End of File" and the next marker are skipped; a line of text there is still refused', () => {
    const end = '*** Begin Patch\n*** Update File: foo.txt\n two\n-three\n+3\n*** End of File\n\n  \n*** End Patch\n';
    assert.equal(outcome(end, foo), 'update foo.txt: "one\\ntwo\\n3\\n"');
    const next = '*** Begin Patch\n*** Update File: foo.txt\n two\n-three\n+3\n*** End of File\n\n@@\n-one\n+1\n*** End Patch\n';
    assert.equal(outcome(next, foo), 'update foo.txt: "1\\ntwo\\n3\\n"');
    const text = parseApplyPatch('*** Begin Patch\n*** Update File: foo.txt\n-three\n+3\n*** End of File\n\n one\n*** End Patch\n');
    assert.ok(!text.ok && text.line === 7, JSON.stringify(text));
  });

  it('without the files (listing the paths a patch names) a padded line is read as the marker', () => {
    const r = parseApplyPatch('*** Begin Patch\n*** Update File: a\n-x\n+y\n *** Update File: b\n-p\n+q\n');
    assert.ok(r.ok);
    if (r.ok) assert.deepEqual(r.ops.map((o) => o.path), ['a', 'b']);
  });

  it('asks the files only for the section a padded line sits in', () => {
    const asked: string[] = [];
    planApplyPatch('*** Begin Patch\n*** Update File: a\n-x\n+y\n *** End Patch\n', (p) => {
      asked.push(p);
      return 'x\n';
    });
    assert.deepEqual([...new Set(asked)], ['a']);
  });

  it('detects the format from padded markers', () => {
    assert.equal(detectPatchFormat('  *** Begin Patch\n*** Update File: a\n'), 'apply_patch');
    assert.equal(detectPatchFormat('\t*** Update File: a\n-x\n+y\n'), 'apply_patch');
    assert.equal(detectPatchFormat('--- a/x\n+++ b/x\n@@ -1 +1 @@\n *** Begin Patch\n'), 'unified');
  });
});

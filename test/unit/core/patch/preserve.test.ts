import { strict as assert } from 'node:assert';
import { applyUnifiedDiff } from '../../../../src/core/patch';
import { applySearchReplace } from '../../../../src/core/replace';
import { splitText, eolAt } from '../../../../src/core/text/lines';

function text(r: ReturnType<typeof applyUnifiedDiff>): string {
  assert.equal(r.ok, true, !r.ok ? JSON.stringify(r.error) : '');
  return r.ok ? r.text : '';
}

describe('engine/byte-exact preservation', () => {
  it('splitText keeps per-line terminators, BOM and the final-newline state', () => {
    const m = splitText('\uFEFFa\r\nb\nc');
    assert.deepEqual(m.lines, ['a', 'b', 'c']);
    assert.deepEqual([eolAt(m, 0), eolAt(m, 1), eolAt(m, 2)], ['\r\n', '\n', '']);
    assert.equal(m.bom, true);
    assert.equal(m.finalNewline, false);
    assert.deepEqual(splitText('').lines, []);
    assert.deepEqual(splitText('a\n\n').lines, ['a', '']);
  });

  it('a CRLF file patched with an LF patch stays CRLF, added lines included', () => {
    assert.equal(text(applyUnifiedDiff('a\r\nb\r\nc\r\n', '@@ @@\n a\n-b\n+B\n+B2\n c\n')), 'a\r\nB\r\nB2\r\nc\r\n');
  });

  it('a CRLF patch into an LF file gives LF lines', () => {
    assert.equal(text(applyUnifiedDiff('a\nb\nc\n', '@@ @@\r\n a\r\n-b\r\n+B\r\n c\r\n')), 'a\nB\nc\n');
  });

  it('in a mixed file, added lines take the terminator of the lines around them', () => {
    assert.equal(text(applyUnifiedDiff('a\r\nb\r\nc\nd\n', '@@ @@\n a\n+a2\n b\n@@ @@\n c\n+c2\n d\n')), 'a\r\na2\r\nb\r\nc\nc2\nd\n');
  });

  it('keeps the BOM', () => {
    assert.equal(text(applyUnifiedDiff('\uFEFFa\nb\n', '@@ @@\n-a\n+A\n b\n')), '\uFEFFA\nb\n');
  });

  it('keeps a missing final newline when the last line changes', () => {
    assert.equal(text(applyUnifiedDiff('a\nb', '@@ @@\n a\n-b\n+B\n')), 'a\nB');
  });

  it('keeps a missing final newline when lines are added at the end', () => {
    assert.equal(text(applyUnifiedDiff('a\nb', '@@ @@\n a\n b\n+c\n')), 'a\nb\nc');
  });

  it('keeps a missing final newline when the last line is deleted', () => {
    assert.equal(text(applyUnifiedDiff('a\nb\nc', '@@ @@\n a\n b\n-c\n')), 'a\nb');
  });

  it('changes the final newline only when the patch says so on one side', () => {
    assert.equal(text(applyUnifiedDiff('a\nb\n', '@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n')), 'a\nb');
    assert.equal(text(applyUnifiedDiff('a\nb', '@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n')), 'a\nb\n');
  });

  it('leaves every byte outside the edited lines alone (odd whitespace, lone CR)', () => {
    const base = 'x \t\n\ty\rz\nkeep  \n';
    assert.equal(text(applyUnifiedDiff(base, '@@ @@\n x\n-\ty\rz\n+Y\n keep\n')), 'x \t\nY\nkeep  \n');
  });

  it('patches an empty file from a hunk without context', () => {
    assert.equal(text(applyUnifiedDiff('', '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n')), 'hello\nworld\n');
  });

  it('refuses a file-creating patch (--- /dev/null) on a file that has content', () => {
    const r = applyUnifiedDiff('existing\n', '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello\n');
    assert.equal(!r.ok && r.error.type, 'INVALID_PATCH');
  });

  it('reports a pure deletion as a zero-length changed range', () => {
    const r = applyUnifiedDiff('a\nb\nc\n', '@@ @@\n a\n-b\n c\n');
    assert.equal(r.ok, true);
    if (r.ok) assert.deepEqual(r.changed, [{ start_line: 2, end_line: 1 }]);
  });

  it('search/replace in a CRLF file with LF texts writes CRLF', () => {
    const r = applySearchReplace('a\r\nb\r\nc\r\n', 'b', 'B1\nB2');
    assert.equal(r.ok && r.text, 'a\r\nB1\r\nB2\r\nc\r\n');
  });
});

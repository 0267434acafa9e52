import { strict as assert } from 'node:assert';
import { applyLineEdit } from '../../../../src/core/lines/edit-lines';
import { editableLines, joinLines, splitText } from '../../../../src/core/text/lines';
import { checkSizeReduction } from '../../../../src/core/size-guard';

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  assert.equal(r.ok, true, JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

describe('editable line model', () => {
  for (const text of ['', 'a', 'a\n', 'a\r\nb', 'a\r\nb\nc\r\n', '\n\n', '\r\n', '\uFEFF', '\uFEFFa\r\n', 'a\rb', 'a\r']) {
    it(`round-trips ${JSON.stringify(text)}`, () => {
      const { lines, ends } = editableLines(splitText(text));
      assert.equal(joinLines(lines, ends), text);
    });
  }
});

describe('applyLineEdit', () => {
  it('inserts before a line with the neighbours\' CRLF', () => {
    const r = ok(applyLineEdit('a\r\nc\r\n', { mode: 'insert', start_line: 2, new_lines: ['b'] }));
    assert.equal(r.text, 'a\r\nb\r\nc\r\n');
    assert.deepEqual(r.changed, [{ start_line: 2, end_line: 2 }]);
  });

  it('appends at line_count + 1 to a file without a final newline, keeping it without one', () => {
    const r = ok(applyLineEdit('a\nb', { mode: 'insert', start_line: 3, new_lines: ['c'] }));
    assert.equal(r.text, 'a\nb\nc');
  });

  it('appends to a file with a final newline', () => {
    assert.equal(ok(applyLineEdit('a\n', { mode: 'insert', start_line: 2, new_lines: ['b'] })).text, 'a\nb\n');
  });

  it('inserts into an empty file', () => {
    assert.equal(ok(applyLineEdit('', { mode: 'insert', start_line: 1, new_lines: ['x', 'y'] })).text, 'x\ny\n');
  });

  it('replaces a range and keeps the last line\'s ending', () => {
    assert.equal(ok(applyLineEdit('1\n2\n3\n4', { mode: 'replace', start_line: 3, end_line: 4, new_lines: ['three'] })).text, '1\n2\nthree');
  });

  // Mixed endings: each replacing line keeps the ending of the line it replaces, as the
  // patch engine does; the neighbour's ending was given to all lines but the last.
  it('replaces lines of a mixed-ending file, each keeping its own line ending', () => {
    const r = ok(applyLineEdit('x\r\na\nb\r\n', { mode: 'replace', start_line: 2, end_line: 3, new_lines: ['A', 'B'] }));
    assert.equal(r.text, 'x\r\nA\nB\r\n');
  });

  it('gives lines beyond the replaced range the ending of the line before them', () => {
    assert.equal(ok(applyLineEdit('x\r\na\ny\r\n', { mode: 'replace', start_line: 2, new_lines: ['A', 'A2'] })).text, 'x\r\nA\nA2\ny\r\n');
    assert.equal(ok(applyLineEdit('x\r\na', { mode: 'replace', start_line: 2, new_lines: ['A', 'A2'] })).text, 'x\r\nA\r\nA2');
  });

  it('shrinking a range keeps the endings of the lines replaced first', () => {
    assert.equal(ok(applyLineEdit('a\nb\r\nc\n', { mode: 'replace', start_line: 1, end_line: 2, new_lines: ['X'] })).text, 'X\nc\n');
  });

  it('deletes a range, and the last lines of a file without final newline', () => {
    assert.equal(ok(applyLineEdit('1\n2\n3\n', { mode: 'delete', start_line: 2 })).text, '1\n3\n');
    assert.equal(ok(applyLineEdit('1\n2\n3', { mode: 'delete', start_line: 3 })).text, '1\n2');
  });

  it('refuses out-of-range lines', () => {
    const r = applyLineEdit('1\n2\n', { mode: 'delete', start_line: 3 });
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.failure.error_type, 'LINE_RANGE_OUT_OF_BOUNDS');
    const ins = applyLineEdit('1\n2\n', { mode: 'insert', start_line: 4, new_lines: ['x'] });
    assert.equal(!ins.ok && ins.failure.error_type, 'LINE_RANGE_OUT_OF_BOUNDS');
  });

  it('refuses new_lines containing line breaks', () => {
    const r = applyLineEdit('1\n', { mode: 'insert', start_line: 1, new_lines: ['a\nb'] });
    assert.equal(!r.ok && r.failure.error_type, 'INVALID_INPUT');
  });

  describe('duplicate detection', () => {
    const c = ['int main(int argc, char **argv) {', '    if (argc != 2) {', '        usage();', '        return 1;', '    }', '    run(argv[1]);', '    return 0;', '}', ''].join('\n');
    it('refuses inserting a block that already stands nearby, with its line numbers', () => {
      const r = applyLineEdit(c, { mode: 'insert', start_line: 6, new_lines: ['  if (argc != 2) {', '      usage();', '      return 1;', '  }'] });
      assert.equal(r.ok, false);
      if (!r.ok) {
        assert.equal(r.failure.error_type, 'DUPLICATE_CONTENT');
        assert.deepEqual((r.failure.existing_lines as { start_line: number }).start_line, 2);
      }
    });
    it('allows it with check_duplicates false', () => {
      ok(applyLineEdit(c, { mode: 'insert', start_line: 6, new_lines: ['if (argc != 2) {'], check_duplicates: false }));
    });
    it('ignores copies farther away than the window, and blank or closing-brace-only inserts', () => {
      const far = 'dup();\n' + 'x;\n'.repeat(30);
      ok(applyLineEdit(far, { mode: 'insert', start_line: 30, new_lines: ['dup();'] }));
      ok(applyLineEdit(c, { mode: 'insert', start_line: 6, new_lines: ['', '}'] }));
    });
  });
});

describe('checkSizeReduction', () => {
  const big = 'x'.repeat(3400);
  it('blocks a 2-byte write over a 3,400-byte file, with both sizes', () => {
    const r = checkSizeReduction(big, '}\n', { minBytes: 1000, maxShrinkPercent: 90 });
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.failure.error_type, 'SIZE_REDUCTION_BLOCKED');
      assert.match(r.failure.message, /3400 bytes to 2 bytes/);
    }
  });
  it('allows small files and moderate shrinks', () => {
    assert.equal(checkSizeReduction('x'.repeat(900), '', { minBytes: 1000, maxShrinkPercent: 90 }).ok, true);
    assert.equal(checkSizeReduction(big, 'x'.repeat(400), { minBytes: 1000, maxShrinkPercent: 90 }).ok, true);
  });
});

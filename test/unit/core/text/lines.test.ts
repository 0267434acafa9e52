import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { editableLines, eolAt, eolNear, joinLines, lineOffsets, splitText } from '../../../../src/core/text/lines';

const texts = fc.array(fc.constantFrom('a', ' ', '\r', '\n', '\r\n', '\uFEFF'), { maxLength: 16 }).map((a) => a.join(''));

describe('core/text/lines', () => {
  it('splitText: empty text and a lone BOM have no lines; a final newline adds no empty line', () => {
    assert.deepEqual(splitText('').lines, []);
    const bomOnly = splitText('\uFEFF');
    assert.deepEqual([bomOnly.lines, bomOnly.bom], [[], true]);
    assert.deepEqual(splitText('a\n').lines, ['a']);
    assert.deepEqual(splitText('a\n\n').lines, ['a', '']);
    assert.equal(splitText('a').finalNewline, false);
  });

  it('splitText keeps each line\'s own ending, and a lone CR as content', () => {
    const m = splitText('a\r\nb\nc\rd\r');
    assert.deepEqual(m.lines, ['a', 'b', 'c\rd\r']);
    assert.deepEqual([0, 1, 2].map((i) => eolAt(m, i)), ['\r\n', '\n', '']);
  });

  it('lineOffsets point at each line\'s first character in raw, BOM included, then the end', () => {
    assert.deepEqual(Array.from(lineOffsets(splitText('\uFEFFab\r\nc\nd'))), [1, 5, 7, 8]);
  });

  it('editableLines + joinLines rebuild every text byte for byte, the BOM staying in line 1', () => {
    assert.deepEqual(editableLines(splitText('\uFEFF')), { lines: ['\uFEFF'], ends: [''] });
    assert.deepEqual(editableLines(splitText('\uFEFFa\r\n')), { lines: ['\uFEFFa'], ends: ['\r\n'] });
    fc.assert(fc.property(texts, (t) => {
      const { lines, ends } = editableLines(splitText(t));
      assert.equal(joinLines(lines, ends), t);
    }), { numRuns: 2000 });
  });

  it('eolNear takes the line above, then below, then farther; LF when no line has an ending', () => {
    assert.equal(eolNear(['\r\n', '\n'], 1), '\r\n');
    assert.equal(eolNear(['\r\n', '\n'], 0), '\r\n');
    assert.equal(eolNear(['\n', '\r\n', ''], 3), '\r\n');
    assert.equal(eolNear([''], 1), '\n');
    assert.equal(eolNear([], 0), '\n');
  });
});

import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { splitLinesKeepEnds, splitRows } from '../../../../src/core/text/split';
import { splitText } from '../../../../src/core/text/lines';

const texts = fc.array(fc.constantFrom('a', ' ', '\r', '\n', '\uFEFF'), { maxLength: 16 }).map((a) => a.join(''));

describe('core/text/split', () => {
  it('splitRows keeps a trailing empty row, drops the CR of CRLF, keeps a lone CR', () => {
    assert.deepEqual(splitRows(''), ['']);
    assert.deepEqual(splitRows('a\n'), ['a', '']);
    assert.deepEqual(splitRows('a\r\nb\rc\nd'), ['a', 'b\rc', 'd']);
    assert.deepEqual(splitRows('\uFEFFa'), ['\uFEFFa']);
  });

  it('splitRows is splitText\'s lines plus the trailing row, whenever there is no BOM', () => {
    fc.assert(fc.property(texts.filter((t) => !t.startsWith('\uFEFF')), (t) => {
      const m = splitText(t);
      assert.deepEqual(splitRows(t), m.finalNewline ? [...m.lines, ''] : m.lines);
    }), { numRuns: 2000 });
  });

  it('splitLinesKeepEnds joins back to the text; "" has no lines', () => {
    assert.deepEqual(splitLinesKeepEnds(''), []);
    assert.deepEqual(splitLinesKeepEnds('a\r\nb\rc\n\nd'), ['a\r\n', 'b\rc\n', '\n', 'd']);
    fc.assert(fc.property(texts, (t) => {
      const lines = splitLinesKeepEnds(t);
      assert.equal(lines.join(''), t);
      assert.ok(lines.slice(0, -1).every((l) => l.endsWith('\n')));
    }), { numRuns: 2000 });
  });
});

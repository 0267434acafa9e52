import { strict as assert } from 'node:assert';
import { excerptAround } from '../../../src/core/excerpt';

const text = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('excerptAround', () => {
  it('shows the changed lines with two lines of context, numbered', () => {
    const ex = excerptAround(text, [{ start_line: 50, end_line: 50 }]);
    assert.deepEqual(ex.split('\n'), ['48| line 48', '49| line 49', '50| line 50', '51| line 51', '52| line 52']);
  });

  it('merges overlapping windows and separates distant ones', () => {
    const ex = excerptAround(text, [{ start_line: 10, end_line: 10 }, { start_line: 13, end_line: 13 }, { start_line: 90, end_line: 90 }]);
    const lines = ex.split('\n');
    assert.equal(lines[0], ' 8| line 8');
    assert.equal(lines[7], '15| line 15');
    assert.equal(lines[8], '…');
    assert.equal(lines[9], '88| line 88');
  });

  it('marks a pure deletion point with two lines on each side of it', () => {
    const ex = excerptAround(text, [{ start_line: 20, end_line: 19 }]);
    assert.deepEqual(ex.split('\n'), ['18| line 18', '19| line 19', '20| line 20', '21| line 21']);
  });

  it('cuts a long range to head and tail', () => {
    const ex = excerptAround(text, [{ start_line: 1, end_line: 100 }], { maxRangeLines: 10 });
    assert.match(ex, /… 90 lines not shown …/);
    assert.ok(ex.includes('  1| line 1'));
    assert.ok(ex.includes('100| line 100'));
  });

  it('keeps CRLF out of the excerpt lines', () => {
    const ex = excerptAround('a\r\nb\r\nc\r\n', [{ start_line: 2, end_line: 2 }]);
    assert.equal(ex, '1| a\n2| b\n3| c');
  });
});

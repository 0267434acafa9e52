import { strict as assert } from 'node:assert';
import { boundedHead } from '../../../src/core/bounded-text';

describe('boundedHead', () => {
  it('returns a text within the budget whole', () => {
    assert.deepEqual(boundedHead('a\nb\n', 10), { text: 'a\nb\n', truncated: false });
  });
  it('cuts a longer text at the last line boundary inside the budget and counts its lines', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const r = boundedHead(text, 50);
    assert.equal(r.truncated, true);
    assert.ok(r.text.length <= 50 && r.text.endsWith('\n'));
    assert.equal(r.lines_included, r.text.split('\n').length - 1);
    assert.ok(text.startsWith(r.text));
  });
  it('cuts inside one enormous line rather than send almost nothing', () => {
    const r = boundedHead('x\n' + 'y'.repeat(1000), 100);
    assert.equal(r.text.length, 100);
    assert.equal(r.lines_included, 2);
  });
});

import { strict as assert } from 'node:assert';
import { checkFinalText } from '../../../src/core/final-text-guard';
import { rootLabel } from '../../../src/core/paths/identity';

const limits = { maxBytes: 1000, minBytes: 100, maxShrinkPercent: 90, allowSizeReduce: false };

describe('checkFinalText: every change keeps the file recoverable (issue 19, items 7 and 10)', () => {
  it('refuses a NUL byte anywhere, naming its line (BINARY_FILE)', () => {
    const r = checkFinalText('a\n', 'a\nb\u0000c\n', limits);
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.failure.error_type, 'BINARY_FILE');
      assert.equal(r.failure.line, 2);
    }
  });
  it('refuses a result larger than maxBytes, counted in UTF-8 bytes (TOO_LARGE)', () => {
    assert.equal(checkFinalText(undefined, 'x'.repeat(1000), limits).ok, true);
    const r = checkFinalText(undefined, 'é'.repeat(501), limits);
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.failure.error_type, 'TOO_LARGE');
  });
  it('refuses a catastrophic shrink of an existing file unless allowed; a new file is never "shrunk"', () => {
    const old = 'int f(void);\n'.repeat(30);
    const r = checkFinalText(old, '}\n', limits);
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.failure.error_type, 'SIZE_REDUCTION_BLOCKED');
    assert.equal(checkFinalText(old, '}\n', { ...limits, allowSizeReduce: true }).ok, true);
    assert.equal(checkFinalText(undefined, '}\n', limits).ok, true);
    assert.equal(checkFinalText('tiny\n', '', limits).ok, true, 'files at or below minBytes may shrink');
  });
});

describe('rootLabel: a file identity never shared by two folders (issue 19, item 12)', () => {
  it('is the folder name when it is unique, the folder path when two folders share a name', () => {
    const roots = [{ path: '/w/a/api', name: 'api' }, { path: '/w/b/api', name: 'api' }, { path: '/w/web', name: 'web' }];
    assert.equal(rootLabel(roots, 0), '/w/a/api');
    assert.equal(rootLabel(roots, 1), '/w/b/api');
    assert.notEqual(rootLabel(roots, 0), rootLabel(roots, 1));
    assert.equal(rootLabel(roots, 2), 'web');
    assert.equal(rootLabel([{ path: 'C:\\w\\lib' }], 0), 'lib');
  });
});

import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyUnifiedDiff } from '../../../src/core/patch';
import { fastApplyFilePatch } from '../../../src/core/patch/fastPatch';
import { parsePatch } from '../../../src/core/patch/parse';

const ROOT = resolve(__dirname, '../../../../test/fixtures/scenarios');

describe('engine/fast paths give the general path\'s result', () => {
  const inputs: Array<[string, string, string]> = [
    ['two hunks', 'a\nb\nc\nd\ne\nf\ng\nh\ni\n', '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n@@ -7,3 +7,4 @@\n g\n h\n+h2\n i\n'],
    ['no final newline', 'a\nb\nc', '@@ @@\n a\n b\n-c\n+C\n'],
    ['deletion', 'a\nb\nc\nd\n', '@@ @@\n a\n-b\n-c\n d\n'],
    ['bom', '\uFEFFa\nb\n', '@@ @@\n-a\n+A\n b\n'],
  ];
  for (const d of readdirSync(ROOT)) {
    const dir = join(ROOT, d);
    if (!existsSync(join(dir, 'patch.diff'))) continue;
    const name = readdirSync(join(dir, 'input'))[0];
    inputs.push([d, readFileSync(join(dir, 'input', name), 'utf8'), readFileSync(join(dir, 'patch.diff'), 'utf8')]);
  }
  for (const [label, base, patch] of inputs) {
    it(label, () => {
      const general = applyUnifiedDiff(base, patch, { noFastPath: true });
      const fast = applyUnifiedDiff(base, patch);
      assert.deepEqual(fast, general);
    });
  }

  it('takes the fast path for a plain exact patch and declines an ambiguous one', () => {
    const p = parsePatch('@@ @@\n a\n-b\n+B\n');
    assert.ok(p.ok);
    if (!p.ok) return;
    assert.notEqual(fastApplyFilePatch('a\nb\n', p.files[0]), null);
    assert.equal(fastApplyFilePatch('a\nb\na\nb\n', p.files[0]), null);
    assert.equal(fastApplyFilePatch('a\r\nb\r\n', p.files[0]), null);
  });
});

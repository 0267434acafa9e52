import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyUnifiedDiff } from '../../../../src/core/patch';
import { fastApplyFilePatch } from '../../../../src/core/patch/fastPatch';
import { parsePatch } from '../../../../src/core/patch/parse';
import { applySearchReplace } from '../../../../src/core/replace';

const ROOT = resolve(__dirname, '../../../../../test/fixtures/scenarios');

describe('engine/fast paths give the general path\'s result', () => {
  const inputs: Array<[string, string, string]> = [
    ['two hunks', 'a\nb\nc\nd\ne\nf\ng\nh\ni\n', '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n@@ -7,3 +7,4 @@\n g\n h\n+h2\n i\n'],
    ['no final newline', 'a\nb\nc', '@@ @@\n a\n b\n-c\n+C\n'],
    ['deletion', 'a\nb\nc\nd\n', '@@ @@\n a\n-b\n-c\n d\n'],
    ['bom', '\uFEFFa\nb\n', '@@ @@\n-a\n+A\n b\n'],
    ['crlf', 'a\r\nb\r\nc\r\n', '@@ @@\n a\n-b\n+B\n+B2\n c\n'],
    ['crlf without final newline', 'a\r\nb\r\nc', '@@ @@\n b\n-c\n+C\n'],
    ['lone CR inside a line', 'a\rx\nb\n', '@@ @@\n-b\n+B\n'],
    ['mixed, CRLF window', 'x\ny\r\na\r\nb\r\nc\n', '@@ @@\n a\n+a2\n b\n'],
    ['mixed, insertion at window top', 'x\na\r\nb\r\n', '@@ @@\n+top\n a\n b\n'],
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
    assert.equal(fastApplyFilePatch('a\r\nb\r\n', p.files[0]) === null, false, 'uniform CRLF is fast');
    assert.equal(fastApplyFilePatch('a\r\nb\n', p.files[0]), null, 'an LF line in the window is left to the general path');
    assert.equal(fastApplyFilePatch('x\na\r\nb\r\n', p.files[0]), null, 'an LF line just above the window too');
  });
});

describe('engine/search-replace fast path gives the general path\'s result', () => {
  const inputs: Array<[string, string, string, string, number?]> = [
    ['crlf multi-line', 'a\r\nb\r\nc\r\n', 'a\nb', 'A\nB\nB2'],
    ['crlf dedented', 'x {\r\n    call();\r\n}\r\n', 'call();', 'prep();\ncall();'],
    ['crlf trailing newline', 'a\r\nb\r\n\r\nc\r\n', 'b\n', 'B\n'],
    ['mixed', 'a\r\nb\nc\n', 'b\nc', 'B\nC'],
    ['mixed, single line in an LF line', 'a\r\nb\nc\r\n', 'b', 'B\nB2'],
    ['mixed, single line in a CRLF line', 'a\nb\r\nc\n', 'b', 'B\nB2'],
    ['crlf, no final newline', 'a\r\nb', 'b', 'B\nB2'],
    ['crlf, text ending inside CRLF', 'a\r\nb\r\n', 'a\n', 'A\n'],
    ['lf dedented', 'x {\n    call();\n}\n', 'call();', 'prep();\ncall();'],
    ['two replacements', 'a\nb\na\n', 'a', 'z', 2],
    ['substring', 'const t = p * q;\n', 'p * q', 'p * q * r'],
  ];
  for (const d of readdirSync(ROOT)) {
    const dir = join(ROOT, d);
    if (!existsSync(join(dir, 'replace.json'))) continue;
    const name = readdirSync(join(dir, 'input'))[0];
    const spec = JSON.parse(readFileSync(join(dir, 'replace.json'), 'utf8'));
    inputs.push([d, readFileSync(join(dir, 'input', name), 'utf8'), spec.old_text, spec.new_text, spec.expected_replacements]);
  }
  for (const [label, base, o, n, k] of inputs) {
    it(label, () => {
      const general = applySearchReplace(base, o, n, { expectedReplacements: k, noFastPath: true });
      const fast = applySearchReplace(base, o, n, { expectedReplacements: k });
      assert.deepEqual(fast, general);
    });
  }
});

describe('engine/search-replace fast path on adjacent occurrences', () => {
  it('merges touching changed ranges like the general path', () => {
    const base = 'a\na\nb\n';
    assert.deepEqual(applySearchReplace(base, 'a', 'z', { expectedReplacements: 2 }), applySearchReplace(base, 'a', 'z', { expectedReplacements: 2, noFastPath: true }));
  });
});

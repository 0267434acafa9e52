import { strict as assert } from 'node:assert';
import { applySearchReplace } from '../../../../src/core/replace';
import { stripLineNumbers } from '../../../../src/core/replace/lineNumbers';

const BASE = ['function f() {', '    if (a) {', '        go();', '    }', '    go();', '}', ''].join('\n');

describe('engine/search-replace', () => {
  it('replaces a unique exact text and reports the changed lines', () => {
    const r = applySearchReplace(BASE, '    if (a) {\n        go();', '    if (b) {\n        go();');
    assert.equal(r.ok, true);
    if (r.ok) {
      assert.equal(r.text, BASE.replace('if (a)', 'if (b)'));
      assert.equal(r.replacements, 1);
      assert.deepEqual(r.changed, [{ start_line: 2, end_line: 3 }]);
      assert.equal(r.tolerance, 'exact');
    }
  });

  it('refuses a text found twice, with the candidate lines, and honours expected_replacements', () => {
    const r = applySearchReplace(BASE, 'go();', 'run();');
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.type, 'AMBIGUOUS_MATCH');
      assert.deepEqual(r.error.candidates, [3, 5]);
    }
    const all = applySearchReplace(BASE, 'go();', 'run();', { expectedReplacements: 2 });
    assert.equal(all.ok && all.text, BASE.replace(/go\(\)/g, 'run()'));
    const three = applySearchReplace(BASE, 'go();', 'run();', { expectedReplacements: 3 });
    assert.equal(three.ok, false);
  });

  it('refuses an empty old_text and a no-op', () => {
    const a = applySearchReplace(BASE, '', 'x');
    const b = applySearchReplace(BASE, 'go();', 'go();');
    assert.equal(!a.ok && a.error.type, 'INVALID_INPUT');
    assert.equal(!b.ok && b.error.type, 'INVALID_INPUT');
  });

  it('a dedented single line is a whole-line pattern: new lines get its indentation', () => {
    const base = 'a {\n    call(x);\n}\n';
    const r = applySearchReplace(base, 'call(x);', 'prepare();\ncall(x);');
    assert.equal(r.ok && r.text, 'a {\n    prepare();\n    call(x);\n}\n');
  });

  it('keeps a true substring edit inside a line a substring edit', () => {
    const r = applySearchReplace('const total = price * qty;\n', 'price * qty', 'price * qty * tax');
    assert.equal(r.ok && r.text, 'const total = price * qty * tax;\n');
  });

  it('a tolerant match never lands inside a longer line', () => {
    // "go();  " (trailing blanks) is not exact; at the whitespace tier it must equal a whole line
    const r = applySearchReplace('x = go();\n', 'go();  ', 'stop();');
    assert.equal(r.ok, false);
  });

  it('tolerates trailing whitespace drift', () => {
    const r = applySearchReplace(BASE, '    if (a) {  \n        go();', '    if (b) {\n        go();');
    assert.equal(r.ok && r.tolerance, 'whitespace');
  });

  it('converts tabs in old/new to the file\'s spaces and shifts over-indented text', () => {
    const tabs = applySearchReplace(BASE, '\tif (a) {\n\t\tgo();', '\tif (b) {\n\t\tgo();\n\t\tgo2();');
    assert.equal(tabs.ok && tabs.text, BASE.replace('    if (a) {\n        go();', '    if (b) {\n        go();\n        go2();'));
    const over = applySearchReplace(BASE, '      if (a) {\n          go();', '      if (c) {\n          go();');
    assert.equal(over.ok && over.text, BASE.replace('if (a)', 'if (c)'));
    assert.equal(over.ok && over.tolerance, 'indent');
  });

  it('refuses when old_text\'s indentation relates to the file\'s inconsistently', () => {
    const r = applySearchReplace(BASE, '  if (a) {\n          go();', '  if (b) {\n          go();');
    assert.equal(!r.ok && r.error.type, 'NO_MATCH');
  });

  it('strips line-number prefixes when every line has consecutive ones', () => {
    const r = applySearchReplace(BASE, '2:     if (a) {\n3:         go();', '2:     if (z) {\n3:         go();');
    assert.equal(r.ok && r.text, BASE.replace('if (a)', 'if (z)'));
    assert.deepEqual(stripLineNumbers(['  12 | a', '  13 | b']), ['a', 'b']);
    assert.deepEqual(stripLineNumbers(['12\ta', '13\tb']), ['a', 'b']);
    assert.equal(stripLineNumbers(['12: a', '14: b']), null);
    assert.equal(stripLineNumbers(['12: a', 'b']), null);
  });

  it('refuses a placeholder in new_text that is not in the file', () => {
    const r = applySearchReplace(BASE, '    if (a) {\n        go();\n    }', '    if (a) {\n        // ... existing code ...\n    }');
    assert.equal(!r.ok && r.error.type, 'ELISION_BLOCKED');
  });

  it('reports the missing line and the nearest file line', () => {
    const r = applySearchReplace(BASE, '    if (aa) {\n        go();', 'x');
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.type, 'NO_MATCH');
      assert.equal(r.error.line, '    if (aa) {');
      assert.equal(r.error.found?.line_number, 2);
    }
  });

  it('keeps substring semantics for texts that start or end with a line break', () => {
    const base = 'a\nb\n\nc\n';
    const r = applySearchReplace(base, 'b\n', 'B\n');
    assert.equal(r.ok && r.text, 'a\nB\n\nc\n');
    const d = applySearchReplace(base, '\nc', '');
    assert.equal(d.ok && d.text, 'a\nb\n\n');
  });
});

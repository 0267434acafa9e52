import { strict as assert } from 'node:assert';
import { isElisionMarker, findElisionMarkers, containsElision } from '../../../src/core/elision';
import { applyUnifiedDiff } from '../../../src/core/patch';

describe('engine/elision markers', () => {
  const markers = [
    '// ... existing code ...',
    '  // ...existing code...',
    '# ...',
    '<!-- ... existing content ... -->',
    '/* ... existing code ... */',
    '...',
    '// rest of the file unchanged',
    '# ... rest unchanged ...',
    '// ... keep existing imports ...',
    '{/* ... */}',
  ];
  const code = ['const rest = [...items];', 'f(...args);', 'return { ...state, a: 1 };', '// TODO: keep this', 'x = y', '', '# heading', 'console.log("...");'];
  for (const m of markers) it(`recognizes ${JSON.stringify(m)}`, () => assert.equal(isElisionMarker(m), true));
  for (const c of code) it(`does not flag code ${JSON.stringify(c)}`, () => assert.equal(isElisionMarker(c), false));

  it('findElisionMarkers gives 1-based lines and skips lines the base already has', () => {
    assert.deepEqual(findElisionMarkers('a\n// ... existing code ...\nb'), [{ line_number: 2, text: '// ... existing code ...' }]);
    assert.deepEqual(findElisionMarkers('def f():\n    ...\n', 'def f():\n    ...\n'), []);
  });

  it('containsElision compares with the old text', () => {
    assert.equal(containsElision('x\n// ... existing code ...\n'), true);
    assert.equal(containsElision('x\n// ... existing code ...\n', '// ... existing code ...'), false);
  });
});

describe('engine/elision inside hunks', () => {
  const base = ['function f() {', '  a();', '  b();', '  c();', '  d();', '  e();', '}', ''].join('\n');
  it('resolves a marker that stands for unchanged lines between two changes', () => {
    const r = applyUnifiedDiff(base, '@@ @@\n function f() {\n-  a();\n+  A();\n   // ... existing code ...\n-  e();\n+  E();\n }\n');
    assert.equal(r.ok, true, !r.ok ? JSON.stringify(r.error) : '');
    if (r.ok) {
      assert.equal(r.text, base.replace('a()', 'A()').replace('e()', 'E()'));
      assert.equal(r.tolerance, 'elision');
    }
  });

  it('refuses when a changed part next to a marker fits several places', () => {
    const rep = ['x();', 'z();', 'y();', 'q();', 'y();', ''].join('\n');
    const r = applyUnifiedDiff(rep, '@@ @@\n x();\n // ...\n-y();\n+Y();\n');
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.type, 'AMBIGUOUS_MATCH');
      assert.deepEqual(r.error.candidates, [3, 5]);
    }
  });

  it('refuses a marker written as an added line (it would replace code by a placeholder)', () => {
    const r = applyUnifiedDiff(base, '@@ @@\n function f() {\n-  a();\n+  // ... existing code ...\n   b();\n');
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error.type, 'ELISION_BLOCKED');
  });

  it('treats a marker line that the file contains as ordinary context', () => {
    const py = 'class P:\n    def m(self):\n        ...\n\nx = 1\n';
    const r = applyUnifiedDiff(py, '@@ @@\n     def m(self):\n         ...\n \n-x = 1\n+x = 2\n');
    assert.equal(r.ok, true);
    if (r.ok) assert.equal(r.tolerance, 'exact');
  });
});

import { strict as assert } from 'node:assert';
import { judgeRepeat, Found } from '../../../src/core/already-applied';
import { applySearchReplace } from '../../../src/core/replace';
import { applyUnifiedDiff } from '../../../src/core/patch';
import { planReplaceEdits, planPatchFiles } from '../../../src/engine';

const at = (...lines: number[]): Found => ({ ok: true, spans: lines.map((line) => ({ line, lines: 1 })) });
const notFound: Found = { ok: false, notFound: true };

describe('core/already-applied: the one rule for an edit sent again', () => {
  it('old side gone, new side found: already applied; neither found: the forward answer', () => {
    assert.deepEqual(judgeRepeat({ forward: notFound, reverse: () => at(7), newContainsOld: false, oldLines: 1 }), { kind: 'already', lines: [7] });
    assert.deepEqual(judgeRepeat({ forward: notFound, reverse: () => notFound, newContainsOld: false, oldLines: 1 }), { kind: 'forward' });
  });

  it('new side containing the old: inside its place is a repeat, elsewhere a first application, both places refused', () => {
    const span3 = (line: number): Found => ({ ok: true, spans: [{ line, lines: 3 }] });
    assert.deepEqual(judgeRepeat({ forward: at(5), reverse: () => span3(4), newContainsOld: true, oldLines: 1 }).kind, 'already');
    assert.deepEqual(judgeRepeat({ forward: at(9), reverse: () => span3(4), newContainsOld: true, oldLines: 1 }).kind, 'forward');
    assert.deepEqual(judgeRepeat({ forward: { ok: false, notFound: false, candidates: [1, 5] }, reverse: () => span3(4), newContainsOld: true, oldLines: 1 }), { kind: 'both', first: [1], repeat: [4] });
  });

  it('never asks for the reverse when the old side is found and the new side does not contain it', () => {
    let asked = false;
    const v = judgeRepeat({ forward: at(2), reverse: () => ((asked = true), notFound), newContainsOld: false, oldLines: 1 });
    assert.equal(v.kind, 'forward');
    assert.equal(asked, false);
  });
});

describe('replace_in_file and unified diffs sent twice (issue 25, defect 2)', () => {
  const cases: Array<[string, string, string]> = [
    ['def load_config(path):\n    pass\n', 'def load_config', 'def load_config_file'],
    ['x = compute()\ny = 1\n', 'x = compute()', 'x = compute()  # type: ignore[misc]'],
    ['a {\n    call(x);\n}\n', 'call(x);', 'prepare();\ncall(x);'],
    ['first\nthird\n', 'first', 'second'],
  ];
  for (const [base, oldText, newText] of cases) {
    it(`${JSON.stringify(oldText)} → ${JSON.stringify(newText)}: the second application changes nothing and says so`, () => {
      const once = applySearchReplace(base, oldText, newText);
      assert.equal(once.ok, true);
      if (!once.ok) return;
      assert.notEqual(once.text, base);
      assert.equal(once.already_applied, undefined);
      const twice = applySearchReplace(once.text, oldText, newText);
      assert.equal(twice.ok && twice.text, once.text);
      assert.deepEqual(twice.ok && twice.already_applied, [1]);
      // the same answer for one of several edits
      const multi = planReplaceEdits([{ path: 'f', old_text: oldText, new_text: newText }], () => once.text);
      assert.equal(multi.ok && multi.already_applied, true);
    });
  }

  it('a rename in a file that also holds the old name elsewhere is refused with both readings', () => {
    const r = applySearchReplace('def load_config(a):\n    pass\ndef load_config_file(b):\n    pass\n', 'def load_config', 'def load_config_file');
    assert.equal(!r.ok && r.error.type, 'AMBIGUOUS_MATCH');
    assert.deepEqual(!r.ok && r.error.readings, { first_application_at: [1], already_applied_at: [3] });
    assert.match(!r.ok ? r.error.message : '', /first application or a repeat/);
  });

  it('a first application whose new_text contains old_text still applies', () => {
    const r = applySearchReplace('x = compute()\nz = compute()  # other\n', 'x = compute()', 'x = compute()  # type: ignore[misc]');
    assert.equal(r.ok && r.text, 'x = compute()  # type: ignore[misc]\nz = compute()  # other\n');
  });

  it('a one-file unified diff sent twice: the hunk that landed is already applied, the other one applies', () => {
    const base = 'import os\n\ndef main():\n    return 1\n';
    const patch = '@@ -1,1 +1,2 @@\n import os\n+import sys\n@@ -3,2 +4,2 @@\n def main():\n-    return 1\n+    return 2\n';
    const once = applyUnifiedDiff(base, patch);
    assert.equal(once.ok && once.text, 'import os\nimport sys\n\ndef main():\n    return 2\n');
    const twice = applyUnifiedDiff(once.ok ? once.text : '', patch);
    assert.equal(twice.ok && twice.text, once.ok && once.text);
    assert.deepEqual(twice.ok && twice.already_applied, [1, 2]);
    const half = applyUnifiedDiff('import os\nimport sys\n\ndef main():\n    return 1\n', patch);
    assert.equal(half.ok && half.text, 'import os\nimport sys\n\ndef main():\n    return 2\n');
    assert.deepEqual(half.ok && half.already_applied, [1]);
    // the multi-file planner asks the same rule
    const multi = planPatchFiles('--- a/m.py\n+++ b/m.py\n' + patch + '--- a/n.py\n+++ b/n.py\n@@ -1 +1 @@\n-a\n+b\n', (p) => (p === 'm.py' ? (once.ok ? once.text : '') : 'b\n'));
    assert.equal(multi.ok && multi.already_applied, true);
  });
});

describe('placement of an exact match (issue 25, defects 1 and 3)', () => {
  it('an exact match writes new_text as sent: no learned shift on a line already at the file\'s indentation', () => {
    const base = 'function go() {\n        if (x) {\n            start();\n        }\n}\n';
    const r = applySearchReplace(base, 'start();', "start();\n            log('started');");
    assert.equal(r.ok && r.text, "function go() {\n        if (x) {\n            start();\n            log('started');\n        }\n}\n");
    assert.equal(r.ok && r.tolerance, 'exact');
    assert.deepEqual(r, applySearchReplace(base, 'start();', "start();\n            log('started');", { noFastPath: true }));
  });

  it('new_text written at old_text\'s indentation (a line shallower than the file\'s) still takes the shift', () => {
    const r = applySearchReplace('a {\n    if (x) {\n    }\n}\n', 'if (x) {', 'if (y) {\n    go();\n}');
    assert.equal(r.ok && r.text, 'a {\n    if (y) {\n        go();\n    }\n    }\n}\n');
  });

  it('trailing whitespace after a whole-line match is not carried onto the new line', () => {
    for (const noFastPath of [false, true]) {
      assert.equal((r => r.ok && r.text)(applySearchReplace('alpha\n  beta  \ngamma\n', 'beta', 'delta', { noFastPath })), 'alpha\n  delta\ngamma\n');
      assert.equal((r => r.ok && r.text)(applySearchReplace('beta\t\r\nz\r\n', 'beta', 'delta', { noFastPath })), 'delta\r\nz\r\n');
      // inside a longer line it stays a substring edit
      assert.equal((r => r.ok && r.text)(applySearchReplace('  beta gamma  \n', 'beta', 'delta', { noFastPath })), '  delta gamma  \n');
    }
  });
});

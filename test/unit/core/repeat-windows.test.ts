import { strict as assert } from 'node:assert';
import { reverseMayHold, linesAround } from '../../../src/core/patch/reverse-window';
import { mayBeRepeat } from '../../../src/core/replace/repeat-window';
import { applySearchReplace } from '../../../src/core/replace';
import { applyUnifiedDiff } from '../../../src/core/patch';
import type { Hunk } from '../../../src/core/patch/parse';

// The pre-checks that let an edit that applies skip the repeat rule's reverse search: each
// must say "may be a repeat" whenever the rule could find one, and "no" on a first application.

const hunk = (lines: Array<[' ' | '+' | '-', string]>): Hunk => ({ index: 1, lines: lines.map(([kind, text]) => ({ kind, text })) } as unknown as Hunk);

describe('core/patch/reverse-window: can an edge insertion be a repeat at its place?', () => {
  const h = hunk([[' ', 'a();'], ['+', 'b();'], ['+', 'c();']]);

  it('no when the lines after the place are not the added ones', () => {
    const raw = 'start\na();\nz();\n';
    const around = linesAround(raw, raw.indexOf('a();'), 6);
    assert.deepEqual(around.before, ['start']);
    assert.equal(reverseMayHold(h, around.before, around.after), false);
  });

  it('yes when they stand there, also with other whitespace (the reverse would match at a tolerant tier)', () => {
    for (const raw of ['a();\nb();\nc();\n', 'a();\r\n  b( );\r\nc();\r\n']) {
      const around = linesAround(raw, 0, 6);
      assert.equal(reverseMayHold(h, around.before, around.after), true, JSON.stringify(raw));
    }
  });

  it('lines added before the context are looked for above the place', () => {
    const before = hunk([['+', 'import x;'], [' ', 'main();']]);
    const raw = 'import x;\nmain();\n';
    const around = linesAround(raw, raw.indexOf('main'), 4);
    assert.deepEqual(around.before, ['import x;']);
    assert.equal(reverseMayHold(before, around.before, around.after), true);
    assert.equal(reverseMayHold(before, [], around.after), false);
  });
});

describe('core/replace/repeat-window: can a replacement whose new_text contains old_text be a repeat?', () => {
  const raw = 'one\n    call(x);\ntwo\n';
  const at = raw.indexOf('call(x);');
  const occ: Array<[number, number]> = [[at, at + 'call(x);'.length]];

  it('no on a first application, yes when new_text or its new line stands around the occurrence', () => {
    assert.equal(mayBeRepeat(raw, occ, 'call(x);', 'prepare();\ncall(x);'), false);
    const landed = 'one\n    prepare();\n    call(x);\ntwo\n';
    const at2 = landed.indexOf('call(x);');
    assert.equal(mayBeRepeat(landed, [[at2, at2 + 8]], 'call(x);', 'prepare();\ncall(x);'), true);
    // the new line with other spacing: the tolerant tiers could place new_text there
    const spaced = 'one\n\tprepare( );\n    call(x);\ntwo\n';
    const at3 = spaced.indexOf('call(x);');
    assert.equal(mayBeRepeat(spaced, [[at3, at3 + 8]], 'call(x);', 'prepare();\ncall(x);'), true);
  });

  it('a CRLF text is read with its line breaks whole', () => {
    const crlf = 'one\r\n    prepare();\r\n    call(x);\r\ntwo\r\n';
    const a = crlf.indexOf('call(x);');
    assert.equal(mayBeRepeat(crlf, [[a, a + 8]], 'call(x);', 'prepare();\ncall(x);'), true);
    const first = 'one\r\n    call(x);\r\ntwo\r\n';
    const b = first.indexOf('call(x);');
    assert.equal(mayBeRepeat(first, [[b, b + 8]], 'call(x);', 'prepare();\ncall(x);'), false);
  });
});

describe('the pre-checks keep the rule\'s answers', () => {
  it('an insertion re-sent with other indentation is still already applied (replacement and hunk)', () => {
    const base = 'function f() {\n    start();\n}\n';
    const once = applySearchReplace(base, '    start();', '    start();\n    log("started");');
    assert.equal(once.ok, true);
    if (!once.ok) return;
    const again = applySearchReplace(once.text, '  start();', '  start();\n  log("started");');
    assert.deepEqual(again.ok && [again.text, again.already_applied], [once.text, [1]]);
    const patch = '@@ -1,3 +1,4 @@\n function f() {\n     start();\n+    log("started");\n }\n';
    const p1 = applyUnifiedDiff(base, patch);
    assert.equal(p1.ok, true);
    if (!p1.ok) return;
    const p2 = applyUnifiedDiff(p1.text, patch);
    assert.deepEqual(p2.ok && [p2.text, p2.already_applied], [p1.text, [1]]);
  });

  it('a first application is applied as main applied it', () => {
    const base = 'a\nb\nc\n';
    const r = applyUnifiedDiff(base, '@@ -1,2 +1,3 @@\n a\n+x\n b\n');
    assert.deepEqual(r.ok && [r.text, r.already_applied], ['a\nx\nb\nc\n', undefined]);
    const s = applySearchReplace(base, 'b', 'b\ny');
    assert.deepEqual(s.ok && [s.text, s.already_applied], ['a\nb\ny\nc\n', undefined]);
  });
});

import { strict as assert } from 'node:assert';
import { parseApplyPatch, planApplyPatch } from '../../../../src/engine';

// The parser's shapes that the scenario folders do not pin: the parsed form itself, the
// notes that say how a tolerant reading was made, and where refusals point.
describe('apply_patch (V4A) parser', () => {
  it('reads anchors (chained, after a unified header, bare), body lines and End of File into chunks', () => {
    const r = parseApplyPatch(
      ['*** Begin Patch', '*** Update File: a.py', '@@ class B:', '@@     def f(self):', ' x', '-y', '+z', '@@ -3,2 +3,2 @@ def g():', '-p', '+q', '', '@@ @@', ' t', '-u', '*** End of File', '*** End Patch'].join('\n'),
    );
    assert.ok(r.ok);
    if (!r.ok) return;
    const op = r.ops[0];
    assert.equal(op.kind, 'update');
    if (op.kind !== 'update') return;
    assert.deepEqual(op.chunks.map((c) => [c.index, c.anchors, c.lines.length, c.atEnd]), [
      [1, ['class B:', '    def f(self):'], 3, false],
      [2, ['def g():'], 2, false], // the blank line before the next @@ is a separator, not context
      [3, [], 2, true],
    ]);
    assert.deepEqual(r.notes, []);
  });

  it('says in notes when End Patch or Begin Patch was missing', () => {
    const noEnd = parseApplyPatch('*** Begin Patch\n*** Delete File: a\n');
    assert.ok(noEnd.ok && noEnd.notes.some((n) => n.includes('no "*** End Patch"')));
    const noBegin = parseApplyPatch('*** Delete File: a\n*** End Patch\n');
    assert.ok(noBegin.ok && noBegin.notes.some((n) => n.includes('no "*** Begin Patch"')));
  });

  it('refuses with the patch line: a Move to: after a chunk, lines after Delete, an Add line without +', () => {
    const cases: Array<[string, number]> = [
      ['*** Begin Patch\n*** Update File: a\n-x\n+y\n*** Move to: b\n', 5],
      ['*** Begin Patch\n*** Delete File: a\n-x\n', 3],
      ['*** Begin Patch\n*** Add File: a\n+x\ny\n', 4],
    ];
    for (const [text, line] of cases) {
      const r = parseApplyPatch(text);
      assert.equal(r.ok, false, text);
      if (!r.ok) assert.equal(r.line, line, r.message);
    }
  });

  it('refuses absolute paths, drive letters, ".." and a file named twice', () => {
    for (const p of ['/etc/passwd', 'C:\\x', 'a/../../b', '..\\b']) {
      const r = parseApplyPatch(`*** Begin Patch\n*** Delete File: ${p}\n*** End Patch`);
      assert.equal(r.ok, false, p);
    }
    const twice = parseApplyPatch('*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** Add File: b\n+x\n*** End Patch');
    assert.ok(!twice.ok && twice.message.includes('two sections'));
  });

  it('a refusal prints as "TYPE: message" and reads only the files the patch names', () => {
    const asked: string[] = [];
    const r = planApplyPatch('*** Begin Patch\n*** Update File: a\n-x\n+y\n*** End Patch', (p) => {
      asked.push(p);
      return 'z\n';
    });
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(String(r.error), /^NO_MATCH: a: hunk 1: /);
    assert.deepEqual(asked, ['a']);
  });
});

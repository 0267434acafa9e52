import { strict as assert } from 'node:assert';
import { applySearchReplace, applyUnifiedDiff } from '../../../../src/engine';
import { boundEngineError, MAX_LISTED } from '../../../../src/core/patch/bound-error';

describe('bounded engine failures (issue 19, item 11)', () => {
  const base = 'x\n'.repeat(10_000);

  it('AMBIGUOUS_MATCH over 10,000 identical lines lists 20 candidates and the count, in a few hundred bytes', () => {
    for (const r of [applyUnifiedDiff(base, '@@ @@\n-x\n+y\n'), applySearchReplace(base, 'x', 'y')]) {
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.equal(r.error.type, 'AMBIGUOUS_MATCH');
      assert.equal(r.error.candidates!.length, MAX_LISTED);
      assert.ok(Number(r.error.candidate_count) > 1000);
      assert.ok(JSON.stringify(r.error).length < 2_000, `${JSON.stringify(r.error).length} bytes`);
    }
  });

  it('cuts long texts and lists, keeps short ones as they are', () => {
    const long = 'y'.repeat(5_000);
    const e = boundEngineError({
      type: 'NO_MATCH', message: long, line: long, expected: 'short',
      found: { line_number: 3, similarity: 0.5, text: long },
      failed_hunks: Array.from({ length: 50 }, (_, i) => ({ hunk: i + 1, reason: 'no_match' })),
      applicable_hunks: [1, 2],
    });
    assert.ok(e.message.length <= 1_000 && e.message.endsWith('…'));
    assert.ok(e.line!.length <= 400);
    assert.equal(e.expected, 'short');
    assert.ok(e.found!.text.length <= 400);
    assert.equal(e.failed_hunks!.length, MAX_LISTED);
    assert.equal(e.failed_hunk_count, 50);
    assert.deepEqual(e.applicable_hunks, [1, 2]);
    assert.equal(e.applicable_hunk_count, undefined);
  });
});

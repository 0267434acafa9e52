import assert from 'node:assert/strict';
import { correctiveInstruction, withCorrectiveInstruction } from '../../../../src/core/guard';

describe('guard: corrective instruction from a multi-part failure (rule 5)', () => {
  it("produces the issue's sentence when the applicable hunks were applied", () => {
    const s = correctiveInstruction(
      { applicable_hunks: [1, 2], failed_hunks: [{ hunk: 3, line: 'x', found: { line_number: 41, text: 'y' } }] },
      { applied: 'applicable' },
    );
    assert.equal(s, "hunk 3: context line 'x' not found; the nearest line is 41: 'y'. Re-send only hunk 3.");
  });

  it('by default (all or nothing) asks for the whole request, naming what would have applied', () => {
    const s = correctiveInstruction({ applicable_hunks: [1, 2], failed_hunks: [{ hunk: 3, line: 'x', found: { line_number: 41, text: 'y' } }] });
    assert.equal(
      s,
      "hunk 3: context line 'x' not found; the nearest line is 41: 'y'. Nothing was applied (hunks 1 and 2 would apply as sent): re-send the whole request with hunk 3 corrected.",
    );
  });

  it('lists several failed parts in order and reports similarity below 1', () => {
    const s = correctiveInstruction({
      applicable_hunks: [],
      failed_hunks: [
        { hunk: 5, line: 'b', found: { line_number: 90, similarity: 0.874, text: 'bb' } },
        { hunk: 2, line: 'a', found: { line_number: 12, similarity: 1, text: 'aa' } },
      ],
    });
    assert.equal(
      s,
      "hunk 2: context line 'a' not found; the nearest line is 12: 'aa'; hunk 5: context line 'b' not found; the nearest line is 90 (87% similar): 'bb'. Nothing was applied: re-send the whole request with hunks 2 and 5 corrected.",
    );
  });

  it('says when the nearest line differs only in whitespace', () => {
    const s = correctiveInstruction({ failed_hunks: [{ hunk: 1, line: '  return 0;', found: { line_number: 7, text: '\treturn 0;' } }] });
    assert.match(s, /^hunk 1: context line ' {2}return 0;' not found; line 7 differs only in whitespace: '\treturn 0;' — copy its indentation exactly\./);
  });

  it('reports ambiguity with the candidate line numbers', () => {
    const s = correctiveInstruction({
      failed_hunks: [{ hunk: 2, line: '}', candidates: [{ line_number: 10 }, 52, { line_number: 97, text: '}' }] }],
    });
    assert.match(s, /^hunk 2: context line '}' matches 3 places \(lines 10, 52, 97\); add surrounding lines so it matches exactly one\./);
  });

  it('uses the part name and the engine reason, and clips long quotes to one line', () => {
    const long = 'a'.repeat(200);
    const s = correctiveInstruction(
      { applicable_hunks: [2], failed_hunks: [{ hunk: 1, reason: 'selector #nav not found' }, { hunk: 3, line: `${long}\nsecond` }] },
      { partName: 'patch', maxQuote: 20 },
    );
    assert.equal(
      s,
      `patch 1: selector #nav not found; patch 3: context line '${'a'.repeat(19)}…' not found. Nothing was applied (patch 2 would apply as sent): re-send the whole request with patches 1 and 3 corrected.`,
    );
  });

  it("reads the engine's shape: details of the first failed hunk at the top level, brief reasons in failed_hunks", () => {
    const engineError = {
      type: 'NO_MATCH',
      message: 'Hunk 3: context not found. Nothing was applied.',
      hunk: 3,
      line: 'x',
      found: { line_number: 41, similarity: 0.5, text: 'y' },
      applicable_hunks: [1, 2],
      failed_hunks: [
        { hunk: 3, reason: 'NO_MATCH: Hunk 3: context not found. Re-send hunk 3.' },
        { hunk: 5, reason: 'AMBIGUOUS_MATCH: Hunk 5: the context matches 2 places. Add lines.' },
      ],
    };
    assert.equal(
      correctiveInstruction(engineError),
      "hunk 3: context line 'x' not found; the nearest line is 41 (50% similar): 'y'; hunk 5: the context matches 2 places. Nothing was applied (hunks 1 and 2 would apply as sent): re-send the whole request with hunks 3 and 5 corrected.",
    );
  });

  it('takes numeric candidates (line numbers), and a lone top-level hunk as the failed part', () => {
    const s = correctiveInstruction({ hunk: 1, line: 'return 0;', candidates: [12, 40] });
    assert.equal(
      s,
      "hunk 1: context line 'return 0;' matches 2 places (lines 12, 40); add surrounding lines so it matches exactly one. Nothing was applied: re-send the whole request with hunk 1 corrected.",
    );
  });

  it('returns an empty string when nothing failed', () => {
    assert.equal(correctiveInstruction({ applicable_hunks: [1], failed_hunks: [] }), '');
    assert.equal(correctiveInstruction({}), '');
  });

  it('withCorrectiveInstruction adds `instruction` and keeps every other field', () => {
    const failure = { error_type: 'INVALID_PATCH', message: 'm', applicable_hunks: [1], failed_hunks: [{ hunk: 2, line: 'q' }] };
    const out = withCorrectiveInstruction(failure);
    assert.deepEqual({ ...out, instruction: undefined }, { ...failure, instruction: undefined });
    assert.match(String(out.instruction), /^hunk 2: context line 'q' not found\./);
    const none = { error_type: 'NO_MATCH', message: 'm' };
    assert.equal(withCorrectiveInstruction(none), none);
    const malformed = { error_type: 'INVALID_PATCH', message: 'm', failed_hunks: [{ line: 'no number' }] };
    assert.equal(withCorrectiveInstruction(malformed), malformed);
  });
});

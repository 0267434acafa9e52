// The large inputs of the planning-cost review, answered correctly by every entry point, and
// the limits that bound the rest (hunks and edits per call, the work budget).
import * as assert from 'node:assert/strict';
import { applyUnifiedDiff, applySearchReplace, planApplyPatch, planPatchFiles, planReplaceEdits } from '../../../src/engine';
import { MAX_EDITS_PER_CALL, MAX_HUNKS_PER_CALL } from '../../../src/core/catalog/limits';
import { TOOL_CATALOG } from '../../../src/core/catalog/tools';
import { validateInput } from '../../../src/core/input/validate-input';

const line = (i: number) => `  const value${i} = compute(${i % 97}, "k${i}");`;
const fileOf = (n: number) => Array.from({ length: n }, (_, i) => line(i));

/** `count` one-line changes spread over `lines`, as hunks with 3 context lines and correct @@ numbers. */
function spread(lines: string[], count: number) {
  const step = Math.floor(lines.length / count);
  const out = lines.slice();
  const hunks = Array.from({ length: count }, (_, k) => {
    const i = k * step + (step >> 1);
    out[i] = lines[i] + ' // edited';
    return [`@@ -${i - 2},7 +${i - 2},7 @@`, ...lines.slice(i - 3, i).map((l) => ' ' + l), '-' + lines[i], '+' + out[i], ...lines.slice(i + 1, i + 4).map((l) => ' ' + l)];
  });
  return { hunks, expected: out.join('\n') + '\n', at: (k: number) => k * step + (step >> 1) };
}

describe('engine: large inputs and the limits of one call', function () {
  this.timeout(120_000);

  const lines = fileOf(20_000);
  const text = lines.join('\n') + '\n';
  const { hunks, expected, at } = spread(lines, 2000);
  const read = (p: string) => (p === 'big.js' ? text : undefined);

  it('2,000 hunks: the one-file diff, the multi-file diff and apply_patch give the same new text', () => {
    const single = applyUnifiedDiff(text, hunks.flat().join('\n') + '\n');
    assert.ok(single.ok && single.text === expected, JSON.stringify(!single.ok && single.error).slice(0, 300));
    assert.equal(single.ok && single.hunks?.length, 2000);
    const multi = planPatchFiles(['--- a/big.js', '+++ b/big.js', ...hunks.flat()].join('\n') + '\n', read, 'unified');
    assert.ok(multi.ok && multi.files[0].text === expected, JSON.stringify(!multi.ok && multi.error).slice(0, 300));
    const v4a = planApplyPatch(['*** Begin Patch', '*** Update File: big.js', ...hunks.flatMap((h) => ['@@', ...h.slice(1)]), '*** End Patch'].join('\n') + '\n', read);
    assert.ok(v4a.ok && v4a.files[0].text === expected, JSON.stringify(!v4a.ok && v4a.error).slice(0, 300));
  });

  it('2,000 hunks with trailing blanks in their context (the general path): applied at the whitespace tier', () => {
    const drifted = hunks.map((h) => h.map((l) => (l.startsWith(' ') ? l + '  ' : l)));
    const r = applyUnifiedDiff(text, drifted.flat().join('\n') + '\n');
    assert.ok(r.ok && r.text === expected, JSON.stringify(!r.ok && r.error).slice(0, 300));
    assert.equal(r.ok && r.tolerance, 'whitespace');
  });

  it('two hunks on the same lines among 2,000: refused as overlapping, naming the pair', () => {
    const r = applyUnifiedDiff(text, [...hunks, hunks[1500]].flat().join('\n') + '\n');
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.error.message : '', /^Hunks 1501 and 2001 overlap/);
  });

  it('200 edits of one file: the same text as the diff, already-applied edits recognised', () => {
    // whole lines (with their line break), so that a retry finds new_text and not old_text
    const edits = Array.from({ length: 200 }, (_, k) => ({ path: 'big.js', old_text: line(at(k * 10)) + '\n', new_text: line(at(k * 10)) + ' // edited\n' }));
    const r = planReplaceEdits(edits, read);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    const want = lines.slice();
    for (let k = 0; k < 200; k++) want[at(k * 10)] += ' // edited';
    assert.ok(r.ok && r.files[0].text === want.join('\n') + '\n');
    const again = planReplaceEdits(edits, (p) => (p === 'big.js' && r.ok ? (r.files[0].text as string) : undefined));
    assert.ok(again.ok && again.already_applied, JSON.stringify(again).slice(0, 300));
  });

  it('300,000 identical lines, a 2,000-line hunk: applied at its stated line, or refused as ambiguous without one', () => {
    const same = '    counter += step;';
    const n = 300_000;
    const big = (same + '\n').repeat(n);
    const body = Array.from({ length: 2000 }, (_, k) => (k === 1000 ? `-${same}\n+${same} // edited` : ` ${same}`)).join('\n');
    const r = applyUnifiedDiff(big, `@@ -1000,2000 +1000,2000 @@\n${body}\n`);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    assert.ok(r.ok && r.text === (same + '\n').repeat(1999) + same + ' // edited\n' + (same + '\n').repeat(n - 2000));
    const amb = applyUnifiedDiff(big, `@@ @@\n${body}\n`);
    assert.equal(amb.ok, false);
    assert.equal(!amb.ok && amb.error.type, 'AMBIGUOUS_MATCH');
    assert.equal(!amb.ok && (amb.error.candidate_count as number), n - 2000 + 1);
  });

  it('a hunk that would be checked at 100,000 indented places is refused as TOO_LARGE, at once', () => {
    const big = 'x\n'.repeat(100_000);
    const body = Array.from({ length: 500 }, (_, k) => (k === 250 ? '-    x\n+    y' : '     x')).join('\n');
    const t0 = Date.now();
    const r = applyUnifiedDiff(big, `@@ @@\n${body}\n`);
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.type, 'TOO_LARGE');
    assert.match(!r.ok ? r.error.message : '', /too many places/);
    assert.ok(Date.now() - t0 < 60_000); // a refusal, not a hang (the speed itself is measured in bench/)
  });

  it(`more than ${MAX_HUNKS_PER_CALL} hunks: TOO_LARGE naming the limit, for every entry point`, () => {
    const many = Array.from({ length: MAX_HUNKS_PER_CALL + 1 }, () => '@@\n-a\n+b').join('\n') + '\n';
    for (const r of [applyUnifiedDiff('a\n', many), planPatchFiles(`--- a/x\n+++ b/x\n${many}`, (p) => (p === 'x' ? 'a\n' : undefined), 'unified')]) {
      assert.equal(r.ok, false);
      assert.equal(!r.ok && r.error.type, 'TOO_LARGE');
      assert.match(!r.ok ? r.error.message : '', new RegExp(`${MAX_HUNKS_PER_CALL + 1} hunks; one call places at most ${MAX_HUNKS_PER_CALL} \\(MAX_HUNKS_PER_CALL\\)`));
    }
    const v4a = planApplyPatch(`*** Begin Patch\n*** Update File: x\n${Array.from({ length: MAX_HUNKS_PER_CALL + 1 }, () => '@@\n-a\n+b').join('\n')}\n*** End Patch\n`, () => 'a\n');
    assert.equal(!v4a.ok && v4a.error.type, 'TOO_LARGE');
    assert.match(!v4a.ok ? v4a.error.message : '', /chunks; one call places at most/);
    assert.equal(applyUnifiedDiff('a\n', Array.from({ length: MAX_HUNKS_PER_CALL }, () => '@@\n-zz\n+b').join('\n') + '\n').ok, false, 'at the limit the patch is placed (and fails on its own merits)');
  });

  it(`more than ${MAX_EDITS_PER_CALL} edits: refused by the engine (TOO_LARGE) and by the tool's schema (INVALID_INPUT on edits)`, () => {
    const edits = Array.from({ length: MAX_EDITS_PER_CALL + 1 }, (_, k) => ({ path: 'a', old_text: `x${k}`, new_text: `y${k}` }));
    const r = planReplaceEdits(edits, () => 'x\n');
    assert.equal(!r.ok && r.error.type, 'TOO_LARGE');
    assert.match(!r.ok ? r.error.message : '', new RegExp(`at most ${MAX_EDITS_PER_CALL} \\(MAX_EDITS_PER_CALL\\)`));
    const checked = validateInput(TOOL_CATALOG.replace_in_file.inputSchema as never, { edits });
    assert.equal(checked.ok, false);
    assert.match(JSON.stringify(checked), /edits/);
    assert.match(JSON.stringify(checked), new RegExp(`at most ${MAX_EDITS_PER_CALL}`));
    assert.equal(validateInput(TOOL_CATALOG.replace_in_file.inputSchema as never, { edits: edits.slice(1) }).ok, true);
  });

  it('a single search/replace on the large file is unchanged by all this', () => {
    const r = applySearchReplace(text, line(1234), line(1234) + ' // edited');
    assert.ok(r.ok && r.text === text.replace(line(1234) + '\n', line(1234) + ' // edited\n'));
  });
});

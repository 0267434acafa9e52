import { strict as assert } from 'node:assert';
import { runFuzz } from '../../fuzz/pool';
import { CASE_KINDS, makeCase } from '../../fuzz/generate';

// The fuzz of every entry point that runs on agent or file text (see test/fuzz/). A hang or a
// throw fails the test and names the case: `node out/test/fuzz/cli.js --seed S --only N`
// runs it again. The longer run on demand: `npm run fuzz -- --cases 200000`.
const SEED = 20261124;
const CASES = Number(process.env.ASE_FUZZ_CASES ?? 10_000);

describe('fuzz: no hang, no throw (worker threads, per-case deadline)', function () {
  this.timeout(15 * 60_000);

  it('the pool reports a case that never returns as a hang and goes on with the rest', async () => {
    const explicit = [makeCase(1, 0), { kind: 'spin' as const }, makeCase(1, 1), makeCase(1, 2)];
    const r = await runFuzz({ seed: 1, cases: 0, explicit, workers: 1, deadlineMs: 500 });
    assert.deepEqual(r.hangs.map((h) => `${h.index} ${h.kind}`), ['1 spin']);
    assert.equal(r.ran, 4, 'the cases after the hang still ran');
    assert.deepEqual(r.throws, []);
  });

  it('cases are the same for the same seed and index, and cover every kind', () => {
    assert.deepEqual(makeCase(7, 123), makeCase(7, 123));
    assert.notDeepEqual(makeCase(7, 123), makeCase(8, 123));
    const kinds = new Set(Array.from({ length: CASE_KINDS.length }, (_, i) => makeCase(7, i).kind));
    assert.equal(kinds.size, CASE_KINDS.length);
  });

  it(`${CASES} cases over ${CASE_KINDS.length} entry points: 0 hangs, 0 throws`, async () => {
    const r = await runFuzz({ seed: SEED, cases: CASES, deadlineMs: 10_000 });
    const show = (xs: { index: number; kind: string; error?: string }[]) => xs.slice(0, 5).map((x) => `#${x.index} ${x.kind}${x.error ? `: ${x.error}` : ''}`).join('\n');
    assert.equal(r.ran, CASES);
    assert.deepEqual(r.hangs, [], `hangs (seed ${SEED}):\n${show(r.hangs)}`);
    assert.deepEqual(r.throws, [], `throws (seed ${SEED}):\n${show(r.throws)}`);
  });
});

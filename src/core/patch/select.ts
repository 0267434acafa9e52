/**
 * Choosing one placement per hunk, or refusing.
 *
 * A hunk with one candidate (at the strictest level that matched) is placed there. A hunk
 * with several candidates is placed at its stated line when it is an exact, consistent
 * `git diff` hunk (exact-hint.ts states the conditions); otherwise it is AMBIGUOUS_MATCH
 * (listing their line numbers) unless the rule below singles one out. The @@ line number alone never decides: after the file drifted
 * (lines inserted above the target) the hint points at the wrong copy, and a wrong
 * placement is silent corruption, while a refusal costs one retry with more context.
 *
 * The "fewest drift regions" rule. Each placed hunk has an offset (placement minus its @@
 * line). Walking the hunks in file order from offset 0 at the top, every change of offset is
 * one region where the file changed since the patch was made. Among all non-colliding
 * assignments of candidates, the one needing strictly the fewest drift regions is chosen,
 * provided that
 * - every hunk has an @@ line number and at least one hunk is placed uniquely (so the
 *   offsets are corroborated by a hunk that has no choice), and
 * - each chosen ambiguous hunk has the same offset as a uniquely placed hunk next to it in
 *   file order (it is explained by "nothing changed between them").
 * On a tie the hunk is refused: e.g. when a block was duplicated between two hunks, "the
 * first copy, with lines inserted below it" and "the second copy, with lines inserted above
 * it" explain the file equally well, and the results differ.
 * Examples: hint 57, copies at 47 and 57, other hunks at offset 0 -> 57 (0 regions vs 2);
 * 27 lines inserted above a 3-hunk patch, copies at offsets +17 and +27, others at +27 ->
 * +27 (1 region vs 2), although +17 is nearer to the hint.
 */
import { Hunk } from './parse';
import { HunkCandidates, SegmentPlan } from './plan';
import { EngineError } from './types';
import { exactAtStatedLine } from './exact-hint';
import { collide, extentOf, ExtentIndex } from './overlap';
import { lowerBound } from '../text/sequence-match';

export type { HunkCandidates };

export interface Chosen {
  hunk: Hunk;
  plans: SegmentPlan[];
  elided?: boolean;
}

/** Give up on disambiguation beyond this many candidate combinations. */
const MAX_COMBINATIONS = 4096;

/** Candidates made from known plans (one list of segments per candidate). */
export function candidatesOf(hunk: Hunk, list: SegmentPlan[][], extra: { elided?: boolean } = {}): HunkCandidates {
  return {
    hunk,
    starts: list.map((c) => c[0].start),
    allExact: list.every((c) => c.length === 1 && c[0].tier === 'exact'),
    plans: (i) => list[i],
    ...extra,
  };
}

/** The candidate `i` of `p` as the hunk's only one. */
function only(p: HunkCandidates, i: number): HunkCandidates {
  return { hunk: p.hunk, starts: [p.starts[i]], allExact: p.allExact, plans: () => p.plans(i), ...(p.elided ? { elided: true } : {}) };
}

export function selectPlacements(
  placed: HunkCandidates[],
  charge?: (steps: number) => void,
): { chosen: Chosen[]; failed: Array<{ hunk: number; error: EngineError }> } {
  const atHint = exactAtStatedLine(placed);
  // a hunk the exact-at-stated-line rule settles counts as uniquely placed from here on
  placed = placed.map((p, i) => (atHint[i] === undefined ? p : only(p, atHint[i]!)));
  const unique = placed.filter((p) => p.starts.length === 1);
  const amb = placed.filter((p) => p.starts.length > 1);
  const chosen: Chosen[] = unique.map((p) => ({ hunk: p.hunk, plans: p.plans(0), elided: p.elided }));
  if (!amb.length) return { chosen, failed: [] };
  const resolved = byFewestDriftRegions(placed, unique, amb, charge);
  if (resolved) {
    amb.forEach((p, k) => chosen.push({ hunk: p.hunk, plans: p.plans(resolved[k]), elided: p.elided }));
    return { chosen, failed: [] };
  }
  return { chosen, failed: amb.map(ambiguityError) };
}

function ambiguityError(p: HunkCandidates): { hunk: number; error: EngineError } {
  const lines = p.starts.map((s) => s + 1);
  return {
    hunk: p.hunk.index,
    error: {
      type: 'AMBIGUOUS_MATCH',
      message: `Hunk ${p.hunk.index} matches ${lines.length} places (lines ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}). Re-send hunk ${p.hunk.index} with more unchanged context lines so that it matches only one place.`,
      hunk: p.hunk.index,
      candidates: lines,
    },
  };
}

const hintOf = (h: Hunk): number | undefined => (h.oldStart !== undefined && h.oldStart > 0 ? h.oldStart - 1 : undefined);

/** One placed hunk in file order: where it starts, its offset from its @@ line, and whether it had no choice. */
export interface Placement {
  start: number;
  offset: number;
}

/**
 * The chosen candidate index per ambiguous hunk, or null when the rule does not single one out.
 * Every assignment of candidates is tried (at most MAX_COMBINATIONS); what each costs is
 * computed from the uniquely placed hunks once: their order, and the drift regions between
 * them, are fixed, and an assignment only inserts its few ambiguous hunks among them.
 */
function byFewestDriftRegions(
  placed: HunkCandidates[],
  unique: HunkCandidates[],
  amb: HunkCandidates[],
  charge?: (steps: number) => void,
): number[] | null {
  if (!unique.length || placed.some((p) => hintOf(p.hunk) === undefined)) return null;
  let combos = 1;
  for (const p of amb) {
    combos *= p.starts.length;
    if (combos > MAX_COMBINATIONS) return null;
  }
  const fixed = new FixedPlacements(unique.map((p) => ({ start: p.starts[0], offset: p.starts[0] - hintOf(p.hunk)! })));
  const fits = new Compatibility(unique, amb, charge);
  const entryOf = (k: number, i: number): Placement => ({ start: amb[k].starts[i], offset: amb[k].starts[i] - hintOf(amb[k].hunk)! });
  let best: number[] | null = null;
  let bestCost = Infinity;
  let tie = false;
  const pick = new Array<number>(amb.length).fill(0);
  const decode = (n: number) => {
    let r = n;
    for (let k = 0; k < amb.length; k++) {
      pick[k] = r % amb[k].starts.length;
      r = Math.floor(r / amb[k].starts.length);
    }
  };
  for (let n = 0; n < combos; n++) {
    decode(n);
    if (!fits.compatible(pick)) continue;
    const { cost, anchored } = fixed.withInserted(pick.map((i, k) => entryOf(k, i)));
    // each chosen ambiguous hunk must share its offset with an adjacent unique hunk
    if (!anchored) continue;
    if (cost < bestCost) {
      bestCost = cost;
      best = [...pick];
      tie = false;
    } else if (cost === bestCost) tie = true;
  }
  if (!best || tie) return null;
  // the winner must also beat every unanchored assignment: re-check without the anchoring filter
  for (let n = 0; n < combos; n++) {
    decode(n);
    if (pick.every((v, k) => v === best![k]) || !fits.compatible(pick)) continue;
    if (fixed.withInserted(pick.map((i, k) => entryOf(k, i))).cost <= bestCost) return null;
  }
  return best;
}

/**
 * The uniquely placed hunks in file order (stably sorted by start, as in the list they came
 * in), and what inserting a few more placements among them gives: the number of drift regions
 * (changes of offset walking the hunks in file order from offset 0 at the top; on equal starts
 * the unique hunks come first, then the inserted ones in their order) and whether every
 * inserted placement has a unique neighbour with its offset.
 */
export class FixedPlacements {
  private readonly sorted: Placement[];
  private readonly starts: Float64Array;
  private readonly baseCost: number;

  constructor(list: Placement[]) {
    this.sorted = list.map((x, i) => ({ x, i })).sort((a, b) => a.x.start - b.x.start || a.i - b.i).map((e) => e.x);
    this.starts = Float64Array.from(this.sorted, (x) => x.start);
    let cost = 0;
    let prev = 0;
    for (const x of this.sorted) {
      if (x.offset !== prev) cost++;
      prev = x.offset;
    }
    this.baseCost = cost;
  }

  withInserted(extra: Placement[]): { cost: number; anchored: boolean } {
    const F = this.sorted.length;
    // where each goes: after every unique placement starting at or before it
    const slots = extra
      .map((x, k) => ({ x, k, slot: upperBound(this.starts, x.start) }))
      .sort((a, b) => a.x.start - b.x.start || a.k - b.k);
    let cost = this.baseCost;
    let anchored = true;
    for (let g = 0; g < slots.length; ) {
      const q = slots[g].slot;
      let e = g;
      while (e < slots.length && slots[e].slot === q) e++;
      const before = q > 0 ? this.sorted[q - 1] : undefined;
      const after = q < F ? this.sorted[q] : undefined;
      const prevOffset = before ? before.offset : 0;
      // the transition these placements now stand in
      if (after && after.offset !== prevOffset) cost--;
      let prev = prevOffset;
      for (let t = g; t < e; t++) {
        const x = slots[t].x;
        if (x.offset !== prev) cost++;
        prev = x.offset;
        const leftUnique = t === g && before !== undefined && before.offset === x.offset;
        const rightUnique = t === e - 1 && after !== undefined && after.offset === x.offset;
        if (!leftUnique && !rightUnique) anchored = false;
      }
      if (after && after.offset !== prev) cost++;
      g = e;
    }
    return { cost, anchored };
  }
}

/** The first index k of the ascending `a` with a[k] > x (a.length when none). */
function upperBound(a: ArrayLike<number>, x: number): number {
  return lowerBound(a, x + 0.5);
}

/**
 * Which assignments of candidates can be applied together: no chosen candidate collides with a
 * uniquely placed hunk or with another chosen candidate. Each candidate is compared with the
 * unique hunks once (through their extents), each pair of candidates at most once.
 */
class Compatibility {
  private readonly withUnique: Array<Array<boolean | undefined>>;
  private readonly pairs = new Map<string, boolean>();
  private readonly uniquePlans: SegmentPlan[][];
  private readonly index: ExtentIndex;

  constructor(unique: HunkCandidates[], private readonly amb: HunkCandidates[], private readonly charge?: (steps: number) => void) {
    this.uniquePlans = unique.map((p) => p.plans(0));
    this.index = new ExtentIndex(this.uniquePlans.map(extentOf));
    this.withUnique = amb.map((p) => new Array(p.starts.length));
  }

  compatible(pick: number[]): boolean {
    for (let k = 0; k < this.amb.length; k++) {
      if (this.hitsUnique(k, pick[k])) return false;
      for (let j = 0; j < k; j++) if (this.hitEachOther(k, pick[k], j, pick[j])) return false;
    }
    return true;
  }

  private hitsUnique(k: number, i: number): boolean {
    let hit = this.withUnique[k][i];
    if (hit === undefined) {
      const mine = this.amb[k].plans(i);
      const [lo, hi] = extentOf(mine);
      let compared = 0;
      hit = false;
      this.index.forEachMeeting(lo, hi, (u) => {
        compared++;
        return (hit = collide(mine, this.uniquePlans[u]));
      });
      this.charge?.(compared + mine.length);
      this.withUnique[k][i] = hit;
    }
    return hit;
  }

  private hitEachOther(k: number, i: number, j: number, i2: number): boolean {
    const key = `${k}:${i}:${j}:${i2}`;
    let hit = this.pairs.get(key);
    if (hit === undefined) {
      hit = collide(this.amb[k].plans(i), this.amb[j].plans(i2));
      this.charge?.(1);
      this.pairs.set(key, hit);
    }
    return hit;
  }
}

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

export type { HunkCandidates };

export interface Chosen {
  hunk: Hunk;
  plans: SegmentPlan[];
  elided?: boolean;
}

/** Give up on disambiguation beyond this many candidate combinations. */
const MAX_COMBINATIONS = 4096;

export function selectPlacements(
  placed: HunkCandidates[],
  collide: (a: SegmentPlan[], b: SegmentPlan[]) => boolean,
): { chosen: Chosen[]; failed: Array<{ hunk: number; error: EngineError }> } {
  const atHint = exactAtStatedLine(placed);
  // a hunk the exact-at-stated-line rule settles counts as uniquely placed from here on
  placed = placed.map((p, i) => (atHint[i] === undefined ? p : { ...p, candidates: [p.candidates[atHint[i]!]] }));
  const unique = placed.filter((p) => p.candidates.length === 1);
  const amb = placed.filter((p) => p.candidates.length > 1);
  const chosen: Chosen[] = unique.map((p) => ({ hunk: p.hunk, plans: p.candidates[0], elided: p.elided }));
  if (!amb.length) return { chosen, failed: [] };
  const resolved = byFewestDriftRegions(placed, unique, amb, collide);
  if (resolved) {
    amb.forEach((p, k) => chosen.push({ hunk: p.hunk, plans: p.candidates[resolved[k]], elided: p.elided }));
    return { chosen, failed: [] };
  }
  return { chosen, failed: amb.map(ambiguityError) };
}

function ambiguityError(p: HunkCandidates): { hunk: number; error: EngineError } {
  const lines = p.candidates.map((c) => c[0].start + 1);
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

/** The chosen candidate index per ambiguous hunk, or null when the rule does not single one out. */
function byFewestDriftRegions(
  placed: HunkCandidates[],
  unique: HunkCandidates[],
  amb: HunkCandidates[],
  collide: (a: SegmentPlan[], b: SegmentPlan[]) => boolean,
): number[] | null {
  if (!unique.length || placed.some((p) => hintOf(p.hunk) === undefined)) return null;
  let combos = 1;
  for (const p of amb) {
    combos *= p.candidates.length;
    if (combos > MAX_COMBINATIONS) return null;
  }
  const fixed = unique.map((p) => ({ start: p.candidates[0][0].start, offset: p.candidates[0][0].start - hintOf(p.hunk)!, unique: true }));
  let best: number[] | null = null;
  let bestCost = Infinity;
  let tie = false;
  const pick = new Array<number>(amb.length).fill(0);
  for (let n = 0; n < combos; n++) {
    let r = n;
    for (let k = 0; k < amb.length; k++) {
      pick[k] = r % amb[k].candidates.length;
      r = Math.floor(r / amb[k].candidates.length);
    }
    if (!compatible(unique, amb, pick, collide)) continue;
    const all = [
      ...fixed,
      ...amb.map((p, k) => ({ start: p.candidates[pick[k]][0].start, offset: p.candidates[pick[k]][0].start - hintOf(p.hunk)!, unique: false })),
    ].sort((a, b) => a.start - b.start);
    let cost = 0;
    let prev = 0;
    for (const x of all) {
      if (x.offset !== prev) cost++;
      prev = x.offset;
    }
    // each chosen ambiguous hunk must share its offset with an adjacent unique hunk
    const anchored = all.every((x, i) => x.unique || [all[i - 1], all[i + 1]].some((y) => y && y.unique && y.offset === x.offset));
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
    let r = n;
    for (let k = 0; k < amb.length; k++) {
      pick[k] = r % amb[k].candidates.length;
      r = Math.floor(r / amb[k].candidates.length);
    }
    if (pick.every((v, k) => v === best![k]) || !compatible(unique, amb, pick, collide)) continue;
    const all = [...fixed, ...amb.map((p, k) => ({ start: p.candidates[pick[k]][0].start, offset: p.candidates[pick[k]][0].start - hintOf(p.hunk)! }))].sort((a, b) => a.start - b.start);
    let cost = 0;
    let prev = 0;
    for (const x of all) {
      if (x.offset !== prev) cost++;
      prev = x.offset;
    }
    if (cost <= bestCost) return null;
  }
  return best;
}

function compatible(unique: HunkCandidates[], amb: HunkCandidates[], pick: number[], collide: (a: SegmentPlan[], b: SegmentPlan[]) => boolean): boolean {
  for (let k = 0; k < amb.length; k++) {
    const mine = amb[k].candidates[pick[k]];
    for (const u of unique) if (collide(mine, u.candidates[0])) return false;
    for (let j = 0; j < k; j++) if (collide(mine, amb[j].candidates[pick[j]])) return false;
  }
  return true;
}

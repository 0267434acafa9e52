/**
 * The "exact hunk at its stated line" rule: unmodified `git diff` output whose text
 * occurs in several places is applied where its header says, as `git apply` and GNU patch do,
 * but only when nothing suggests the header could be stale or hand-made:
 * - the hunk has a header start line and non-empty old side, and its header counts agree with
 *   its body (old count = context + removed lines, new count = context + added lines);
 * - when the header gives a new-side start, it agrees with the old start shifted by what the
 *   patch's earlier hunks add or remove (as a diff tool writes it);
 * - every candidate is an exact match (context and removed lines byte for byte), and exactly
 *   one of them starts at the stated line;
 * - no hunk of the patch shows drift: every other hunk with a single placement sits exactly
 *   where its header says (a patch whose line numbers are off elsewhere cannot be trusted to
 *   be right here).
 * Anything else stays ambiguous (select.ts then applies its own, stricter rule or refuses):
 * a stated line between the copies or next to none of them is refused, because picking the
 * nearest copy there is how other tools corrupt files.
 */
import type { Hunk } from './parse';
import type { HunkCandidates } from './plan';
import { lowerBound } from '../text/sequence-match';

const hintOf = (h: Hunk): number | undefined => (h.oldStart !== undefined && h.oldStart > 0 ? h.oldStart - 1 : undefined);

function countsConsistent(h: Hunk): boolean {
  let ctx = 0;
  let del = 0;
  let add = 0;
  for (const l of h.lines) {
    if (l.kind === ' ') ctx++;
    else if (l.kind === '-') del++;
    else add++;
  }
  return ctx + del > 0 && h.oldCount === ctx + del && h.newCount === ctx + add;
}

/**
 * For each hunk of `placed` with several candidates: the index of the candidate the rule
 * above selects, or undefined. `placed` holds every hunk of one file patch, in patch order.
 */
export function exactAtStatedLine(placed: readonly HunkCandidates[]): Array<number | undefined> {
  const noDrift = placed.every((p) => {
    if (p.starts.length !== 1) return true;
    const c = p.plans(0);
    return c.length !== 1 || c[0].start === hintOf(p.hunk);
  });
  let shift = 0; // what earlier hunks add minus what they remove
  return placed.map((p) => {
    const h = p.hunk;
    const hint = hintOf(h);
    const consistent = countsConsistent(h) && (h.newStart === undefined || h.newStart === (h.oldStart ?? 0) + shift);
    shift += (h.newCount ?? 0) - (h.oldCount ?? 0);
    if (!noDrift || p.starts.length < 2 || hint === undefined || !consistent || p.elided) return undefined;
    if (!p.allExact) return undefined;
    // the starts ascend and differ: at most one is the stated line
    const at = lowerBound(p.starts, hint);
    return at < p.starts.length && p.starts[at] === hint ? at : undefined;
  });
}

/**
 * Choosing one placement per hunk, or refusing.
 *
 * A hunk with one candidate (at the strictest level that matched) is placed there. A hunk
 * with several is AMBIGUOUS_MATCH, listing the candidates' line numbers. The @@ line number is
 * never used to pick between identical candidates: after the file drifted (lines inserted
 * above the target) the hint points at the wrong copy, and a wrong placement is silent
 * corruption, while a refusal costs one retry with more context.
 */
import { Hunk } from './parse';
import { SegmentPlan } from './plan';
import { EngineError } from './types';

export interface HunkCandidates {
  hunk: Hunk;
  candidates: SegmentPlan[][];
  elided?: boolean;
}

export interface Chosen {
  hunk: Hunk;
  plans: SegmentPlan[];
  elided?: boolean;
}

export function selectPlacements(placed: HunkCandidates[], _fileLines: number): { chosen: Chosen[]; failed: Array<{ hunk: number; error: EngineError }> } {
  const chosen: Chosen[] = [];
  const failed: Array<{ hunk: number; error: EngineError }> = [];
  for (const p of placed) {
    if (p.candidates.length === 1) {
      chosen.push({ hunk: p.hunk, plans: p.candidates[0], elided: p.elided });
      continue;
    }
    const lines = p.candidates.map((c) => c[0].start + 1);
    failed.push({
      hunk: p.hunk.index,
      error: {
        type: 'AMBIGUOUS_MATCH',
        message: `Hunk ${p.hunk.index} matches ${lines.length} places (lines ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''}). Re-send hunk ${p.hunk.index} with more unchanged context lines so that it matches only one place.`,
        hunk: p.hunk.index,
        candidates: lines,
      },
    });
  }
  return { chosen, failed };
}

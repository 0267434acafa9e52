/**
 * Public result types of the edit engine (unified diffs and search/replace share them).
 * Failures are values: every entry point returns an EngineResult and never throws on bad input.
 */

import type { LineRange } from '../text/range';

/**
 * The tolerance a match needed, from strict to loose:
 * - exact: byte-equal lines (line terminators aside);
 * - whitespace: equal once trailing, then all, whitespace is ignored (indentation spelled
 *   differently, e.g. tabs vs spaces, at the same level);
 * - indent: as whitespace, and the edit's indentation was shifted as a block; added lines got the same shift;
 * - unicode: equal once typographic quotes, dashes, NBSP and the ellipsis are folded to ASCII;
 * - elision: an "... existing code ..." line stood for unchanged lines and was resolved against the file;
 * - fuzzy-context: one context line (never a removed line) was slightly wrong.
 */
export type Tier = 'exact' | 'whitespace' | 'indent' | 'unicode' | 'fuzzy-context' | 'elision';

/** Rank of a tier for "the most tolerant tier used" (higher = more tolerant). */
export const TIER_RANK: Record<Tier, number> = {
  exact: 0,
  whitespace: 1,
  indent: 2,
  unicode: 3,
  elision: 4,
  'fuzzy-context': 5,
};

export const mostTolerant = (tiers: Tier[]): Tier =>
  tiers.reduce<Tier>((a, t) => (TIER_RANK[t] > TIER_RANK[a] ? t : a), 'exact');

/** Where one hunk landed. Line numbers are 1-based. */
export interface HunkPlacement {
  hunk: number;
  base_start_line: number;
  new_start_line: number;
  tier: Tier;
  /** base_start_line minus the line the @@ header gave, when the header had one. */
  offset_from_hint?: number;
}

/**
 * A changed region of the NEW text, 1-based inclusive. A pure deletion gives a zero-length
 * range at the deletion point: end_line = start_line - 1. The engine's public name for the
 * text kit's LineRange.
 */
export type ChangedRange = LineRange;

export type EngineErrorType = 'INVALID_PATCH' | 'AMBIGUOUS_MATCH' | 'NO_MATCH' | 'ELISION_BLOCKED' | 'INVALID_INPUT' | 'TOO_LARGE';

/** A failure the caller can act on. Holds at most single lines of the file, never its content. */
export interface EngineError {
  type: EngineErrorType;
  message: string;
  /** 1-based hunk number (unified diffs). */
  hunk?: number;
  /** The edit's line that did not match (first context or removed line). */
  line?: string;
  expected?: string;
  /** The nearest file line to `line`. */
  found?: { line_number: number; similarity: number; text: string };
  /** 1-based start lines of the competing candidates, for AMBIGUOUS_MATCH. */
  candidates?: number[];
  /** Hunks that would have applied on their own (multi-hunk failures). */
  applicable_hunks?: number[];
  failed_hunks?: { hunk: number; reason: string }[];
  [k: string]: unknown;
}

export type EngineResult =
  | {
      ok: true;
      text: string;
      hunks?: HunkPlacement[];
      replacements?: number;
      changed: ChangedRange[];
      /** The most tolerant tier any part of the edit needed. */
      tolerance: Tier;
      notes?: string[];
      /**
       * 1-based parts (hunks; for a replacement, 1) whose result already stands in the file
       * (core/already-applied.ts): not applied again. When every part is, text is the base.
       */
      already_applied?: number[];
    }
  | { ok: false; error: EngineError };

export const failure = (type: EngineErrorType, message: string, fields: Partial<EngineError> = {}): { ok: false; error: EngineError } => ({
  ok: false,
  error: { type, message, ...fields },
});

/**
 * Shared shapes of the validation layer. Everything here is plain data so the layer runs in
 * plain Node (no `vscode` import) and results serialise straight into a tool result.
 */

/**
 * One contiguous block of changed lines, as in a unified-diff hunk without context.
 * Lines are 1-based. `baseLineCount` lines starting at `baseStartLine` in the base text were
 * replaced by `candidateLineCount` lines starting at `candidateStartLine` in the candidate.
 * A pure insertion has `baseLineCount = 0` and `baseStartLine` = the base line the inserted
 * lines now precede (base line count + 1 when appending); a pure deletion mirrors that.
 */
export interface ChangedRange {
  baseStartLine: number;
  baseLineCount: number;
  candidateStartLine: number;
  candidateLineCount: number;
}

/**
 * A problem as a checker reports it, before we decide whether the edit introduced it.
 * `line`/`column` are 1-based (column in UTF-16 code units, like VS Code).
 * `key` identifies the kind of problem for matching base against candidate (e.g.
 * "MISSING:}" or "ERROR"); it must not contain the position or volatile text.
 */
export interface RawProblem {
  line: number;
  column: number;
  key: string;
  message: string;
  /** For a "missing token" problem: the token, used to phrase the hint. */
  missingToken?: string;
}

/** A problem the edit introduced, ready for the model: one line each when formatted. */
export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
  /** The candidate's text on that line, trimmed and shortened. */
  lineText: string;
  /** One-line suggestion, e.g. "unbalanced braces: a '}' is missing before line 42". */
  hint: string;
}

/** Most problems any validation result carries; results must stay small for the model. */
export const MAX_PROBLEMS = 10;

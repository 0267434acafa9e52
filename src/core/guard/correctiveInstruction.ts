import { clip } from './callTypes';

/** The nearest line the engine found for a part that did not match. */
export interface NearestLine {
  /** 1-based line number in the current file. */
  line_number: number;
  /** 0..1, when the engine measured it. */
  similarity?: number;
  text: string;
}

/** One place a part could go, when it matched more than once or loosely. */
export interface CandidateLine {
  line_number: number;
  text?: string;
  similarity?: number;
}

/**
 * Why one part (hunk, patch, edit) of a multi-part request failed. All fields are optional so
 * any engine can fill what it knows; the more it fills, the more precise the instruction.
 */
export interface FailedPart {
  /** 1-based number of the part in the request (the hunk number for safe_patch). */
  hunk: number;
  /** The line of the part that was looked for and not found (usually its first context line). */
  line?: string;
  found?: NearestLine;
  /** Several places matched (ambiguity), or the closest few. */
  candidates?: CandidateLine[];
  /** Free text from the engine when none of the above applies, e.g. "removes a line that is not there". */
  reason?: string;
}

/** The data part of a multi-part failure, e.g. a safe_patch failure. */
export interface MultiPartFailureData {
  /** Parts that would have applied as sent. */
  applicable_hunks?: number[];
  failed_hunks: FailedPart[];
}

export interface CorrectiveInstructionOptions {
  /** What a part is called in the sentence: 'hunk' (default), 'patch', 'edit'. */
  partName?: string;
  /** Characters of quoted file text kept per quote (default 80). */
  maxQuote?: number;
  /**
   * Whether the applicable parts were already applied. 'none' (default) is this project's
   * all-or-nothing rule: nothing was written, so the model must re-send every part with the
   * failed ones corrected — telling it to "re-send only hunk 3" would silently drop the other
   * hunks. 'applicable' is for an engine that applied the good parts: then re-sending only
   * the failed parts is right (the wording of issue 4's example).
   */
  applied?: 'none' | 'applicable';
}

/**
 * Turns a multi-part failure into one instruction a model can act on, e.g.
 * "hunk 3: context line 'x' not found; the nearest line is 41: 'y'. Re-send only hunk 3."
 *
 * Per failed part, the most precise clause its data allows: ambiguity (several candidates,
 * no nearest line) lists the candidate line numbers and asks for more context; a nearest line
 * that differs only in whitespace says so; otherwise the nearest line (with similarity when
 * known and below 1). Then the directive: by default (all or nothing) "nothing was applied:
 * re-send the whole request with hunk N corrected", naming the parts that would have applied;
 * with `applied: 'applicable'`, "Re-send only hunk N".
 * An empty `failed_hunks` yields '' (nothing to correct). Quotes are clipped to one line.
 */
export function correctiveInstruction(data: MultiPartFailureData, options: CorrectiveInstructionOptions = {}): string {
  const part = options.partName ?? 'hunk';
  const maxQuote = options.maxQuote ?? 80;
  const failed = [...data.failed_hunks].sort((a, b) => a.hunk - b.hunk);
  if (failed.length === 0) return '';
  const quote = (text: string): string => `'${clip(text, maxQuote)}'`;

  const clauses = failed.map((f) => `${part} ${f.hunk}: ${describePart(f, quote)}`);
  const numbers = failed.map((f) => f.hunk);
  const applicable = [...(data.applicable_hunks ?? [])].sort((a, b) => a - b);
  const failedList = `${plural(part, numbers.length)} ${listNumbers(numbers)}`;
  let tail: string;
  if (options.applied === 'applicable') {
    tail = `Re-send only ${failedList}.`;
  } else if (applicable.length > 0) {
    tail = `Nothing was applied (${plural(part, applicable.length)} ${listNumbers(applicable)} would apply as sent): re-send the whole request with ${failedList} corrected.`;
  } else {
    tail = `Nothing was applied: re-send the whole request with ${failedList} corrected.`;
  }
  return `${clauses.join('; ')}. ${tail}`;
}

function describePart(f: FailedPart, quote: (t: string) => string): string {
  const what = f.line !== undefined ? `context line ${quote(f.line)}` : undefined;
  const candidates = f.candidates ?? [];
  if (candidates.length > 1 && !f.found) {
    const lines = candidates.map((c) => c.line_number).join(', ');
    return `${what ?? 'the context'} matches ${candidates.length} places (lines ${lines}); add surrounding lines so it matches exactly one`;
  }
  if (f.found) {
    const nearest = f.found;
    if (f.line !== undefined && nearest.text.trim() === f.line.trim() && nearest.text !== f.line) {
      return `${what} not found; line ${nearest.line_number} differs only in whitespace: ${quote(nearest.text)} — copy its indentation exactly`;
    }
    const similarity = nearest.similarity !== undefined && nearest.similarity < 1 ? ` (${Math.round(nearest.similarity * 100)}% similar)` : '';
    return `${what ?? 'the context'} not found; the nearest line is ${nearest.line_number}${similarity}: ${quote(nearest.text)}`;
  }
  if (what) return `${what} not found${f.reason ? ` (${f.reason})` : ''}`;
  return f.reason ?? 'did not apply';
}

function plural(word: string, n: number): string {
  if (n === 1) return word;
  return /(s|sh|ch|x)$/.test(word) ? `${word}es` : `${word}s`;
}

/** "3", "2 and 5", "1, 4 and 6". */
function listNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/**
 * Returns a copy of `failure` with an `instruction` field added from its `failed_hunks` and
 * `applicable_hunks` (see `correctiveInstruction`), everything else unchanged. A failure
 * without a non-empty `failed_hunks` array is returned as it is (the same object).
 */
export function withCorrectiveInstruction<F extends Record<string, unknown>>(failure: F, options?: CorrectiveInstructionOptions): F & { instruction?: string } {
  const raw = failure.failed_hunks;
  // Entries without a numeric part number cannot be named in the instruction; they are skipped.
  const failed = Array.isArray(raw) ? raw.filter(isFailedPart) : [];
  if (failed.length === 0) return failure;
  const applicable = failure.applicable_hunks;
  const data: MultiPartFailureData = {
    failed_hunks: failed,
    ...(Array.isArray(applicable) ? { applicable_hunks: applicable as number[] } : {}),
  };
  return { ...failure, instruction: correctiveInstruction(data, options) };
}

function isFailedPart(value: unknown): value is FailedPart {
  return typeof value === 'object' && value !== null && typeof (value as { hunk?: unknown }).hunk === 'number';
}

import { clip } from './callTypes';

/** The nearest line the engine found for a part that did not match. */
export interface NearestLine {
  /** 1-based line number in the current file. */
  line_number: number;
  /** 0..1, when the engine measured it. */
  similarity?: number;
  text: string;
}

/** One place a part could go, when it matched more than once; a bare number is its line. */
export type CandidateLine = number | { line_number: number; text?: string; similarity?: number };

/**
 * Why one part (hunk, patch, edit) of a multi-part request failed. Only `hunk` is required so
 * any engine can fill what it knows; the more it fills, the more precise the instruction.
 */
export interface FailedPart {
  /** 1-based number of the part in the request (the hunk number for safe_patch). */
  hunk: number;
  /** The line of the part that was looked for and not found (usually its first context line). */
  line?: string;
  found?: NearestLine;
  /** Several places matched (ambiguity). */
  candidates?: CandidateLine[];
  /**
   * Free text from the engine, used when the fields above are missing; e.g.
   * "NO_MATCH: Hunk 3: context not found. Re-send hunk 3." (the error type and the "Hunk N:"
   * prefix are folded, only the first sentence is kept).
   */
  reason?: string;
}

/**
 * The data of a failed multi-part request, e.g. a safe_patch engine error. Engines often
 * report the details of the first failed part at the top level (`hunk`, `line`, `found`,
 * `candidates`) and list all failed parts briefly in `failed_hunks`; both are merged. Without
 * `failed_hunks`, the top-level part (when `hunk` is set) is the one failed part.
 */
export interface MultiPartFailureData {
  /** Parts that would have applied as sent. */
  applicable_hunks?: number[];
  failed_hunks?: FailedPart[];
  hunk?: number;
  line?: string;
  found?: NearestLine;
  candidates?: CandidateLine[];
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
   * the failed parts is right.
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
 * known and below 1); otherwise the engine's reason. Then the directive: by default (all or
 * nothing) "Nothing was applied: re-send the whole request with hunk N corrected", naming the
 * parts that would have applied; with `applied: 'applicable'`, "Re-send only hunk N".
 * No failed part yields '' (nothing to correct). Quotes are clipped to one line. Pure.
 */
export function correctiveInstruction(data: MultiPartFailureData, options: CorrectiveInstructionOptions = {}): string {
  const part = options.partName ?? 'hunk';
  const maxQuote = options.maxQuote ?? 80;
  const failed = failedParts(data);
  if (failed.length === 0) return '';
  const quote = (text: string): string => `'${clip(text, maxQuote)}'`;

  const clauses = failed.map((f) => `${part} ${f.hunk}: ${describePart(f, part, quote)}`);
  const numbers = failed.map((f) => f.hunk);
  const applicable = [...(data.applicable_hunks ?? [])].filter((n) => !numbers.includes(n)).sort((a, b) => a - b);
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

/** The failed parts, sorted and unique by number, with the top-level details merged in. */
function failedParts(data: MultiPartFailureData): FailedPart[] {
  const listed: FailedPart[] = Array.isArray(data.failed_hunks) ? data.failed_hunks.filter(isFailedPart) : [];
  const top = typeof data.hunk === 'number' ? data.hunk : undefined;
  const details = {
    ...(data.line !== undefined ? { line: data.line } : {}),
    ...(data.found !== undefined ? { found: data.found } : {}),
    ...(data.candidates !== undefined ? { candidates: data.candidates } : {}),
  };
  const byNumber = new Map<number, FailedPart>();
  for (const f of listed) byNumber.set(f.hunk, { ...byNumber.get(f.hunk), ...f });
  if (top !== undefined) {
    const existing = byNumber.get(top);
    if (existing) byNumber.set(top, { ...details, ...definedOnly(existing) });
    else if (listed.length === 0) byNumber.set(top, { hunk: top, ...details });
  }
  return [...byNumber.values()].sort((a, b) => a.hunk - b.hunk);
}

function definedOnly(f: FailedPart): FailedPart {
  const out: FailedPart = { hunk: f.hunk };
  if (f.line !== undefined) out.line = f.line;
  if (f.found !== undefined) out.found = f.found;
  if (f.candidates !== undefined) out.candidates = f.candidates;
  if (f.reason !== undefined) out.reason = f.reason;
  return out;
}

function describePart(f: FailedPart, part: string, quote: (t: string) => string): string {
  const what = f.line !== undefined ? `context line ${quote(f.line)}` : undefined;
  const candidates = (f.candidates ?? []).map((c) => (typeof c === 'number' ? c : c.line_number));
  if (candidates.length > 1 && !f.found) {
    return `${what ?? 'the context'} matches ${candidates.length} places (lines ${candidates.join(', ')}); add surrounding lines so it matches exactly one`;
  }
  if (f.found) {
    const nearest = f.found;
    if (f.line !== undefined && nearest.text.trim() === f.line.trim() && nearest.text !== f.line) {
      return `${what} not found; line ${nearest.line_number} differs only in whitespace: ${quote(nearest.text)} — copy its indentation exactly`;
    }
    const similarity = nearest.similarity !== undefined && nearest.similarity < 1 ? ` (${Math.round(nearest.similarity * 100)}% similar)` : '';
    return `${what ?? 'the context'} not found; the nearest line is ${nearest.line_number}${similarity}: ${quote(nearest.text)}`;
  }
  const reason = f.reason !== undefined ? conciseReason(f.reason, part) : undefined;
  if (what) return `${what} not found${reason ? ` (${reason})` : ''}`;
  return reason || 'did not apply';
}

/**
 * The first sentence of an engine reason, without a leading error type ("NO_MATCH: ") or
 * part label ("Hunk 3: "), clipped to 160 characters: the clause already names the part and
 * the sentence ends with our own directive.
 */
function conciseReason(reason: string, part: string): string {
  let r = reason.trim().replace(/^[A-Z][A-Z_]+:\s*/, '');
  r = r.replace(new RegExp(`^${escapeRegExp(part)}\\s+\\d+\\s*:\\s*`, 'i'), '');
  const end = r.search(/\.(\s|$)/);
  if (end >= 0) r = r.slice(0, end);
  return clip(r, 160);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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

function isFailedPart(value: unknown): value is FailedPart {
  return typeof value === 'object' && value !== null && typeof (value as { hunk?: unknown }).hunk === 'number';
}

/**
 * Returns a copy of `failure` with an `instruction` field added (see `correctiveInstruction`;
 * the failure's own top-level fields and `failed_hunks` are the data), everything else
 * unchanged. A failure that names no failed part is returned as it is (the same object).
 */
export function withCorrectiveInstruction<F extends Record<string, unknown>>(failure: F, options?: CorrectiveInstructionOptions): F & { instruction?: string } {
  const instruction = correctiveInstruction(failure as MultiPartFailureData, options);
  return instruction ? { ...failure, instruction } : failure;
}

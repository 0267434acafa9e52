/**
 * applySearchReplace: replace `oldText` by `newText`, with the patch engine's matcher and
 * uniqueness rule.
 *
 * 1. Exact (exact.ts): every occurrence of oldText (line breaks normalized to "\n") in the
 *    file, its last line counted as terminated (so oldText ending in a line break matches the
 *    end of the file). The count must equal expectedReplacements (default 1), else
 *    AMBIGUOUS_MATCH with the lines; occurrences sharing characters are refused as overlapping,
 *    several on one line are not. An occurrence that starts after only whitespace on its line
 *    and ends at a line end is a whole-line pattern given with less indentation: newText takes
 *    the same shift when written at oldText's indentation, is kept when written at the file's
 *    (text/newIndent.ts), and is refused when it fits neither. Any other occurrence is a plain
 *    substring replacement.
 * 2. Tolerant, whole lines only: trailing whitespace, then all whitespace (indentation,
 *    tabs/spaces, with newText placed by the same rule and converted to the file's style),
 *    then typographic punctuation. A tolerant match always covers whole file lines, so a
 *    single-line oldText can never land inside a longer line.
 * 3. The same after stripping line-number prefixes ("12: ", "12\t", "  12 | ") when every
 *    line of oldText has one and newText has none or is a listing of the same format
 *    (lineNumbers.ts); otherwise both are literal, and a miss says why.
 * There is no fuzzy tier: a search text with a wrong line is refused, naming that line and
 * why (notFound.ts). Replaced lines keep their terminators, inserted lines take the one above
 * (an LF newText in a CRLF file gets CRLF).
 */
import { LineModel } from '../text/lines';
import { KeyedLines, Level, OldLine, findMatches, Match } from '../patch/match';
import { renderEdits, changedRanges, LineEdit } from '../patch/render';
import { inferIndentMap, reindent, isShift, IndentMap } from '../text/indent';
import { tierOf } from '../patch/plan';
import { EngineResult, EngineError, EngineErrorType, failure, Tier, mostTolerant } from '../patch/types';
import { findElisionMarkers, baseLineSet } from '../elision';
import { WorkMeter, WorkLimitExceeded, tooLargeMessage, lineCount } from '../patch/work-meter';
import type { WorkBudget } from '../patch/work-meter';
import { ReplaceContext } from './replace-context';
import { listingPlan, listingWarning } from './lineNumbers';
import { notFound } from './notFound';
import { LinePattern, linePattern } from './line-pattern';
import { readNewIndent, AMBIGUOUS_NEW_INDENT, describeIndentConflict } from '../text/newIndent';
import { fastExactReplace } from './fastExact';
import { mayBeRepeat } from './repeat-window';
import { judgeRepeat, bothReadingsMessage, Found } from '../already-applied';
import { exactOccurrences, exactEdits, overlap } from './exact';

export interface SearchReplaceOptions {
  /** How many occurrences the caller intends to replace (default 1). The count must be exact. */
  expectedReplacements?: number;
  /** Skip the raw-text fast path (fastExact.ts); the result is the same, only slower. For tests. */
  noFastPath?: boolean;
  /** The work budget's fixed allowance, and where a passed limit is recorded (see patch/work-meter.ts). */
  workBudget?: WorkBudget;
}

const quote = (s: string) => `'${s.trim().length > 120 ? s.trim().slice(0, 120) + '…' : s.trim()}'`;
const lf = (s: string) => s.replace(/\r\n/g, '\n');

export function applySearchReplace(baseText: string, oldText: string, newText: string, options: SearchReplaceOptions = {}): EngineResult {
  const input = checkInput(oldText, newText, options);
  if (!input.ok) return input;
  const { oldN, newN, expected } = input;
  // markers already in old_text or in the file are the file's own lines, not placeholders
  const markers = findElisionMarkers(newN).length ? findElisionMarkers(newN, oldN + '\n' + baseText) : [];
  if (markers.length) return elisionBlocked(markers[0]);
  // new_text that looks like a numbered listing is written as given, with a warning (the fast path has no notes)
  const warning = listingWarning(linePattern(oldN.split('\n')).core, newN.split('\n'));
  // an edit whose new_text contains old_text still finds old_text once it landed: unless
  // new_text cannot stand around the occurrences, the general path asks whether it is a
  // repeat (already-applied.ts)
  const mayRepeat = newN.includes(oldN) ? (occ: Array<[number, number]>) => !mayBeRepeat(baseText, occ, oldN, newN) : undefined;
  const fast = options.noFastPath || warning ? null : fastExactReplace(baseText, oldN, newN, expected, mayRepeat);
  if (fast) return fast;
  const ctx = new ReplaceContext(baseText, WorkMeter.forInput(baseText.length + 2 * (oldN.length + newN.length), 2 * (lineCount(oldN) + lineCount(newN)), options.workBudget));
  try {
    const r = placeOnce(ctx, oldN, newN, expected, warning);
    if (r.ok && r.already) return { ok: true, text: baseText, replacements: 0, changed: [], tolerance: 'exact', already_applied: [1], notes: [alreadyNote(r.already)] };
    return r.ok ? success(ctx.model, r.edits, r.tiers, r.count, r.notes, r.finalNewline) : { ok: false, error: r.error() };
  } catch (e) {
    if (e instanceof WorkLimitExceeded) return failure('TOO_LARGE', tooLargeMessage('This replacement'), { work_limit: e.limit });
    throw e;
  }
}

/** What a replacement does to the base before anything is rendered: its line edits, or why it cannot be made. */
export type ReplacePlacement =
  | { ok: true; edits: LineEdit[]; finalNewline: boolean; tiers: Tier[]; count: number; notes?: string[]; already?: undefined }
  /** The edit's result already stands at these 1-based lines (already-applied.ts): nothing to apply. */
  | { ok: true; already: number[] }
  | { ok: false; type: EngineErrorType; error(): EngineError };

/**
 * applySearchReplace's decision for one of many replacements of the same base (see
 * multi-file/replace-edits.ts): the same checks and the same placement (without the raw-text
 * fast path, which gives the same answer), on a context that keeps the file's lines, keys,
 * indexes and searched text for the next replacement. A failure's message is built only when
 * asked. A passed work budget throws WorkLimitExceeded to the caller.
 */
export function placeSearchReplace(ctx: ReplaceContext, oldText: string, newText: string, options: SearchReplaceOptions = {}): ReplacePlacement {
  const input = checkInput(oldText, newText, options);
  if (!input.ok) return { ok: false, type: input.error.type, error: () => input.error };
  const { oldN, newN, expected } = input;
  const candidates = findElisionMarkers(newN);
  if (candidates.length) {
    const own = baseLineSet(oldN);
    const marker = candidates.find((m) => !own.has(m.text.trim()) && !ctx.baseSet.has(m.text.trim()));
    if (marker) {
      const error = elisionBlocked(marker).error;
      return { ok: false, type: error.type, error: () => error };
    }
  }
  const warning = listingWarning(linePattern(oldN.split('\n')).core, newN.split('\n'));
  return placeOnce(ctx, oldN, newN, expected, warning);
}

/**
 * placeReplace, asked first whether the edit's result already stands (already-applied.ts): a
 * repeat is answered with where it stands, a text that reads both ways is refused.
 */
function placeOnce(ctx: ReplaceContext, oldN: string, newN: string, expected: number, warning: string | undefined): ReplacePlacement {
  const forward = placeReplace(ctx, oldN, newN, expected, warning);
  // found, and new_text cannot stand around what was found: the rule's answer is the forward one
  if (forward.ok && !forward.already && newN.includes(oldN) && !mayBeRepeat(ctx.hay, hayRanges(ctx, forward.edits), oldN, newN)) return forward;
  const verdict = judgeRepeat({
    forward: asFound(forward),
    reverse: () => asFound(placeReplace(ctx, newN, oldN, expected, undefined)),
    newContainsOld: newN.includes(oldN),
    oldLines: lineCount(oldN),
    // a deletion leaves nothing to recognise it by
    onlyRemoves: newN.trim() === '' || oldN.startsWith(newN) || oldN.endsWith(newN),
  });
  if (verdict.kind === 'forward') return forward;
  if (verdict.kind === 'already') return { ok: true, already: verdict.lines };
  const error = failure('AMBIGUOUS_MATCH', bothReadingsMessage('This edit (new_text contains old_text)', verdict), {
    candidates: [...verdict.first, ...verdict.repeat].sort((a, b) => a - b),
    readings: { first_application_at: verdict.first, already_applied_at: verdict.repeat },
  }).error;
  return { ok: false, type: error.type, error: () => error };
}

/** The edits' lines as [start, end) offsets of the context's search text. */
function hayRanges(ctx: ReplaceContext, edits: LineEdit[]): Array<[number, number]> {
  const starts = ctx.hayStarts;
  const n = ctx.model.lines.length;
  const at = (line: number) => (line < n ? starts[line] : ctx.hay.length);
  return edits.map((e) => [at(e.start), at(Math.min(n, Math.max(e.end, e.start + 1)))]);
}

function asFound(p: ReplacePlacement): Found {
  if (p.ok) return p.already ? { ok: false, notFound: false } : { ok: true, spans: p.edits.map((e) => ({ line: e.start + 1, lines: Math.max(1, e.end - e.start) })) };
  if (p.type === 'NO_MATCH') return { ok: false, notFound: true };
  if (p.type !== 'AMBIGUOUS_MATCH') return { ok: false, notFound: false };
  const e = p.error();
  return { ok: false, notFound: false, candidates: e.candidates };
}

/** The note of a replacement already in the file. */
export function alreadyNote(lines: number[]): string {
  return `the edit is already in the file (its new_text stands at line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}): not applied again`;
}

function checkInput(oldText: string, newText: string, options: SearchReplaceOptions): { ok: true; oldN: string; newN: string; expected: number } | { ok: false; error: EngineError } {
  const expected = options.expectedReplacements ?? 1;
  if (!Number.isInteger(expected) || expected < 1) return failure('INVALID_INPUT', 'expected_replacements must be a positive integer.');
  if (typeof oldText !== 'string' || oldText === '') return failure('INVALID_INPUT', 'old_text is empty. Give the exact lines to replace, copied from the file.');
  if (typeof newText !== 'string') return failure('INVALID_INPUT', 'new_text is missing.');
  const oldN = lf(oldText);
  const newN = lf(newText);
  if (oldN === newN) return failure('INVALID_INPUT', 'old_text and new_text are identical; the edit would change nothing.');
  return { ok: true, oldN, newN, expected };
}

function elisionBlocked(marker: { line_number: number; text: string }): { ok: false; error: EngineError } {
  return failure('ELISION_BLOCKED', `new_text line ${marker.line_number} ${quote(marker.text)} is a placeholder for code, not code. Write out the real lines in new_text.`, {
    line: marker.text,
  });
}

/** The placement on the context's base, after the input checks (the general path of applySearchReplace). */
function placeReplace(ctx: ReplaceContext, oldN: string, newN: string, expected: number, warning: string | undefined): ReplacePlacement {
  const model = ctx.model;
  const file = ctx.file;
  const refuse = (r: { ok: false; error: EngineError }): ReplacePlacement => ({ ok: false, type: r.error.type, error: () => r.error });

  // 1. exact occurrences
  const hay = ctx.hay;
  // one native search of the text per replacement (linear, see text/find.ts): bounded by the
  // number of edits a call may hold, not by the meter
  const exact = exactOccurrences(hay, oldN, ctx.hayStarts);
  ctx.meter.charge(exact.length);
  if (exact.length) {
    if (exact.length !== expected) return refuse(countMismatch(exact.map((o) => o.line + 1), expected));
    if (overlap(exact, oldN.length)) return refuse(failure('AMBIGUOUS_MATCH', 'The occurrences of old_text overlap (they share characters); replacing all of them is not well defined.', { candidates: exact.map((o) => o.line + 1) }));
    const r = exactEdits(model, hay, exact, oldN, newN);
    if (typeof r === 'string') return refuse(failure('NO_MATCH', r));
    return placed(model, r.edits, [r.shifted ? 'indent' : 'exact'], exact.length, warning ? [warning] : undefined, r.finalNewline);
  }

  // 2./3. whole-line tolerant tiers
  const oldLines = oldN.split('\n');
  const newLines = newN.split('\n');
  const pat = linePattern(oldLines);
  const attempts: Array<{ pat: LinePattern; neu: string[]; note?: string }> = [{ pat, neu: newLines }];
  const listing = listingPlan(pat.core, newLines);
  if (listing.kind === 'strip') attempts.push({ pat: { ...pat, core: listing.old }, neu: listing.neu, note: listing.note });
  let edgeRefused = false;
  for (const a of attempts) {
    const old: OldLine[] = a.pat.core.map((text) => ({ text, removed: true }));
    if (!old.some((l) => l.text.trim())) continue;
    for (let level = a.note ? Level.Exact : Level.Trailing; level <= Level.Unicode; level++) {
      const ms = findMatches(file, old, level);
      if (!ms.length) continue;
      const edits: LineEdit[] = [];
      const tiers: Tier[] = [];
      const lines: number[] = [];
      let finalNewline = model.finalNewline;
      for (const m of ms) {
        ctx.meter.charge(old.length + a.neu.length);
        const r = lineEdit(file, a.pat, a.neu, m);
        if (r === null) {
          edgeRefused = true;
          continue;
        }
        if (typeof r === 'string') return refuse(failure('NO_MATCH', r));
        edits.push(r.edit);
        tiers.push(r.tier);
        lines.push(m.start + 1);
        if (r.finalNewline === false) finalNewline = false;
      }
      if (!edits.length) continue;
      if (edits.length !== expected) return refuse(countMismatch(lines, expected));
      if (overlapping(edits)) return refuse(failure('AMBIGUOUS_MATCH', 'The matches of old_text overlap; replacing all of them is not well defined.', { candidates: lines }));
      const notes = [a.note, a.note ? undefined : warning].filter((n): n is string => !!n);
      return placed(model, edits, tiers, edits.length, notes.length ? notes : undefined, finalNewline);
    }
  }
  const why = { edgeRefused, listing: listing.kind === 'inconsistent' ? listing.reason : undefined };
  let error: EngineError | undefined;
  return {
    ok: false,
    type: 'NO_MATCH',
    error: () => (error ??= (notFound(file, pat, why, ctx.baseSet) as { ok: false; error: EngineError }).error),
  };
}

function placed(model: LineModel, edits: LineEdit[], tiers: Tier[], count: number, notes: string[] | undefined, finalNewline = model.finalNewline): ReplacePlacement {
  return { ok: true, edits, tiers, count, finalNewline, ...(notes ? { notes } : {}) };
}


/**
 * The edit for a whole-line match of `pat` at file line `m.start`, with substring semantics
 * for the line breaks around it; new lines are re-indented by the mapping the match needed.
 * Returns null when the span would start before the first line or end after the last, and a
 * reason string when new_text cannot take the indentation shift.
 */
function lineEdit(file: KeyedLines, pat: LinePattern, neu: string[], m: Match): { edit: LineEdit; tier: Tier; finalNewline?: boolean } | string | null {
  const N = file.lines.length;
  const first = m.start - (pat.leadingNL ? 1 : 0);
  const last = m.start + pat.core.length - 1 + (pat.trailingNL ? 1 : 0);
  // a trailing line break may be the last line's (last === N: the virtual line after it)
  if (first < 0 || last > N) return null;
  let map: IndentMap = { kind: 'identity' };
  if (m.level >= Level.Loose) map = inferIndentMap(pat.core.map((t, k): [string, string] => [t, file.lines[m.start + k]]));
  // no consistent relation between old_text's indentation and the file's: new_text's cannot be placed
  if (map.kind === 'none' && neu.some((l) => l.trim() !== '')) {
    const pairs = pat.core.map((t, k): [string, string] => [t, file.lines[m.start + k]]);
    const conflict = describeIndentConflict(pairs, (k) => `line ${k + 1 + (pat.leadingNL ? 1 : 0)} of old_text (${quote(pat.core[k])})`);
    return `old_text's indentation differs from the file's inconsistently: ${conflict}, so new_text's indentation cannot be inferred; copy old_text and new_text with the file's indentation.`;
  }
  let newMap = map;
  if (isShift(map)) {
    const reading = readNewIndent(pat.core, file.lines.slice(m.start, m.start + pat.core.length), neu);
    if (reading === 'ambiguous') return AMBIGUOUS_NEW_INDENT;
    if (reading === 'keep') newMap = { kind: 'identity' };
  }
  const shifted: string[] = [];
  for (const l of neu) {
    const t = reindent(l, newMap);
    if (t === null) return `new_text line ${quote(l)} cannot take the indentation shift old_text needed; send new_text with the file's indentation.`;
    shifted.push(t);
  }
  const head = pat.leadingNL ? file.lines[first] : '';
  const tail = pat.trailingNL && last < N ? file.lines[last] : '';
  const lines = (head + shifted.join('\n') + tail).split('\n');
  let finalNewline: boolean | undefined;
  if (last === N) {
    // the span took the last line's break: kept when new_text ends with one too
    if (lines[lines.length - 1] === '') lines.pop();
    else finalNewline = false;
  }
  return { edit: { start: first, end: Math.min(last + 1, N), lines }, tier: tierOf(m.level, map), finalNewline };
}

function overlapping(edits: LineEdit[]): boolean {
  const s = [...edits].sort((a, b) => a.start - b.start);
  for (let i = 1; i < s.length; i++) if (s[i].start < s[i - 1].end) return true;
  return false;
}

function countMismatch(lines: number[], expected: number): { ok: false; error: EngineError } {
  const many = lines.length > expected;
  const list = lines.slice(0, 20).join(', ') + (lines.length > 20 ? ', …' : '');
  return failure(
    'AMBIGUOUS_MATCH',
    many
      ? `old_text matches ${lines.length} places (lines ${list}) but ${expected} replacement${expected > 1 ? 's were' : ' was'} expected. Add surrounding lines to old_text so it is unique, or set expected_replacements to ${lines.length} to replace all.`
      : `old_text matches ${lines.length} place${lines.length > 1 ? 's' : ''} (lines ${list}) but expected_replacements is ${expected}. Set expected_replacements to ${lines.length} or fix old_text.`,
    { candidates: lines, expected_replacements: expected, found_replacements: lines.length },
  );
}

function success(model: LineModel, edits: LineEdit[], tiers: Tier[], count: number, notes?: string[], finalNewline = model.finalNewline): EngineResult {
  const text = renderEdits(model, edits, finalNewline);
  return {
    ok: true,
    text,
    replacements: count,
    changed: changedRanges(edits),
    tolerance: mostTolerant(tiers),
    ...(notes ? { notes } : {}),
  };
}

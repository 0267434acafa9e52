/**
 * The one rule for an edit sent again (a model's retry after a timeout or a lost result): every
 * editing format (a replacement, a unified diff's hunk, an apply_patch chunk) asks it, with
 * where its old side and its new side are found in the file.
 *
 * An edit is already applied when its intended result stands at the one place it would land:
 * - its old side is not found and its new side is found exactly where it would have been
 *   written (once per expected replacement), unless the edit only removes text (its result is
 *   an absence, not something to recognise); or
 * - its new side contains its old side (an append, a suffix, lines added around kept ones), so
 *   the old side is still found after the edit landed: every place the old side is found lies
 *   inside a place the new side is found.
 * When the file shows both readings (the old side found inside the new side's place AND
 * elsewhere), the edit could be a first application there or a repeat here: it is refused with
 * both readings named, never guessed. Anything else is the forward placement's own answer.
 *
 * Places are line spans (1-based first line and line count); the caller's matcher found them,
 * each one unique where the format requires it.
 */

export interface Span {
  /** 1-based first line. */
  line: number;
  /** How many lines it covers (at least 1). */
  lines: number;
}

/** Where one side of the edit is found: its places, or that it is not found once per expected replacement. */
export type Found = { ok: true; spans: Span[] } | { ok: false; notFound: boolean; candidates?: number[] };

export type Verdict =
  | { kind: 'forward' }
  | { kind: 'already'; lines: number[] }
  | { kind: 'both'; first: number[]; repeat: number[] };

export interface RepeatQuestion {
  /** The forward placement: where the old side was found (ok), or why not. */
  forward: Found;
  /** The reverse placement (new side as the search), computed only when the rule needs it. */
  reverse: () => Found;
  /** The new side contains the old side, so a landed edit still shows its old side. */
  newContainsOld: boolean;
  /** How many lines the old side covers (for a candidate line's span). */
  oldLines: number;
  /**
   * The old side contains the new side at one of its ends (the edit only removes text there):
   * its result is only an absence, which any file without the removed text shows, so it is
   * never recognised as already applied.
   */
  onlyRemoves?: boolean;
}

export function judgeRepeat(q: RepeatQuestion): Verdict {
  const f = q.forward;
  if (!f.ok && f.notFound) {
    if (q.onlyRemoves) return { kind: 'forward' };
    const r = q.reverse();
    return r.ok ? { kind: 'already', lines: r.spans.map((s) => s.line) } : { kind: 'forward' };
  }
  if (!q.newContainsOld) return { kind: 'forward' };
  const olds: Span[] = f.ok ? f.spans : (f.candidates ?? []).map((line) => ({ line, lines: q.oldLines }));
  if (!olds.length) return { kind: 'forward' };
  const r = q.reverse();
  if (!r.ok) return { kind: 'forward' };
  const within = (o: Span) => r.spans.some((n) => n.line <= o.line && o.line + o.lines <= n.line + n.lines);
  const repeat = olds.filter(within);
  if (!repeat.length) return { kind: 'forward' };
  const first = olds.filter((o) => !within(o));
  if (!first.length) return { kind: 'already', lines: r.spans.map((s) => s.line) };
  return { kind: 'both', first: first.map((s) => s.line), repeat: r.spans.map((s) => s.line) };
}

/** The refusal's wording when the file shows both readings. */
export function bothReadingsMessage(what: string, v: { first: number[]; repeat: number[] }): string {
  const at = (ls: number[]) => `line${ls.length > 1 ? 's' : ''} ${ls.join(', ')}`;
  return `${what} could be a first application or a repeat: its result already stands at ${at(v.repeat)} (where it would have landed if it was applied before), and what it replaces also stands at ${at(v.first)} (where it would land now). Nothing was applied, because either reading could be wrong. Make the edit unique: include surrounding lines that occur at only one of those places.`;
}

/**
 * The matcher shared by unified diffs and search/replace: find every place where a sequence
 * of "old" lines (a hunk's context and removed lines, or a search text) occurs in the file,
 * at one tolerance level.
 *
 * Levels, strict to loose: 0 exact, 1 trailing whitespace ignored, 2 whitespace ignored
 * (see looseKey), 3 typographic punctuation folded too, 4 "fuzzy": as level 3 but exactly
 * one context line may differ, provided it is similar (>= FUZZY_MIN_SIMILARITY) and the rest
 * of the window still holds enough real lines to pin it (>= FUZZY_MIN_SUPPORT).
 * Removed lines, and context lines touching a pure insertion, never get the fuzzy allowance:
 * a line the edit deletes must exist, and an insertion's neighbours decide where it goes.
 *
 * Cost: O(file lines) per level and anchor, dominated by a native substring pre-filter; keys
 * are computed lazily and cached per file line, so a 190,000-line file costs a few ms when the
 * edit matches early.
 */
import { LineModel, lineOffsets } from '../text/lines';
import { lineIndexAt } from '../text/offsets';
import { trailingKey, looseKey, unicodeKey, longestWord, isBlank } from '../text/keys';
import { similarity } from '../text/similarity';

export interface OldLine {
  text: string;
  /** A removed line must match at levels 0-3; it can never be the fuzzy line. */
  removed: boolean;
  /**
   * A context line directly before or after a pure insertion: it decides where the added
   * lines go, so it can never be the fuzzy line either (a wrong neighbour would place them wrongly).
   */
  pinned?: boolean;
}

export const enum Level {
  Exact = 0,
  Trailing = 1,
  Loose = 2,
  Unicode = 3,
  Fuzzy = 4,
}

export interface Match {
  /** 0-based index of the file line where the old lines start. */
  start: number;
  level: Level;
  /** For level 4: which old line differed, and how similar it was to the file's line. */
  fuzzy?: { index: number; similarity: number };
}

/** A fuzzy line must be at least this similar (Levenshtein ratio over its level-3 key). */
export const FUZZY_MIN_SIMILARITY = 0.6;
/** A fuzzy window needs at least this many other non-blank lines of 4+ characters that match. */
export const FUZZY_MIN_SUPPORT = 2;

const KEY_FNS: Array<(s: string) => string> = [(s) => s, trailingKey, looseKey, unicodeKey];

/** Lazily computed, cached keys of the file's lines, one array per level. */
export class KeyedLines {
  private readonly cache: Array<Array<string | undefined>> = [];
  constructor(readonly model: LineModel) {}
  get lines(): string[] {
    return this.model.lines;
  }
  private readonly hits = new Map<string, Int32Array>();
  /**
   * The (sorted) indexes of the lines containing `token`, found by native substring search
   * over the raw text and cached, so the tiers and anchors that share a token scan once.
   */
  linesContaining(token: string): Int32Array {
    let h = this.hits.get(token);
    if (h) return h;
    const raw = this.model.raw;
    const offs = lineOffsets(this.model);
    const n = this.model.lines.length;
    const out: number[] = [];
    let line = 0;
    for (let at = raw.indexOf(token); at >= 0; ) {
      // the line holding offset `at`, searched from the last one (hits come in increasing order)
      line = lineIndexAt(offs, at, line, n - 1);
      if (line >= n) break;
      out.push(line);
      // continue after this line: one hit per line is enough. The search must move forward
      // (an empty token matches at the end of the text again and again).
      if (line + 1 >= n) break;
      const next = raw.indexOf(token, offs[line + 1]);
      at = next > at ? next : -1;
    }
    h = Int32Array.from(out);
    this.hits.set(token, h);
    return h;
  }
  key(level: Level, i: number): string {
    if (level === Level.Exact) return this.model.lines[i];
    const lv = level > Level.Unicode ? Level.Unicode : level;
    let arr = this.cache[lv];
    if (!arr) arr = this.cache[lv] = new Array(this.model.lines.length);
    let k = arr[i];
    if (k === undefined) k = arr[i] = KEY_FNS[lv](this.model.lines[i]);
    return k;
  }
}

export const keyOf = (level: Level, s: string): string => KEY_FNS[level > Level.Unicode ? Level.Unicode : level](s);

/** Optional window restriction: matches must start at >= lo and end at <= hi (exclusive). */
export interface Range {
  lo: number;
  hi: number;
}

/**
 * Every start position where `old` matches at exactly `level` (levels 0-3), in file order.
 * Overlapping occurrences are all reported. An empty `old` never matches.
 */
export function findMatches(file: KeyedLines, old: OldLine[], level: Level, range?: Range): Match[] {
  const n = old.length;
  const N = file.lines.length;
  const lo = range?.lo ?? 0;
  const hi = Math.min(range?.hi ?? N, N);
  if (!n || hi - lo < n) return [];
  const keys = level === Level.Exact ? old.map((l) => l.text) : old.map((l) => keyOf(level, l.text));
  // exact: anchor on the longest line (equality is the filter); else on the longest word
  const a = level === Level.Exact ? longestLine(old) : pickAnchor(old, -1);
  const token = level === Level.Exact ? '' : longestWord(old[a].text);
  const akey = keys[a];
  const out: Match[] = [];
  const lines = file.lines;
  const from = lo + a;
  const end = hi - (n - 1 - a);
  // candidate anchor lines: every line (exact: equality is the cheapest filter), or the lines
  // containing the anchor's longest word
  const hits = level !== Level.Exact && token ? file.linesContaining(token) : null;
  const count = hits ? hits.length : end - from;
  for (let t = 0; t < count; t++) {
    const i = hits ? hits[t] : from + t;
    if (i < from) continue;
    if (i >= end) break;
    if (level === Level.Exact) {
      if (lines[i] !== akey) continue;
    } else if (file.key(level, i) !== akey) continue;
    const p = i - a;
    let ok = true;
    for (let j = 0; j < n; j++) {
      if (j === a) continue;
      if (file.key(level, p + j) !== keys[j]) {
        ok = false;
        break;
      }
    }
    if (ok) out.push({ start: p, level });
  }
  return out;
}

/**
 * Every start position where `old` matches at level 3 except for exactly one context line
 * that is similar enough (see FUZZY_* constants). Needs at least 3 old lines. Positions where
 * all lines match are not reported (level 3 finds those).
 */
export function findFuzzyMatches(file: KeyedLines, old: OldLine[], range?: Range): Match[] {
  const n = old.length;
  const N = file.lines.length;
  const lo = range?.lo ?? 0;
  const hi = Math.min(range?.hi ?? N, N);
  if (n < 3 || hi - lo < n) return [];
  const keys = old.map((l) => unicodeKey(l.text));
  // Any fuzzy window has at most one wrong line, so it matches at one of two distinct anchors;
  // a removed line can never be the wrong one, so one removed anchor is enough.
  const removedAnchor = old.findIndex((l) => l.removed && longestWord(l.text).length >= 3);
  const anchors = removedAnchor >= 0 ? [removedAnchor] : [pickAnchor(old, -1)];
  if (removedAnchor < 0) anchors.push(pickAnchor(old, anchors[0]));
  const starts = new Set<number>();
  for (const a of anchors) {
    if (a < 0) continue;
    const token = longestWord(old[a].text);
    const from = lo + a;
    const end = hi - (n - 1 - a);
    const hits = token ? file.linesContaining(token) : null;
    const count = hits ? hits.length : end - from;
    for (let t = 0; t < count; t++) {
      const i = hits ? hits[t] : from + t;
      if (i < from) continue;
      if (i >= end) break;
      if (file.key(Level.Unicode, i) === keys[a]) starts.add(i - a);
    }
  }
  const out: Match[] = [];
  for (const p of [...starts].sort((x, y) => x - y)) {
    let wrong = -1;
    let support = 0;
    let ok = true;
    for (let j = 0; j < n; j++) {
      const fk = file.key(Level.Unicode, p + j);
      if (fk === keys[j]) {
        if (keys[j].length >= 4) support++;
        continue;
      }
      if (wrong >= 0 || old[j].removed || old[j].pinned || isBlank(old[j].text)) {
        ok = false;
        break;
      }
      wrong = j;
    }
    if (!ok || wrong < 0 || support < FUZZY_MIN_SUPPORT) continue;
    const sim = similarity(keys[wrong], file.key(Level.Unicode, p + wrong));
    if (sim < FUZZY_MIN_SIMILARITY) continue;
    out.push({ start: p, level: Level.Fuzzy, fuzzy: { index: wrong, similarity: Math.round(sim * 1000) / 1000 } });
  }
  return out;
}

/** The index of the longest old line (trimmed), the first on ties. */
function longestLine(old: OldLine[]): number {
  let best = 0;
  let len = -1;
  for (let j = 0; j < old.length; j++) {
    const l = old[j].text.length;
    if (l > len) {
      len = l;
      best = j;
    }
  }
  return best;
}

/**
 * The index of the old line with the longest ASCII word (the rarest-looking line, cheapest to
 * pre-filter on), excluding `except`. Falls back to the longest line when no line has a word.
 */
function pickAnchor(old: OldLine[], except: number): number {
  let best = -1;
  let bestLen = -1;
  for (let j = 0; j < old.length; j++) {
    if (j === except) continue;
    const w = longestWord(old[j].text).length * 1000 + Math.min(old[j].text.trim().length, 999);
    if (w > bestLen) {
      bestLen = w;
      best = j;
    }
  }
  return best;
}

/**
 * Find `old` at the strictest level (0-3, then 4 when `fuzzy`) that has any match. Returns the
 * matches of that level only (so a unique exact match is never out-voted by looser ones), or
 * an empty list when no level matches.
 */
export function locate(file: KeyedLines, old: OldLine[], opts: { fuzzy: boolean; minLevel?: Level; range?: Range }): Match[] {
  for (let level = opts.minLevel ?? Level.Exact; level <= Level.Unicode; level++) {
    const ms = findMatches(file, old, level, opts.range);
    if (ms.length) return ms;
  }
  return opts.fuzzy ? findFuzzyMatches(file, old, opts.range) : [];
}

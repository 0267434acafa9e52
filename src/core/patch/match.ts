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
 * Cost: the first searches of a file use a native substring pre-filter and lazily computed,
 * cached keys (a 190,000-line file costs a few ms when the edit matches early); once searches
 * have cost a few passes over the file, its keys are indexed (keyed-lines.ts) and each search
 * costs the occurrences of its rarest line, never more than one linear pass (findRuns,
 * oneMismatchRuns). The answers are the same either way.
 */
import { longestWord, isBlank } from '../text/keys';
import { similarity } from '../text/similarity';
import { findRuns, lowerBound, oneMismatchRuns } from '../text/sequence-match';
import { KeyedLines } from './keyed-lines';
import { Level, keyOf } from './levels';

export { KeyedLines } from './keyed-lines';
export { Level, keyOf } from './levels';

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

/** Optional window restriction: matches must start at >= lo and end at <= hi (exclusive). */
export interface Range {
  lo: number;
  hi: number;
}

/**
 * Every start position where `old` matches at exactly `level` (levels 0-3), in file order.
 * Overlapping occurrences are all reported. An empty `old` never matches.
 *
 * Two ways to the same answer: the first searches of a file filter its lines directly (native
 * substring search for the anchor's longest word, or a pass comparing the anchor line), which
 * is cheapest for a few hunks; once those searches have cost a few passes over the file, or one
 * search would, the file's keys at this level are indexed and every search starts from the
 * positions of its rarest line (linear whatever the file: see findRuns).
 */
export function findMatches(file: KeyedLines, old: OldLine[], level: Level, range?: Range): Match[] {
  const n = old.length;
  const N = file.lines.length;
  const lo = range?.lo ?? 0;
  const hi = Math.min(range?.hi ?? N, N);
  if (!n || hi - lo < n) return [];
  const keys = level === Level.Exact ? old.map((l) => l.text) : old.map((l) => keyOf(level, l.text));
  if (!file.hasIndex(level) && file.scanAllowance() > 0) {
    const scanned = scanMatches(file, old, keys, level, lo, hi);
    if (scanned) return scanned;
  }
  // a line with a word the file lacks matches nowhere: no need for this level's index
  if (file.wordsPresent(old.map((l) => l.text), !file.hasIndex(level) && level >= Level.Loose).includes(false)) return [];
  const starts = findRuns(file.index(level), keys, lo, hi, Infinity, file.meter);
  file.meter.charge(2 * starts.length);
  return starts.map((start) => ({ start, level }));
}

/** findMatches without the index; null when its work would pass the file's scan allowance. */
function scanMatches(file: KeyedLines, old: OldLine[], keys: string[], level: Level, lo: number, hi: number): Match[] | null {
  const n = old.length;
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
  const allowance = searchAllowance(file, hi - lo + n);
  if (!hits && count > allowance) return null;
  let work = hits ? 0 : Math.max(0, count);
  for (let t = 0; t < count; t++) {
    const i = hits ? hits[t] : from + t;
    if (i < from) continue;
    if (i >= end) break;
    if (level === Level.Exact) {
      if (lines[i] !== akey) continue;
    } else if (file.key(level, i) !== akey) continue;
    const p = i - a;
    let ok = true;
    let j = 0;
    for (; j < n; j++) {
      if (j === a) continue;
      if (file.key(level, p + j) !== keys[j]) {
        ok = false;
        break;
      }
    }
    work += j + 1;
    if (work > allowance) {
      file.noteScan(work);
      return null;
    }
    if (ok) out.push({ start: p, level });
  }
  file.noteScan(work);
  return out;
}

/**
 * Every start position where `old` matches at level 3 except for exactly one context line
 * that is similar enough (see FUZZY_* constants). Needs at least 3 old lines. Positions where
 * all lines match are not reported (level 3 finds those). Like findMatches, the first searches
 * filter the file's lines directly and later ones use the level-3 index.
 */
export function findFuzzyMatches(file: KeyedLines, old: OldLine[], range?: Range): Match[] {
  const n = old.length;
  const N = file.lines.length;
  const lo = range?.lo ?? 0;
  const hi = Math.min(range?.hi ?? N, N);
  if (n < 3 || hi - lo < n) return [];
  const keys = old.map((l) => keyOf(Level.Unicode, l.text));
  let windows: Array<{ start: number; wrong: number }> | null = null;
  if (!file.hasIndex(Level.Unicode) && file.scanAllowance() > 0) windows = scanFuzzyWindows(file, old, keys, lo, hi);
  if (!windows) {
    // only one line may differ, and never a removed or pinned one: more lines with a word the
    // file lacks match nowhere (see KeyedLines.wordsPresent)
    const present = file.wordsPresent(old.map((l) => l.text), !file.hasIndex(Level.Unicode));
    const absent = old.filter((_, j) => !present[j]);
    if (absent.length > 1 || absent.some((l) => l.removed || l.pinned)) return [];
    windows = indexedFuzzyWindows(file, old, keys, lo, hi);
  }
  let support = 0;
  for (const k of keys) if (k.length >= 4) support++;
  // identical windows (a repetitive file) ask for the same similarity: compute it once
  const sims = new Map<string, number>();
  const out: Match[] = [];
  for (const { start: p, wrong } of windows) {
    const l = old[wrong];
    if (l.removed || l.pinned || isBlank(l.text)) continue;
    if (support - (keys[wrong].length >= 4 ? 1 : 0) < FUZZY_MIN_SUPPORT) continue;
    const fileKey = file.key(Level.Unicode, p + wrong);
    const memo = `${wrong}\u0000${fileKey}`;
    let sim = sims.get(memo);
    if (sim === undefined) {
      file.meter.charge(Math.min(keys[wrong].length, 400) * Math.min(fileKey.length, 400) / 8 + 1);
      sim = similarity(keys[wrong], fileKey);
      sims.set(memo, sim);
    }
    if (sim < FUZZY_MIN_SIMILARITY) continue;
    out.push({ start: p, level: Level.Fuzzy, fuzzy: { index: wrong, similarity: Math.round(sim * 1000) / 1000 } });
  }
  return out;
}

/**
 * The windows of [lo, hi) where exactly one old line's level-3 key differs from the file's, and
 * which line, found from anchor lines filtered by substring search; null when the work would
 * pass the scan allowance. Only windows a fuzzy match could be are kept: one whose differing
 * line is removed, pinned or blank is dropped (the caller checks that again).
 */
function scanFuzzyWindows(file: KeyedLines, old: OldLine[], keys: string[], lo: number, hi: number): Array<{ start: number; wrong: number }> | null {
  const n = old.length;
  // Any fuzzy window has at most one wrong line, so it matches at one of two distinct anchors;
  // a removed line can never be the wrong one, so one removed anchor is enough.
  const removedAnchor = old.findIndex((l) => l.removed && longestWord(l.text).length >= 3);
  const anchors = removedAnchor >= 0 ? [removedAnchor] : [pickAnchor(old, -1)];
  if (removedAnchor < 0) anchors.push(pickAnchor(old, anchors[0]));
  const allowance = searchAllowance(file, hi - lo + n);
  let work = 0;
  const starts = new Set<number>();
  for (const a of anchors) {
    if (a < 0) continue;
    const token = longestWord(old[a].text);
    const from = lo + a;
    const end = hi - (n - 1 - a);
    const hits = token ? file.linesContaining(token) : null;
    const count = hits ? hits.length : end - from;
    work += Math.max(0, count);
    if (work > allowance) {
      file.noteScan(work);
      return null;
    }
    for (let t = 0; t < count; t++) {
      const i = hits ? hits[t] : from + t;
      if (i < from) continue;
      if (i >= end) break;
      if (file.key(Level.Unicode, i) === keys[a]) starts.add(i - a);
    }
  }
  const out: Array<{ start: number; wrong: number }> = [];
  for (const p of [...starts].sort((x, y) => x - y)) {
    let wrong = -1;
    let ok = true;
    let j = 0;
    for (; j < n; j++) {
      if (file.key(Level.Unicode, p + j) === keys[j]) continue;
      if (wrong >= 0 || old[j].removed || old[j].pinned || isBlank(old[j].text)) {
        ok = false;
        break;
      }
      wrong = j;
    }
    work += j + 1;
    if (work > allowance) {
      file.noteScan(work);
      return null;
    }
    if (ok && wrong >= 0) out.push({ start: p, wrong });
  }
  file.noteScan(work);
  return out;
}

/** scanFuzzyWindows from the level-3 index: the positions of the rarest anchors, or one linear pass. */
function indexedFuzzyWindows(file: KeyedLines, old: OldLine[], keys: string[], lo: number, hi: number): Array<{ start: number; wrong: number }> {
  const n = old.length;
  const idx = file.index(Level.Unicode);
  const pattern = Int32Array.from(keys, (k) => idx.idOf(k));
  // A line that cannot be the wrong one must match: one such anchor finds every window. Else
  // any two lines do (a window has at most one wrong line): the two rarest.
  const byCount = (j: number) => idx.count(pattern[j]);
  const order = Array.from({ length: n }, (_, j) => j).sort((x, y) => byCount(x) - byCount(y) || x - y);
  const fixed = order.find((j) => old[j].removed || old[j].pinned || isBlank(old[j].text));
  const anchors = fixed !== undefined ? [fixed] : order.slice(0, 2);
  const candidates = anchors.reduce((s, a) => s + byCount(a), 0);
  const pass = hi - lo + n;
  const text = idx.ids;
  if (candidates * Math.min(n, 8) > pass) {
    file.meter.charge(2 * pass);
    return oneMismatchRuns(text, lo, hi, pattern);
  }
  const starts = new Set<number>();
  for (const a of anchors) {
    const at = idx.positions(pattern[a]);
    for (let k = lowerBound(at, lo + a); k < at.length && at[k] - a + n <= hi; k++) starts.add(at[k] - a);
  }
  const out: Array<{ start: number; wrong: number }> = [];
  let work = candidates;
  for (const p of [...starts].sort((x, y) => x - y)) {
    let wrong = -1;
    let j = 0;
    for (; j < n; j++) {
      if (text[p + j] === pattern[j]) continue;
      if (wrong >= 0) break;
      wrong = j;
    }
    work += j + 1;
    if (j === n && wrong >= 0) out.push({ start: p, wrong });
  }
  file.meter.charge(work);
  return out;
}

/**
 * What one search may cost without the index: what is left of the file's allowance, and no
 * more than a few passes over the searched lines (a search that would check every line of a
 * repetitive file against a long hunk is cheaper through the index at once).
 */
function searchAllowance(file: KeyedLines, pass: number): number {
  return Math.min(file.scanAllowance(), 4 * pass + 1024);
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

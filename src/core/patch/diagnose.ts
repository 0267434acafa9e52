/**
 * Failure diagnostics: which line of an edit did not match, and the nearest line of the file.
 * Only single lines of the file are ever returned, never its content.
 */
import { KeyedLines, Level, OldLine, keyOf } from './match';
import { longestWord } from '../text/keys';
import { similarity } from '../text/similarity';

export interface Diagnosis {
  /** Index (into the old lines) of the first line that did not match at the best partial placement. */
  index: number;
  /** The nearest file line to that old line. */
  found?: { line_number: number; similarity: number; text: string };
  /** 0-based file line where old line 0 stands at the best partial placement; absent when no line matched anywhere. */
  placement?: number;
}

const MAX_ANCHORS = 3;
const clip = (s: string) => (s.length > 200 ? s.slice(0, 200) + '…' : s);

/**
 * Find the placement of `old` that matches the most lines (level 3, all-whitespace and
 * punctuation tolerant), preferring the one nearest `hint` (0-based) on ties, and report its
 * first mismatching line. When no line matches anywhere, report the first non-blank old line
 * and the most similar file line (see nearestLine).
 */
export function diagnose(file: KeyedLines, old: OldLine[], hint?: number): Diagnosis {
  const N = file.lines.length;
  const keys = old.map((l) => keyOf(Level.Unicode, l.text));
  const order = old
    .map((l, j) => ({ j, w: longestWord(l.text).length }))
    .filter((x) => x.w >= 3)
    .sort((a, b) => b.w - a.w)
    .slice(0, MAX_ANCHORS);
  const starts = new Set<number>();
  // the lines equal to an anchor at level 3: from the index once the file has one (or once
  // searching the text again is dearer than making it), else by substring search
  const idx = file.hasIndex(Level.Unicode) || file.scanAllowance() <= 0 ? file.index(Level.Unicode) : undefined;
  for (const { j } of order) {
    if (idx) {
      for (const i of idx.positions(idx.idOf(keys[j]))) starts.add(i - j);
      continue;
    }
    for (const i of file.linesContaining(longestWord(old[j].text))) {
      if (file.key(Level.Unicode, i) === keys[j]) starts.add(i - j);
    }
  }
  file.meter.charge(starts.size * old.length);
  let best = -1;
  let bestScore = 0;
  for (const p of starts) {
    let score = 0;
    for (let j = 0; j < old.length; j++) {
      const i = p + j;
      if (i >= 0 && i < N && file.key(Level.Unicode, i) === keys[j]) score++;
    }
    const closer = hint !== undefined && best >= 0 && Math.abs(p - hint) < Math.abs(best - hint);
    if (score > bestScore || (score === bestScore && closer)) {
      best = p;
      bestScore = score;
    }
  }
  if (best > -Infinity && bestScore > 0) {
    for (let j = 0; j < old.length; j++) {
      const i = best + j;
      if (i >= 0 && i < N && file.key(Level.Unicode, i) === keys[j]) continue;
      if (i < 0 || i >= N) return { index: j, placement: best };
      return { index: j, placement: best, found: { line_number: i + 1, similarity: round(similarity(keys[j], file.key(Level.Unicode, i))), text: clip(file.lines[i]) } };
    }
  }
  const j = Math.max(0, old.findIndex((l) => l.text.trim() !== ''));
  return { index: j, found: nearestLine(file, old[j]?.text ?? '', hint) };
}

/**
 * The file line most similar to `text`: among the lines sharing one of its three longest
 * ASCII words (found by native substring search, at most MAX_NEAREST of them, those nearest
 * to `hint` first), the one with the best Levenshtein ratio. Undefined when no line shares a
 * word: then no line is plausibly "the same line, slightly wrong".
 */
export function nearestLine(file: KeyedLines, text: string, hint?: number): Diagnosis['found'] {
  const N = file.lines.length;
  const t = text.trim();
  if (!N || !t) return undefined;
  // each call searches the whole text for up to three words: a patch whose hundreds of hunks
  // match nothing gets the nearest line for its first failures only (the ones a result lists)
  if (!file.takeNearestSearch()) return undefined;
  const words = (t.match(/[A-Za-z0-9_]{2,}/g) ?? []).sort((a, b) => b.length - a.length).slice(0, 3);
  if (!words.length) return undefined;
  const center = Math.min(Math.max(hint ?? 0, 0), N - 1);
  const hits = [...new Set(words.flatMap((w) => [...file.linesContaining(w)]))];
  hits.sort((a, b) => Math.abs(a - center) - Math.abs(b - center));
  let best = -1;
  let bestSim = 0;
  for (const i of hits.slice(0, MAX_NEAREST)) {
    const s = similarity(t, file.lines[i].trim());
    if (s > bestSim) {
      bestSim = s;
      best = i;
    }
  }
  if (best < 0) return undefined;
  return { line_number: best + 1, similarity: round(bestSim), text: clip(file.lines[best]) };
}

const MAX_NEAREST = 64;

const round = (x: number) => Math.round(x * 100) / 100;

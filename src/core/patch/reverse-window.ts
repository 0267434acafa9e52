/**
 * Could a hunk that only adds lines at the edges of its context be a repeat at the place its
 * whole patch chose? Its reverse (the hunk undone) would have to place on lines that hold that
 * place, and in the reverse the added lines are removed ones, which match only at the
 * whitespace-and-punctuation tier or stricter, never as the fuzzy tier's one wrong line
 * (match.ts). So unless every added line stands, at that tier, on the file's line beside the
 * place for some alignment of the reverse that covers it, the reverse cannot contain the
 * place and the forward placement is the answer, with no search of the file.
 *
 * The check reads only the few file lines around the place: (a + b + 1) alignments of the a + b
 * added lines, so it is bounded by the hunk's size (edges larger than MAX_EDGE are left to the
 * full reverse placement).
 */
import type { Hunk } from './parse';
import { unicodeKey, longestWord } from '../text/keys';

const ASCII = /^[\x00-\x7f]*$/;
const BLANKS = /\s+/g;

/** Edges of more added lines than this are not pre-checked (the reverse is placed in full). */
export const MAX_EDGE = 64;

/**
 * `before` and `after`: the file lines just before the place (nearest last) and from the place
 * on (its old side, then what follows), as many as the file has up to the added lines' count.
 * True when some alignment of the reverse covering the place has every added line on a file
 * line with the same key, or when the hunk is outside what this check reads (then the reverse
 * must be placed).
 */
export function reverseMayHold(h: Hunk, before: string[], after: string[]): boolean {
  const added = h.lines.filter((l) => l.kind === '+').length;
  if (added > MAX_EDGE) return true;
  const fileKeys = new Map<number, string>();
  // an added line's longest word must stand in the file line for the keys to be equal
  // (text/keys.ts), so most lines are rejected by a substring test before any key is made
  const addedAt: Array<{ j: number; text: string; word?: string; key?: string }> = [];
  h.lines.forEach((l, j) => {
    if (l.kind === '+') addedAt.push({ j, text: l.text });
  });
  const same = (a: (typeof addedAt)[number], k: number): boolean => {
    const text = k < 0 ? before[-k - 1] : after[k];
    if (text === undefined) return false;
    const word = (a.word ??= longestWord(a.text));
    if (word && text.indexOf(word) < 0) return false;
    // equal keys have equal non-blank characters once typographic punctuation is folded, which
    // an ASCII line has none of: a cheaper test first
    if (ASCII.test(text) && ASCII.test(a.text) && text.replace(BLANKS, '') !== a.text.replace(BLANKS, '')) return false;
    let key = fileKeys.get(k);
    if (key === undefined) fileKeys.set(k, (key = unicodeKey(text)));
    return key === (a.key ??= unicodeKey(a.text));
  };
  // the reverse starts s lines before the place and spans its context and added lines, so it
  // covers the place's context lines for s from 0 to the number of added lines
  for (let s = 0; s <= added; s++) {
    if (addedAt.every((a) => same(a, a.j - s))) return true;
  }
  return false;
}

/**
 * The lines of `raw` around the line that starts at offset `at`: up to `count` before it
 * (nearest last) and `count` from it on, without their line breaks. Reads only those lines.
 */
export function linesAround(raw: string, at: number, count: number): { before: string[]; after: string[] } {
  const before: string[] = [];
  let end = at;
  while (before.length < count && end > 0) {
    const start = end < 2 ? 0 : raw.lastIndexOf('\n', end - 2) + 1;
    before.push(stripCR(raw.slice(start, end - 1)));
    end = start;
  }
  const after: string[] = [];
  let pos = at;
  while (after.length < count && pos <= raw.length) {
    const nl = raw.indexOf('\n', pos);
    const stop = nl < 0 ? raw.length : nl;
    after.push(stripCR(raw.slice(pos, stop)));
    if (nl < 0) break;
    pos = nl + 1;
  }
  return { before, after };
}

const stripCR = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);

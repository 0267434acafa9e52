/**
 * Could a replacement whose new_text contains its old_text be a repeat at the occurrences the
 * fast path found? It is one only when new_text, searched as old_text is (exactly, or as whole
 * lines at the tolerant tiers), is found on lines that hold an occurrence
 * (core/already-applied.ts). Such a match lies within a few lines of the occurrence, so this
 * reads only those lines: new_text itself, or one of its lines that old_text lacks, at the
 * loosest tier's key (lines without that line's longest word are not keyed). When neither stands there, the fast path's answer is the rule's answer;
 * otherwise the general path weighs both readings.
 *
 * Linear: each occurrence reads a window of about twice new_text's line count around it, and
 * the caller passes only the occurrences it will replace.
 */
import { unicodeKey, longestWord } from '../text/keys';
import { linePattern } from './line-pattern';
import { listingPlan } from './lineNumbers';

/** Lines beyond new_text's own count on each side (a match's span takes the line breaks around it). */
const MARGIN = 3;

/**
 * `occurrences`: [start, end) offsets of old_text in `raw`; `oldLF`, `newLF`: the texts with
 * LF line breaks. True when the general path must decide.
 */
export function mayBeRepeat(raw: string, occurrences: Array<[number, number]>, oldLF: string, newLF: string): boolean {
  const newLines = newLF.split('\n');
  const pat = linePattern(newLines);
  // line-number prefixes are stripped before a tolerant search: the general path knows how
  if (listingPlan(pat.core, oldLF.split('\n')).kind !== 'none') return true;
  const anchor = anchorLine(pat.core, oldLF);
  const reach = newLines.length + MARGIN;
  for (const [at, end] of occurrences) {
    const from = lineStartBefore(raw, at, reach);
    // up to and with the last line's break, so a CRLF is never cut in two
    const to = lineEndAfter(raw, end, reach);
    let window = raw.slice(from, to + 1);
    if (window.indexOf('\r') >= 0) {
      window = window.replace(/\r\n/g, '\n');
      // a lone CR is a line break to the editor's model: leave such text to the general path
      if (window.indexOf('\r') >= 0) return true;
    }
    if (window.indexOf(newLF) >= 0) return true;
    if (anchor && anchorStands(window, anchor)) return true;
  }
  return false;
}

interface Anchor {
  key: string;
  /** Its longest word: every line equal to it at any tier contains this verbatim (text/keys.ts). */
  word: string;
}

/**
 * A line a tolerant match of new_text must show: among new_text's non-blank lines, preferably
 * one that is not one of old_text's lines (those stand in the file before the edit, too), the
 * one with the longest word. Undefined when no line can anchor a tolerant match (all blank:
 * none is tried).
 */
function anchorLine(core: string[], oldLF: string): Anchor | undefined {
  const oldLines = new Set(oldLF.split('\n').map((l) => l.trim()));
  let best: string | undefined;
  let bestWord = '';
  let fallback: string | undefined;
  for (const line of core) {
    if (!line.trim()) continue;
    fallback ??= line;
    if (oldLines.has(line.trim())) continue;
    const word = longestWord(line);
    if (best === undefined || word.length > bestWord.length) {
      best = line;
      bestWord = word;
    }
  }
  const line = best ?? fallback;
  return line === undefined ? undefined : { key: unicodeKey(line), word: longestWord(line) };
}

/** Whether a line of `window` has the anchor's key (lines without its word are skipped unread). */
function anchorStands(window: string, anchor: Anchor): boolean {
  if (anchor.word && window.indexOf(anchor.word) < 0) return false;
  return window.split('\n').some((l) => (!anchor.word || l.indexOf(anchor.word) >= 0) && unicodeKey(l) === anchor.key);
}

/** The offset of the start of the line `count` lines above the one holding `at` (or 0). */
function lineStartBefore(raw: string, at: number, count: number): number {
  if (at === 0) return 0;
  let pos = raw.lastIndexOf('\n', at - 1);
  for (let k = 0; k < count && pos > 0; k++) pos = raw.lastIndexOf('\n', pos - 1);
  return pos < 0 ? 0 : pos + 1;
}

/** The offset of the end of the line `count` lines below the one holding `end` (or the text's end). */
function lineEndAfter(raw: string, end: number, count: number): number {
  let pos = raw.indexOf('\n', end);
  for (let k = 0; k < count && pos >= 0; k++) pos = raw.indexOf('\n', pos + 1);
  return pos < 0 ? raw.length : pos;
}

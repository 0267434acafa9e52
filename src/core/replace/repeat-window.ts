/**
 * Could a replacement whose new_text contains its old_text be a repeat at the occurrences the
 * fast path found? It is one only when new_text, searched as old_text is (exactly, or as whole
 * lines at the tolerant tiers), is found on lines that hold an occurrence
 * (core/already-applied.ts). Such a match lies within a few lines of the occurrence, so this
 * reads only those lines: new_text itself, or one of its lines that old_text lacks, at the
 * loosest tier's key. When neither stands there, the fast path's answer is the rule's answer;
 * otherwise the general path weighs both readings.
 *
 * Linear: each occurrence reads a window of about twice new_text's line count around it, and
 * the caller passes only the occurrences it will replace.
 */
import { unicodeKey } from '../text/keys';
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
  const anchor = anchorKey(pat.core, oldLF);
  const reach = newLines.length + MARGIN;
  for (const [at, end] of occurrences) {
    const from = lineStartBefore(raw, at, reach);
    const to = lineEndAfter(raw, end, reach);
    const window = raw.slice(from, to).replace(/\r\n/g, '\n');
    // a lone CR is a line break to the editor's model: leave such text to the general path
    if (window.indexOf('\r') >= 0) return true;
    if (window.indexOf(newLF) >= 0) return true;
    if (anchor !== undefined && window.split('\n').some((l) => unicodeKey(l) === anchor)) return true;
  }
  return false;
}

/**
 * The key a tolerant match of new_text must show on some line: the longest key among
 * new_text's non-blank lines that are not old_text's lines (those stand in the file before the
 * edit, too). Undefined when no line can anchor a tolerant match (all blank: none is tried).
 */
function anchorKey(core: string[], oldLF: string): string | undefined {
  const oldKeys = new Set(oldLF.split('\n').map(unicodeKey));
  let best: string | undefined;
  let fallback: string | undefined;
  for (const line of core) {
    if (!line.trim()) continue;
    const key = unicodeKey(line);
    fallback ??= key;
    if (!oldKeys.has(key) && (best === undefined || key.length > best.length)) best = key;
  }
  return best ?? fallback;
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

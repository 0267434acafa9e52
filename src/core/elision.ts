/**
 * Elision markers: lines a model writes to mean "the original lines go here, unchanged",
 * such as `// ... existing code ...`, `# ...`, `<!-- ... -->`, `/* ... *\/`,
 * `// rest of the file unchanged`, `... keep existing imports ...`.
 *
 * Written to a file, such a line silently deletes the code it stands for, so write_file and
 * the `+` side of patches refuse it (ELISION_BLOCKED); inside a hunk's context the patch engine
 * resolves it against the file instead.
 *
 * A line is a marker when, after removing comment delimiters, it is
 * - only an ellipsis ("...", "…", ". . ."), or
 * - an ellipsis together with a "standing-for" word (existing, unchanged, rest, remaining,
 *   omitted, same, keep, previous, other, more, etc, snip), or
 * - a comment holding a "standing-for" phrase without an ellipsis: "rest of (the) X (is)
 *   unchanged", "existing code", "unchanged code", "remaining code", "code omitted", "keep existing X".
 * Real code almost never has such a line; where it does (Python's `...` body, a literal
 * comment), the line already exists in the base text, and callers pass that text so the
 * line is not treated as a marker.
 */

import { splitRows } from './text/split';

const COMMENT_DELIMS = /^(?:\/\/+|#+|--+|;+|%+|\/\*+|\*+|<!--|\{\/\*)\s*|\s*(?:\*+\/|-->|\*\/\}|\*+)$/gi;
const STAND_FOR_WORDS = /\b(?:existing|unchanged|rest|remaining|remain|omitted|omit|same|keep|kept|previous|other|more|etc|snip|snipped|elided|truncated|as before|code here|content)\b/i;
const QUICK_WORDS = /existing|unchanged|rest of|remaining|omitted|original|previous/i;
const PHRASES = [
  /\brest of (?:the )?[\w\s.-]*\b(?:unchanged|remains?|same|as (?:is|before)|omitted)\b/i,
  /\b(?:existing|unchanged|remaining|previous|original) (?:code|content|lines|implementation|methods|functions|imports|tests|logic|body|fields|properties|cases|entries|items|config)\b/i,
  /\b(?:code|content|lines|implementation) (?:omitted|unchanged|elided|remains? (?:the )?(?:same|unchanged))\b/i,
  /\bkeep (?:the )?(?:existing|rest|remaining|original|same)\b/i,
];

/** The characters of the regex class `\s`. */
const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

// The two ellipsis tests are hand-written scans, not regexes: the obvious pattern for "only
// ellipses", /^(?:(?:\.\s*){3,}|…)+$/, backtracks exponentially on a long run of dots that
// is followed by anything else (PHPUnit's progress line "....  63 / 120" froze the host).

/** True when `t` holds an ellipsis: three or more dots (whitespace allowed after each dot), or "…". */
function hasEllipsis(t: string): boolean {
  let dots = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 0x2e) {
      if (++dots >= 3) return true;
    } else if (c === 0x2026) return true;
    else if (!isSpace(c)) dots = 0;
  }
  return false;
}

/**
 * True when `t` is nothing but ellipses: runs of three or more dots (whitespace allowed after
 * each dot) and "…" characters, starting with one of them.
 */
function isOnlyEllipsis(t: string): boolean {
  if (t === '') return false;
  let dots = 0; // dots of the current run
  let afterDot = false; // whitespace may follow a dot, nothing else
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 0x2e) {
      dots++;
      afterDot = true;
    } else if (c === 0x2026) {
      if (dots > 0 && dots < 3) return false;
      dots = 0;
      afterDot = false;
    } else if (!isSpace(c) || !afterDot) return false;
  }
  return dots === 0 || dots >= 3;
}

const hasCommentDelimiter = (l: string): boolean =>
  l.indexOf('//') >= 0 || l.indexOf('#') >= 0 || l.indexOf('/*') >= 0 || l.indexOf('<!--') >= 0 || l.indexOf('--') >= 0 || l.indexOf(';') >= 0;

/** The text of a line with comment delimiters and surrounding whitespace removed. */
function stripComment(line: string): string {
  let t = line.trim();
  for (let k = 0; k < 3; k++) {
    const next = t.replace(COMMENT_DELIMS, '').trim();
    if (next === t) break;
    t = next;
  }
  return t;
}

/** True when `line` is an elision marker (see the module comment). Case-insensitive. */
export function isElisionMarker(line: string): boolean {
  // fast exit for ordinary code: every marker has an ellipsis, or is a comment with a phrase
  if (line.indexOf('..') < 0 && line.indexOf('\u2026') < 0 && !(hasCommentDelimiter(line) && QUICK_WORDS.test(line))) return false;
  const trimmed = line.trim();
  if (trimmed.length < 3 || trimmed.length > 160) return false;
  const hadComment = stripComment(trimmed) !== trimmed;
  const t = stripComment(trimmed);
  if (t === '') return false;
  if (isOnlyEllipsis(t)) return true;
  if (hasEllipsis(t) && STAND_FOR_WORDS.test(t)) {
    // Inside a comment this is a marker. Bare, the ellipsis must stand apart as its own word:
    // "...args" or "f(...rest)" is code (a spread), "... existing code ..." is not.
    return hadComment || /(?:^|\s)(?:\.{3}|\u2026)(?:\s|$)/.test(t);
  }
  // a phrase without an ellipsis counts only inside a comment
  if (PHRASES.some((p) => p.test(t))) return hadComment;
  return false;
}

export interface ElisionMarker {
  /** 1-based line number in the scanned text. */
  line_number: number;
  text: string;
}

/**
 * Every marker line of `text` (1-based line numbers). Lines that also occur, trimmed, as a
 * line of `baseText` are not markers: they are the file's own code.
 */
export function findElisionMarkers(text: string, baseText?: string): ElisionMarker[] {
  const base = baseText === undefined ? null : baseLineSet(baseText);
  const out: ElisionMarker[] = [];
  const lines = splitRows(text);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (isElisionMarker(l) && !(base && base.has(l.trim()))) out.push({ line_number: i + 1, text: l });
  }
  return out;
}

/**
 * True when `newText` contains a marker line that `oldText` (when given) does not already
 * contain: writing it would replace real code by a placeholder.
 */
export function containsElision(newText: string, oldText?: string): boolean {
  return findElisionMarkers(newText, oldText).length > 0;
}

/** The set of trimmed lines of a text (for "does this marker already exist in the file"). */
export function baseLineSet(text: string): Set<string> {
  const s = new Set<string>();
  for (const l of text.split('\n')) s.add(l.trim());
  return s;
}

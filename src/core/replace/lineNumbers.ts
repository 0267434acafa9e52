/**
 * Line-number prefixes copied from a numbered listing ("12: x", "12\tx", "  12 | x", "12→x").
 *
 * old_text is a listing only when EVERY line carries a prefix, in the same format, with
 * consecutive numbers: then it is certainly copied from a listing, not code that starts with
 * numbers. The prefixes are stripped only when the stripping is consistent across old_text and
 * new_text (see listingPlan): stripping one side and writing the other as given is how
 * "1 | function test() {" lands in a file.
 */
const PREFIX = /^(\s*)(\d+)(: ?|:\t|\t| ?\| ?|→)/;

/** The separator of a line's prefix ("|", ":", "\t", "→"), or null when it has none. */
function shapeOf(line: string): { sep: string; n: number; len: number } | null {
  const m = PREFIX.exec(line);
  if (!m) return null;
  return { sep: m[3].trim() || m[3], n: Number(m[2]), len: m[0].length };
}

/**
 * The lines without their prefixes, or null when the text is not a numbered listing.
 * With `requireConsecutive` false (for new_text, whose added lines may be numbered loosely),
 * the numbers need only not decrease, and empty lines may lack a prefix.
 */
export function stripLineNumbers(lines: string[], requireConsecutive = true): string[] | null {
  const r = parseListing(lines, requireConsecutive);
  return r ? r.lines : null;
}

function parseListing(lines: string[], strict: boolean): { lines: string[]; sep: string } | null {
  if (!lines.length) return null;
  let sep: string | null = null;
  let prev = -1;
  const out: string[] = [];
  for (const l of lines) {
    const p = shapeOf(l);
    if (!p && !strict && l.trim() === '') {
      out.push(l);
      continue;
    }
    if (!p) return null;
    if (sep === null) sep = p.sep;
    else if (p.sep !== sep) return null;
    if (prev >= 0 && (strict ? p.n !== prev + 1 : p.n < prev)) return null;
    prev = p.n;
    out.push(l.slice(p.len));
  }
  return sep === null ? null : { lines: out, sep };
}

export type ListingPlan =
  /** old_text is not a listing */
  | { kind: 'none' }
  /** strip: old_text's prefixes, and new_text's when it has them too */
  | { kind: 'strip'; old: string[]; neu: string[]; note: string }
  /** old_text is a listing but new_text only partly (or in another format): take both literally */
  | { kind: 'inconsistent'; reason: string };

/** Whether and how to strip line-number prefixes from old_text (its lines without the line breaks around) and new_text. */
export function listingPlan(oldCore: string[], newLines: string[]): ListingPlan {
  const old = parseListing(oldCore, true);
  if (!old) return { kind: 'none' };
  if (!newLines.some((l) => shapeOf(l))) {
    return { kind: 'strip', old: old.lines, neu: newLines, note: 'line-number prefixes were removed from old_text (new_text has none)' };
  }
  const neu = parseListing(newLines, false);
  if (neu && neu.sep === old.sep) return { kind: 'strip', old: old.lines, neu: neu.lines, note: 'line-number prefixes were removed from old_text and new_text' };
  return {
    kind: 'inconsistent',
    reason: `every line of old_text starts with a line-number prefix ('${oldCore[0].slice(0, shapeOf(oldCore[0])!.len).trim()}'), but new_text's lines carry one only in part or in another format, so the prefixes were not removed from either`,
  };
}

/**
 * A warning when new_text is a numbered listing that will be written as given (old_text was
 * taken literally): the prefixes then land in the file, which the caller should know.
 */
export function listingWarning(oldCore: string[], newLines: string[]): string | undefined {
  const nonBlank = newLines.filter((l) => l.trim() !== '');
  if (nonBlank.length < 2 || parseListing(oldCore, true) || !parseListing(newLines, false)) return undefined;
  return 'warning: every line of new_text starts with what looks like a line-number prefix, and old_text has none; new_text was written as given, prefixes included';
}

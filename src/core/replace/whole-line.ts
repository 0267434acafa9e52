/**
 * How an exact occurrence of a one-line old_text is written when it is its line's whole
 * content: only whitespace before it on its line, and after it the line's end, a line break
 * old_text ends with, or only trailing whitespace.
 *
 * - The line's indentation (the text before the occurrence) is kept in front of new_text's
 *   first line, as a substring replacement would.
 * - new_text's other lines are written as sent when they already stand at the file line's
 *   indentation or deeper (new_text was written in the file's terms: the match was exact, so
 *   nothing was learned that could move them). Otherwise they were written at old_text's
 *   indentation and take the same shift (text/newIndent.ts decides, and refuses when new_text
 *   fits neither reading).
 * - Trailing whitespace after the occurrence is not carried onto the new line: it was not part
 *   of what old_text named, and new_text says how the line ends.
 */
import { leadingWs, reindent } from '../text/indent';
import { readNewIndent, AMBIGUOUS_NEW_INDENT } from '../text/newIndent';

export interface WholeLine {
  /** The lines replacing the file's, from the occurrence's line to the end of `suffix`. */
  lines: string[];
  /** new_text took the indentation shift old_text needed (reported as the 'indent' tier). */
  shifted: boolean;
}

/**
 * `prefix`: the file line's text before the occurrence; `suffix`: the file's text after it to
 * the end of the line where it ends (for an old_text ending in a line break, the next line).
 * Null when the occurrence is not a whole line's content, or when a plain substring
 * replacement already writes it as this would; a refusal's reason when new_text's
 * indentation cannot be placed.
 */
export function wholeLineText(prefix: string, oldN: string, newN: string, suffix: string): WholeLine | string | null {
  if (prefix.trim()) return null;
  const parts = oldN.split('\n');
  const trailingNL = parts.length === 2 && parts[1] === '';
  if (parts.length > (trailingNL ? 2 : 1)) return null;
  const core = parts[0];
  if (!core.trim()) return null;
  const trailingWs = !trailingNL && suffix !== '' && suffix.trim() === '';
  if (!trailingNL && suffix !== '' && !trailingWs) return null;
  if (!prefix && !trailingWs) return null;
  const kept = trailingWs ? '' : suffix;
  const newLines = newN.split('\n');
  const fileIndent = prefix + leadingWs(core);
  const first = newLines[0];
  const firstAfterPrefix = first.trim() !== '' && leadingWs(first) === leadingWs(core);
  const restInFileTerms = newLines.slice(1).every((l) => !l.trim() || l.startsWith(fileIndent));
  let lines: string[];
  let shifted = false;
  if (!prefix || (firstAfterPrefix && restInFileTerms)) {
    lines = [prefix + first, ...newLines.slice(1)];
  } else {
    const reading = readNewIndent([core], [fileIndent + core.slice(leadingWs(core).length)], newLines);
    if (reading === 'ambiguous') return AMBIGUOUS_NEW_INDENT;
    if (reading === 'keep') lines = newLines;
    else {
      lines = newLines.map((l) => reindent(l, { kind: 'add', prefix }) ?? l);
      shifted = true;
    }
  }
  lines[lines.length - 1] += kept;
  return { lines, shifted };
}

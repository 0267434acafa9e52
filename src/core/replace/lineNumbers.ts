/**
 * Line-number prefixes copied from a numbered listing ("12: x", "12\tx", "  12 | x", "12→x").
 *
 * Stripped only when EVERY line carries one, in the same format, and the numbers are
 * consecutive: then the text is certainly a listing, not code that starts with numbers.
 */
const PREFIX = /^(\s*)(\d+)(: ?|:\t|\t| ?\| ?|→)/;

/**
 * The lines without their prefixes, or null when the text is not a numbered listing.
 * With `requireConsecutive` false (for new_text, whose added lines may carry any number),
 * the numbers may be anything and empty lines may lack a prefix.
 */
export function stripLineNumbers(lines: string[], requireConsecutive = true): string[] | null {
  if (!lines.length) return null;
  let sep: string | null = null;
  let prev = -1;
  const out: string[] = [];
  for (const l of lines) {
    const m = PREFIX.exec(l);
    if (!m && !requireConsecutive && l === '') {
      out.push(l);
      continue;
    }
    if (!m) return null;
    const s = m[3].trim() || m[3];
    if (sep === null) sep = s;
    else if (s !== sep) return null;
    const n = Number(m[2]);
    if (requireConsecutive && prev >= 0 && n !== prev + 1) return null;
    prev = n;
    out.push(l.slice(m[0].length));
  }
  return out;
}

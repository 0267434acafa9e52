/**
 * Windows device names. Windows maps them to devices in ANY directory and whatever the
 * extension ("aux.txt", "con.tar.gz"), the case ("Con"), or trailing spaces before the dot
 * ("CON .txt"). COM/LPT with superscript digits ¹²³ are devices too. We refuse them on every
 * platform: a repository is shared, and a file named "aux.c" created on Linux breaks every
 * Windows checkout of it.
 */
const RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$|clock\$)$/i;

/**
 * True when one path segment (no separators) names a Windows device. The stem is the part
 * before the first dot, with trailing spaces removed, as Win32 path parsing does.
 */
export function isWindowsReservedName(segment: string): boolean {
  const dot = segment.indexOf('.');
  const stem = (dot === -1 ? segment : segment.slice(0, dot)).replace(/ +$/, '');
  return RESERVED.test(stem);
}

/** Characters Windows forbids in names (besides `:`, `\`, `/` and controls, checked elsewhere). */
export const WINDOWS_INVALID_CHARS = /[<>"|?*]/;

import { Failure } from '../types';
import { pathDenied, quotePath } from './deny';
import { fileUriToPath } from './file-uri';
import { isWindowsReservedName, WINDOWS_INVALID_CHARS } from './windows-names';

/** Longest path accepted, in UTF-16 code units (Linux PATH_MAX is 4096 bytes). */
export const MAX_PATH_LENGTH = 4096;
/** Longest single name accepted, in UTF-8 bytes (NAME_MAX on Linux, NTFS and APFS). */
export const MAX_SEGMENT_BYTES = 255;

/** A path that passed the syntactic checks, ready to be resolved against the workspace. */
export interface CheckedPath {
  ok: true;
  /** The path to resolve: the input itself, or the decoded path of a `file:` URI. */
  path: string;
  /** True for `/x`, `C:\x`, `C:/x` and any `file:` URI. */
  absolute: boolean;
  /** Windows drive letter of an absolute drive path (`C`), else undefined. */
  drive?: string;
}

const CONTROL = /[\u0001-\u001f\u007f-\u009f]/;
/** Bidirectional overrides/isolates/marks: they make a name display as something else. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/**
 * Invisible characters, among them those HFS+ ignores in names (so `.g\u200Cit` IS `.git`
 * there, the CVE-2014-9390 family): zero-width space/joiners, word joiner and invisible
 * operators, deprecated format controls, BOM.
 */
const INVISIBLE = /[\u200b-\u200d\u2060-\u2064\u206a-\u206f\ufeff]/;
/** A UTF-16 surrogate without its partner (not encodable as UTF-8). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** `scheme://...`: any URI with an authority part. */
const URI_WITH_AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/** Opaque URI schemes an agent may plausibly send (`untitled:Untitled-1`, `vscode-remote:...`). */
const KNOWN_SCHEMES = /^(untitled|vscode|vscode-[a-z-]+|vscode-remote|data|javascript|mailto|http|https|ftp|sftp|ssh|git|command|output|walkThrough|chat-[a-z-]+):/i;

/**
 * Syntactic, platform-independent checks of a path an agent sent; no filesystem access.
 *
 * Refused (PATH_DENIED with `reason`): non-strings; empty or whitespace-only; leading or
 * trailing whitespace; longer than {@link MAX_PATH_LENGTH} or a name longer than 255 bytes;
 * NUL and other control characters (C0, DEL, C1); lone UTF-16 surrogates; invisible
 * characters (zero-width, BOM: HFS+ ignores some, so `.g\u200Cit` would be `.git`); bidi
 * control characters; UNC paths
 * (`\\server\share`, `//server/share`, `file://server/...`); device namespaces (`\\.\`,
 * `\\?\`, `\??\`, `/dev/...`, `/proc/...`); drive-relative paths (`C:foo`); Windows reserved
 * names in any segment with any extension and case (`CON`, `aux.txt`, `Com1.log`); names
 * ending in a dot or a space (Windows silently strips them, so `CON.` is `CON` and
 * `.npmrc.` is `.npmrc`); the characters `<>"|?*`; any `:` other than a leading drive letter
 * (alternate data streams such as `file.txt:stream`); a leading `~` (home expansion is
 * refused, never performed); URIs other than `file:` (`http:`, `vscode-remote:`,
 * `untitled:` — this extension works on local files only); names whose Unicode NFKC form
 * is a dot segment or contains a separator or colon (`．．`, `\u2025`, fullwidth `／`), since
 * some layers normalize them to `..` or `/`.
 *
 * Accepted and NOT decoded: percent signs in plain paths (`%2e%2e` is a literal name, never
 * `..`); `$VAR` and `%VAR%` (literal names, no expansion).
 *
 * A `file:` URI is decoded once and its path checked like any other; the result says the
 * path to resolve. `..` segments are allowed here: whether they escape depends on the root,
 * which the resolver checks.
 */
export function checkPathSyntax(input: unknown): CheckedPath | { ok: false; failure: Failure } {
  if (typeof input !== 'string') return pathDenied('NOT_A_STRING', `The path must be a string, got ${quotePath(input)}.`, input);
  if (input.length === 0) return pathDenied('EMPTY', 'The path is empty; give a path relative to the workspace folder.', input);
  if (input.trim().length === 0) return pathDenied('EMPTY', 'The path is only whitespace; give a path relative to the workspace folder.', input);
  if (input.length > MAX_PATH_LENGTH) {
    return pathDenied('TOO_LONG', `The path is ${input.length} characters long; the limit is ${MAX_PATH_LENGTH}.`, input);
  }
  if (input.includes('\0')) return pathDenied('NUL_BYTE', `The path ${quotePath(input)} contains a NUL byte.`, input);
  const control = CONTROL.exec(input);
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).padStart(4, '0');
    return pathDenied('CONTROL_CHARACTER', `The path ${quotePath(input)} contains the control character U+${code}.`, input);
  }
  if (LONE_SURROGATE.test(input)) {
    return pathDenied('INVALID_UNICODE', 'The path contains a broken UTF-16 surrogate; the filesystem would turn it into U+FFFD, aliasing other names.', input);
  }
  if (INVISIBLE.test(input)) {
    return pathDenied('INVISIBLE_CHARACTER', `The path ${quotePath(input)} contains an invisible character (zero-width space/joiner, BOM...); some filesystems ignore it, so the name would alias another.`, input);
  }
  if (BIDI.test(input)) {
    return pathDenied('BIDI_CONTROL', `The path ${quotePath(input)} contains a bidirectional text control character that makes it display as a different name.`, input);
  }
  if (input !== input.trim()) {
    return pathDenied('SURROUNDING_WHITESPACE', `The path ${quotePath(input)} starts or ends with whitespace; send it without.`, input);
  }
  if (/^file:/i.test(input)) {
    const converted = fileUriToPath(input);
    if (!converted.ok) return converted;
    const inner = checkPlainPath(converted.path, input);
    return inner;
  }
  if (URI_WITH_AUTHORITY.test(input) || KNOWN_SCHEMES.test(input)) {
    const scheme = input.slice(0, input.indexOf(':'));
    return pathDenied('URI_SCHEME', `${quotePath(scheme + ':')} URIs are not supported; give a workspace-relative path (or a file:// URI inside the workspace).`, input);
  }
  return checkPlainPath(input, input);
}

/** Checks a plain path (not a URI); `original` is what the agent sent, for messages. */
function checkPlainPath(p: string, original: string): CheckedPath | { ok: false; failure: Failure } {
  if (p.length > MAX_PATH_LENGTH) return pathDenied('TOO_LONG', `The path is longer than ${MAX_PATH_LENGTH} characters.`, original);
  if (p.includes('\0') || CONTROL.test(p) || BIDI.test(p) || LONE_SURROGATE.test(p) || INVISIBLE.test(p)) {
    return pathDenied('CONTROL_CHARACTER', `The path ${quotePath(original)} decodes to a name with control characters.`, original);
  }
  if (/^[\\/][\\/][.?][\\/]/.test(p) || /^[\\/][\\/][.?]$/.test(p) || /^[\\/]\?\?[\\/]/.test(p)) {
    return pathDenied('DEVICE_PATH', `${quotePath(original)} is a Windows device namespace path (\\\\.\\ or \\\\?\\); only workspace paths are allowed.`, original);
  }
  if (/^[\\/][\\/]/.test(p)) {
    return pathDenied('UNC_PATH', `${quotePath(original)} is a network (UNC) path; only workspace paths are allowed.`, original);
  }
  if (/^\/(dev|proc)(\/|$)/.test(p)) {
    return pathDenied('DEVICE_PATH', `${quotePath(original)} is a device or process file, not a workspace file.`, original);
  }
  let rest = p;
  let drive: string | undefined;
  const driveMatch = /^([A-Za-z]):/.exec(p);
  if (driveMatch) {
    if (!/^[A-Za-z]:[\\/]/.test(p)) {
      return pathDenied('DRIVE_RELATIVE', `${quotePath(original)} is relative to a drive's current directory; give a workspace-relative path or a full path such as C:\\folder\\file.`, original);
    }
    drive = driveMatch[1].toUpperCase();
    rest = p.slice(2);
  }
  if (rest.includes(':')) {
    return pathDenied('ALTERNATE_DATA_STREAM', `${quotePath(original)} contains ':' (an alternate data stream on Windows); file names must not contain ':'.`, original);
  }
  const segments = rest.split(/[\\/]+/);
  if (!drive && segments[0].startsWith('~')) {
    return pathDenied('HOME_EXPANSION', `${quotePath(original)} starts with '~'; home directories are outside the workspace and '~' is never expanded.`, original);
  }
  for (const segment of segments) {
    const refusal = checkSegment(segment, original);
    if (refusal) return refusal;
  }
  const absolute = drive !== undefined || p.startsWith('/') || p.startsWith('\\');
  return drive ? { ok: true, path: p, absolute, drive } : { ok: true, path: p, absolute };
}

/** Checks one name between separators; undefined when acceptable. */
function checkSegment(segment: string, original: string): { ok: false; failure: Failure } | undefined {
  if (segment === '' || segment === '.' || segment === '..') return undefined;
  const normalized = segment.normalize('NFKC');
  if (normalized !== segment && (/[\\/:]/.test(normalized) || /^\.+$/.test(normalized))) {
    return pathDenied('LOOKALIKE_CHARACTER', `The name ${quotePath(segment)} uses look-alike Unicode characters for '.', '/', '\\' or ':'; use plain ASCII.`, original);
  }
  if (/[. ]$/.test(segment)) {
    return pathDenied('TRAILING_DOT_OR_SPACE', `The name ${quotePath(segment)} ends with a dot or a space, which Windows strips (making it another file's name).`, original);
  }
  if (isWindowsReservedName(segment)) {
    return pathDenied('RESERVED_NAME', `The name ${quotePath(segment)} is a reserved Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9), with any extension.`, original);
  }
  if (WINDOWS_INVALID_CHARS.test(segment)) {
    return pathDenied('INVALID_CHARACTER', `The name ${quotePath(segment)} contains one of < > " | ? * (wildcards are not expanded; name one file).`, original);
  }
  if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) {
    return pathDenied('TOO_LONG', `The name ${quotePath(segment)} is longer than ${MAX_SEGMENT_BYTES} bytes.`, original);
  }
  return undefined;
}

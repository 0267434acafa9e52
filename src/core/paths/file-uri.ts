import { Failure } from '../types';
import { pathDenied } from './deny';

/**
 * Converts a `file:` URI to a filesystem path: `file:///home/u/ws/a%20b.c` →
 * `/home/u/ws/a b.c`; `file:///C:/ws/x` → `C:/ws/x`. Percent-escapes are decoded exactly once
 * (so `%252e` becomes the literal name `%2e`, never `.`). A URI with a host
 * (`file://server/share`) is a UNC path and refused, as are query/fragment parts and a
 * malformed escape. The returned path is NOT checked further here: the caller checks it as
 * any other path.
 */
export function fileUriToPath(input: string): { ok: true; path: string } | { ok: false; failure: Failure } {
  const match = /^file:(\/\/([^/?#]*))?([^?#]*)([?#].*)?$/is.exec(input);
  if (!match) return pathDenied('INVALID_URI', `The file URI ${JSON.stringify(input.slice(0, 120))} is malformed.`, input);
  const host = match[2] ?? '';
  const rawPath = match[3];
  if (match[4] !== undefined) {
    return pathDenied('INVALID_URI', 'A file URI with a query (?) or fragment (#) is not a file path; send the path alone.', input);
  }
  if (host !== '' && host.toLowerCase() !== 'localhost') {
    return pathDenied('UNC_PATH', `The file URI names the network host ${JSON.stringify(host.slice(0, 60))}; only local files inside the workspace are allowed.`, input);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return pathDenied('INVALID_URI', 'The file URI contains a malformed %-escape.', input);
  }
  // file:///C:/x → "/C:/x": drop the slash before a drive letter.
  if (/^\/[A-Za-z]:([\\/]|$)/.test(decoded)) decoded = decoded.slice(1);
  if (!decoded.startsWith('/') && !/^[A-Za-z]:/.test(decoded)) {
    return pathDenied('INVALID_URI', 'A file URI must hold an absolute path (file:///...).', input);
  }
  return { ok: true, path: decoded };
}

import { sha256Bytes, sha256Text } from '../core/hash';
import { decodeTextFile } from './decode';

/**
 * The hashes of one version of a file, given its bytes, as every answer names it:
 * - `sha256`: what a read answers for these bytes — the hash of the text (BOM excluded,
 *   core/hash.ts sha256Text) when they decode as text, else the hash of the bytes themselves
 *   (a file that is not UTF-8, or binary, is only ever read as bytes);
 * - `diskSha256`: the hash of the bytes, when it is not `sha256` (a BOM): a later read of the
 *   file as bytes (an editor decoding it, a rollback over it) recognises the version by it;
 * - `text`: the decoded text, when there is one (the journal keeps it for later diffs).
 * One function for every writer of the journal (a raw restore, a recorded change), so the
 * sha256 a rollback answers is the one the next safe_read_file answers. Linear in the bytes.
 */
export function versionHashes(bytes: Uint8Array): { sha256: string; diskSha256?: string; text?: string } {
  const raw = sha256Bytes(bytes);
  const decoded = decodeTextFile(bytes, '');
  if (!decoded.ok) return { sha256: raw };
  const sha256 = sha256Text(decoded.text);
  return { sha256, text: decoded.text, ...(sha256 !== raw ? { diskSha256: raw } : {}) };
}

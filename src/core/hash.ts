import { createHash } from 'node:crypto';

/**
 * The one definition of a file's hash, for every tool: lowercase hex sha256 of the UTF-8
 * bytes of the text as VS Code's document model holds it — line endings as in the file,
 * without a BOM — so a file hashes the same whether it is open in an editor or not.
 */
export function sha256Text(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * sha256 of raw bytes: names a snapshot of a file that could not be read as text (binary,
 * not UTF-8, too large). For the bytes of a UTF-8 file without a BOM it equals sha256Text.
 */
export function sha256Bytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

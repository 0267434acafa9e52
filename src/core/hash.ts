import { createHash } from 'node:crypto';

/**
 * The one definition of a file's hash, for every tool: lowercase hex sha256 of the UTF-8
 * bytes of the text as VS Code's document model holds it — line endings as in the file,
 * without a BOM — so a file hashes the same whether it is open in an editor or not.
 */
export function sha256Text(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

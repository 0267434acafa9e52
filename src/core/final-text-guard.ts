import { fail, Result } from './types';
import { checkSizeReduction } from './size-guard';

export interface FinalTextLimits {
  /** The largest text the tools read or edit (safeEdit.maxFileSizeMB), in UTF-8 bytes. */
  maxBytes: number;
  /** The shrink guard (safeEdit.writeGuard.*). */
  minBytes: number;
  maxShrinkPercent: number;
  /** The caller said it means to delete most of the file (allow_size_reduce). */
  allowSizeReduce: boolean;
}

/**
 * The checks every change's FINAL text passes, whatever tool computed it, before anything is
 * snapshotted or written. They keep the file recoverable through the tools themselves:
 * - no NUL byte: a text with one would be refused as BINARY_FILE by every later read, edit
 *   and rollback of the file;
 * - no larger than maxBytes: likewise refused as TOO_LARGE afterwards;
 * - no catastrophic shrink of an existing file (the 3.4 KB file overwritten with "}"),
 *   unless the caller allows it.
 * `oldText` is undefined when the change creates the file. Pure, linear.
 */
export function checkFinalText(oldText: string | undefined, newText: string, limits: FinalTextLimits): Result<{}> {
  const nul = newText.indexOf('\u0000');
  if (nul >= 0) {
    const line = countLines(newText, nul);
    return fail('BINARY_FILE', `Refused: the result would contain a NUL byte (line ${line}), which would make the file binary: no tool could read, edit or roll it back afterwards. Nothing was written. Remove the NUL character from your edit.`, { line });
  }
  const bytes = Buffer.byteLength(newText, 'utf8');
  if (bytes > limits.maxBytes) {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    return fail('TOO_LARGE', `Refused: the result would be ${mb(bytes)} MB, over the ${mb(limits.maxBytes)} MB limit (setting safeEdit.maxFileSizeMB): no tool could read, edit or roll the file back afterwards. Nothing was written.`, { new_bytes: bytes, max_bytes: limits.maxBytes });
  }
  if (oldText !== undefined && !limits.allowSizeReduce) {
    return checkSizeReduction(oldText, newText, { minBytes: limits.minBytes, maxShrinkPercent: limits.maxShrinkPercent });
  }
  return { ok: true };
}

function countLines(text: string, upTo: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < upTo; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

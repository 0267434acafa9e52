import { fail, Result } from './types';

export interface SizeGuardOptions {
  /** Files at or below this many bytes are not guarded (small files legitimately shrink a lot). */
  minBytes: number;
  /** Largest allowed shrink, in percent of the old size. */
  maxShrinkPercent: number;
}

/**
 * Refuses a whole-file write that would shrink an existing file catastrophically (the
 * 3,400-byte file overwritten with "}" incident): old size > minBytes and the new size more
 * than maxShrinkPercent smaller. Sizes are UTF-8 bytes.
 */
/**
 * Refuses deleting a file the shrink guard protects (over minBytes) unless the caller said so:
 * a delete loses as much as a write of nothing, so it needs the same allow_size_reduce.
 */
export function checkDeletion(oldText: string, options: Pick<SizeGuardOptions, 'minBytes'>): Result<{}> {
  const oldBytes = Buffer.byteLength(oldText, 'utf8');
  if (oldBytes <= options.minBytes) return { ok: true };
  return fail(
    'SIZE_REDUCTION_BLOCKED',
    `Refused: this change would delete a file of ${oldBytes} bytes. Nothing was written. If you really mean to delete it, send the change again with allow_size_reduce: true (it is backed up and can be rolled back either way).`,
    { old_bytes: oldBytes, new_bytes: 0, shrink_percent: 100, reason: 'delete' },
  );
}

export function checkSizeReduction(oldText: string, newText: string, options: SizeGuardOptions): Result<{}> {
  const oldBytes = Buffer.byteLength(oldText, 'utf8');
  const newBytes = Buffer.byteLength(newText, 'utf8');
  if (oldBytes <= options.minBytes) return { ok: true };
  const shrinkPercent = ((oldBytes - newBytes) / oldBytes) * 100;
  if (shrinkPercent <= options.maxShrinkPercent) return { ok: true };
  return fail(
    'SIZE_REDUCTION_BLOCKED',
    `Refused: this edit would shrink the file from ${oldBytes} bytes to ${newBytes} bytes (−${shrinkPercent.toFixed(1)}%), which usually means content was lost. Nothing was written. Send the complete file content, use safe_patch/replace_in_file for a partial change, or set allow_size_reduce: true if you really mean to delete most of the file.`,
    { old_bytes: oldBytes, new_bytes: newBytes, shrink_percent: Math.round(shrinkPercent * 10) / 10 },
  );
}

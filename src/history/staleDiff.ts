import { createUnifiedDiff } from '../core/diff/unified';
import { Result } from '../core/types';

export type StaleDiff =
  | { kind: 'diff'; base_sha256: string; diff: string }
  | { kind: 'unknown'; base_sha256: string }
  | { kind: 'larger'; base_sha256: string };

/**
 * For a HASH_MISMATCH: the unified diff from the version the agent had (`baseSha256`) to
 * the file's current text, when the store holds that version. Returns `unknown` when it
 * does not (or it cannot be read intact) and `larger` when the diff would not be shorter
 * than the current text; in both cases the caller sends the whole content instead.
 * Labels are "a/<path>" and "b/<path>".
 */
export async function diffFromKnownVersion(
  store: { readText(sha256: string): Promise<Result<{ text: string }>> },
  baseSha256: string, currentText: string, filePath: string,
): Promise<StaleDiff> {
  const base = await store.readText(baseSha256);
  if (!base.ok) return { kind: 'unknown', base_sha256: baseSha256 };
  const diff = createUnifiedDiff(base.text, currentText, { oldLabel: `a/${filePath}`, newLabel: `b/${filePath}` });
  if (diff.length >= currentText.length) return { kind: 'larger', base_sha256: baseSha256 };
  return { kind: 'diff', base_sha256: baseSha256, diff };
}

import type { BackupStore } from '../history/backupStore';
import { createUnifiedDiff } from '../core/diff';
import { lineCount } from '../workspace/decode';
import type { ToolResultJson } from './tool-result';

/**
 * HASH_MISMATCH with the latest state of the file. When the store still knows the version
 * the agent had (it was a snapshot or a result of one of our edits), the latest state is a
 * unified diff from that version to the current text — far fewer tokens than the file —
 * unless the diff would be larger than the file itself.
 */
export async function hashMismatchResult(store: BackupStore | undefined, displayPath: string, agentSha: string, currentText: string, currentSha: string): Promise<ToolResultJson> {
  const latest: Record<string, unknown> = { sha256: currentSha, line_count: lineCount(currentText) };
  let how = 'Its full current content is in latest_file_state.content';
  const known = store && store.has(agentSha.toLowerCase()) ? await store.readText(agentSha.toLowerCase()) : undefined;
  if (known && known.ok) {
    const diff = createUnifiedDiff(known.text, currentText, { oldLabel: `a/${displayPath} (your version)`, newLabel: `b/${displayPath} (current)` });
    if (diff.length < currentText.length) {
      latest.diff_from_your_version = diff;
      how = 'latest_file_state.diff_from_your_version shows what changed since the version you had';
    } else {
      latest.content = currentText;
    }
  } else {
    latest.content = currentText;
  }
  return {
    success: false,
    error_type: 'HASH_MISMATCH',
    message: `${displayPath} changed since you read it (base_sha256 ${agentSha.slice(0, 12)}… is not the current ${currentSha.slice(0, 12)}…). Nothing was applied. ${how}: redo your edit against it with base_sha256 ${currentSha}.`,
    path: displayPath,
    latest_file_state: latest,
  };
}

import type { BackupStore } from '../history/backupStore';
import { diffFromKnownVersion } from '../history/staleDiff';
import { lineCount } from '../workspace/decode';
import type { ToolResultJson } from './tool-result';

/**
 * HASH_MISMATCH with the latest state of the file. When the store still knows the version
 * the agent had (a snapshot or the result of one of our edits), the latest state is a unified
 * diff from that version to the current text — far fewer tokens than the file — unless the
 * diff would be larger than the file itself; then the whole content.
 */
export async function hashMismatchResult(store: BackupStore, displayPath: string, agentSha: string, currentText: string, currentSha: string): Promise<ToolResultJson> {
  const latest: Record<string, unknown> = { sha256: currentSha, line_count: lineCount(currentText) };
  const stale = await diffFromKnownVersion(store, agentSha.toLowerCase(), currentText, displayPath);
  let how: string;
  if (stale.kind === 'diff') {
    latest.diff_from_your_version = stale.diff;
    how = 'latest_file_state.diff_from_your_version shows what changed since the version you had';
  } else {
    latest.content = currentText;
    how = 'Its full current content is in latest_file_state.content';
  }
  return {
    success: false,
    error_type: 'HASH_MISMATCH',
    message: `${displayPath} changed since you read it (base_sha256 ${agentSha.slice(0, 12)}… is not the current ${currentSha.slice(0, 12)}…). Nothing was applied. ${how}: redo your edit against it with base_sha256 ${currentSha}.`,
    path: displayPath,
    latest_file_state: latest,
  };
}

import type { BackupStore } from '../../history/backupStore';
import { diffFromKnownVersion } from '../../history/staleDiff';
import { lineCount } from '../../files/decode';
import type { ToolResultJson } from './tool-result';
import { boundedHead } from '../../core/bounded-text';

/**
 * The most characters of file text or diff a HASH_MISMATCH carries. A larger state is sent as
 * its head plus the sha256; the model reads the part it needs with safe_read_file's line range.
 */
export const MAX_LATEST_STATE_CHARS = 20_000;

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
  if (stale.kind === 'diff' && stale.diff.length <= MAX_LATEST_STATE_CHARS) {
    latest.diff_from_your_version = stale.diff;
    how = 'latest_file_state.diff_from_your_version shows what changed since the version you had';
  } else if (currentText.length <= MAX_LATEST_STATE_CHARS) {
    latest.content = currentText;
    how = 'Its full current content is in latest_file_state.content';
  } else if (stale.kind === 'diff') {
    const head = boundedHead(stale.diff, MAX_LATEST_STATE_CHARS);
    latest.diff_from_your_version = head.text;
    latest.truncated = true;
    how = `latest_file_state.diff_from_your_version shows the first ${head.lines_included} lines of what changed since your version (the whole diff is ${stale.diff.length} characters); read the parts you need with safe_read_file start_line/end_line`;
  } else {
    const head = boundedHead(currentText, MAX_LATEST_STATE_CHARS);
    latest.content = head.text;
    latest.truncated = true;
    how = `latest_file_state.content holds its first ${head.lines_included} lines only (the file is ${currentText.length} characters); read the parts you need with safe_read_file start_line/end_line`;
  }
  return {
    success: false,
    error_type: 'HASH_MISMATCH',
    message: `${displayPath} changed since you read it (base_sha256 ${agentSha.slice(0, 12)}… is not the current ${currentSha.slice(0, 12)}…). Nothing was applied. ${how}: redo your edit against it with base_sha256 ${currentSha}.`,
    path: displayPath,
    latest_file_state: latest,
  };
}

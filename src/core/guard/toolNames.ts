/** The tool names of the contract (DESIGN.md's tool table). */
export type ToolName =
  | 'read_file'
  | 'safe_patch'
  | 'replace_in_file'
  | 'edit_lines'
  | 'write_file'
  | 'rollback_file'
  | 'list_backups'
  | 'execute_program'
  | 'patch_html';

/** Tools whose failures on a file count toward EDIT_FAILURE_LOOP, and whose success ends it. */
export const EDITING_TOOLS: ReadonlySet<string> = new Set([
  'safe_patch',
  'replace_in_file',
  'edit_lines',
  'write_file',
  'patch_html',
]);

/**
 * Tools whose success on a file also ends that file's failure streaks (the file now holds a
 * known state), but whose failures are not edit failures.
 */
export const RECOVERY_TOOLS: ReadonlySet<string> = new Set(['rollback_file']);

/**
 * Failure types that are not the agent's mistake: the user cancelled or refused consent. They
 * neither count toward a streak nor end one.
 */
export const NEUTRAL_ERROR_TYPES: ReadonlySet<string> = new Set(['CANCELLED', 'PERMISSION_DENIED']);

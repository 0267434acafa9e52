/**
 * The tool reference names the generated files use, in the order a reader meets them. They
 * must equal the `toolReferenceName`s the extension contributes in package.json.
 */
export const SAFE_EDIT_TOOL_NAMES: readonly string[] = Object.freeze([
  'read_file',
  'safe_patch',
  'replace_in_file',
  'edit_lines',
  'write_file',
  'patch_html',
  'rollback_file',
  'list_backups',
  'execute_program',
]);

import { claudeStyleDialect, keys } from './claude-style';

/**
 * VS Code's agent hooks for Copilot (https://code.visualstudio.com/docs/agents/reference/hooks-reference,
 * PreToolUse / PostToolUse: tool_name, tool_input, tool_use_id, the common fields sessionId,
 * cwd, hookEventName; the deny answer is Claude Code's hookSpecificOutput). Tool inputs as
 * Copilot's built-in tools declare them: filePath, multi_replace's replacements[].filePath.
 */
export const copilot = claudeStyleDialect('copilot', {
  replace_string_in_file: { kind: 'edit', paths: keys('filePath') },
  multi_replace_string_in_file: { kind: 'edit', paths: keys('replacements') },
  insert_edit_into_file: { kind: 'edit', paths: keys('filePath') },
  editFiles: { kind: 'edit', paths: keys('files') },
  create_file: { kind: 'write', paths: keys('filePath') },
  edit_notebook_file: { kind: 'notebook', paths: keys('filePath') },
  run_in_terminal: { kind: 'shell' },
});

import { claudeStyleDialect, keys } from './claude-style';

/**
 * Claude Code's hooks (https://docs.claude.com/en/docs/claude-code/hooks, "Hook Input" and
 * "PreToolUse Decision Control"): Edit, MultiEdit and Write take file_path, NotebookEdit takes
 * notebook_path, Bash takes command.
 */
export const claudeCode = claudeStyleDialect('claude-code', {
  Edit: { kind: 'edit', paths: keys('file_path') },
  MultiEdit: { kind: 'edit', paths: keys('file_path') },
  Write: { kind: 'write', paths: keys('file_path') },
  NotebookEdit: { kind: 'notebook', paths: keys('notebook_path') },
  Bash: { kind: 'shell' },
});

import { parseApplyPatch } from '../../core/apply-patch';
import { str } from '../hook-call';
import { claudeStyleDialect } from './claude-style';

function opsOf(input: Record<string, unknown>) {
  const text = str(input.command) ?? str(input.patch) ?? str(input.input);
  if (!text) return [];
  const parsed = parseApplyPatch(text);
  return parsed.ok ? parsed.ops : [];
}

/** Every path an apply_patch text names (sections and move targets); none when it does not parse. */
function patchPaths(input: Record<string, unknown>): string[] {
  return opsOf(input).flatMap((op) => (op.kind === 'update' && op.moveTo !== undefined ? [op.path, op.moveTo] : [op.path]));
}

/**
 * Codex's hooks (`.codex/hooks.json`, https://developers.openai.com/codex/hooks): the Claude Code
 * shape; apply_patch carries the patch text in tool_input.command (its Add File / Update File /
 * Delete File sections name the paths), Bash its command.
 */
export const codex = claudeStyleDialect('codex', {
  // A patch of only Add File sections creates files: a write.
  apply_patch: { kind: 'edit', paths: patchPaths, kindOf: (input) => { const ops = opsOf(input); return ops.length > 0 && ops.every((op) => op.kind === 'add') ? 'write' : 'edit'; } },
  Bash: { kind: 'shell' },
  shell: { kind: 'shell' },
});


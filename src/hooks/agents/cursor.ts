import { AgentDialect, commandText, fileKind, HookKind, namedPaths, obj, ParsedHook, pathFields, str } from '../hook-call';

const TOOLS: Record<string, 'edit' | 'write' | 'notebook' | 'shell'> = {
  Edit: 'edit', StrReplace: 'edit', MultiEdit: 'edit', Write: 'write', Delete: 'edit', EditNotebook: 'notebook', Shell: 'shell',
};

/**
 * Cursor's hooks (`.cursor/hooks.json`, https://cursor.com/docs/agent/hooks): every payload has
 * hook_event_name, conversation_id, generation_id and workspace_roots; preToolUse / postToolUse
 * carry tool_name, tool_input and tool_use_id; beforeShellExecution / afterShellExecution carry
 * command and cwd. A deny is {"permission": "deny", "user_message", "agent_message"}; "go on" is
 * an empty object (Cursor expects JSON on every path; "allow" would skip its own approval).
 */
export const cursor: AgentDialect = {
  parse(p, root): ParsedHook {
    const name = str(p.hook_event_name);
    const sessionId = str(p.conversation_id) ?? 'unknown-session';
    if (name === 'beforeShellExecution' || name === 'afterShellExecution') {
      const command = commandText(p.command);
      // No call id on these events: the generation (one agent step) and the command tie them.
      const callId = `${str(p.generation_id) ?? sessionId}:shell:${command ?? ''}`;
      return { ok: true, call: { agent: 'cursor', event: name === 'beforeShellExecution' ? 'pre' : 'post', tool: 'Shell', kind: 'shell', paths: [], sessionId, callId, ...(command ? { command } : {}) } };
    }
    const event = name === 'preToolUse' ? 'pre' : name === 'postToolUse' ? 'post' : undefined;
    if (!event) return { ok: false, reason: `not a tool event (${name ?? 'no hook_event_name'})` };
    const tool = str(p.tool_name) ?? 'unknown';
    const input = obj(p.tool_input);
    const base = TOOLS[tool];
    const paths = base && base !== 'shell' ? namedPaths(root, pathFields(input, ['file_path', 'path', 'target_notebook', 'target_file'])) : [];
    const kind: HookKind = base === undefined ? 'other' : base === 'edit' || base === 'write' ? fileKind(paths, base) : base;
    const command = kind === 'shell' ? commandText(input.command) : undefined;
    const callId = str(p.tool_use_id) ?? `${str(p.generation_id) ?? sessionId}:${tool}:${paths.join('|')}`;
    return { ok: true, call: { agent: 'cursor', event, tool, kind, paths, sessionId, callId, ...(command ? { command } : {}) } };
  },
  proceed: () => '{}',
  deny: (reason) => JSON.stringify({ permission: 'deny', user_message: reason, agent_message: reason }),
};

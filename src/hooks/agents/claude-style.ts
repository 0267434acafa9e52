import { AgentDialect, AgentName, commandText, fileKind, HookKind, namedPaths, obj, ParsedHook, pathFields, sessionOf, str } from '../hook-call';

/** How one agent's tool is read: its kind, and the paths it names (from its input). */
export interface ToolReading {
  kind: 'edit' | 'write' | 'notebook' | 'shell';
  paths?: (input: Record<string, unknown>) => unknown[];
  /** The kind from the input, where one tool both edits and creates files (Codex's apply_patch). */
  kindOf?: (input: Record<string, unknown>) => 'edit' | 'write';
}

/**
 * The payload shape Claude Code introduced and Codex and VS Code's agent hooks follow: one JSON
 * object on stdin with hook_event_name "PreToolUse" / "PostToolUse", tool_name, tool_input,
 * tool_use_id and the session id; the deny answer is hookSpecificOutput.permissionDecision
 * "deny" with a reason, and "go on" is an empty stdout with exit 0 (the agent's own permission
 * flow then decides: printing "allow" would skip the user's approval).
 */
export function claudeStyleDialect(agent: AgentName, tools: Record<string, ToolReading>): AgentDialect {
  return {
    parse(p, root): ParsedHook {
      const name = str(p.hook_event_name) ?? str(p.hookEventName);
      const event = name === 'PreToolUse' ? 'pre' : name === 'PostToolUse' ? 'post' : undefined;
      if (!event) return { ok: false, reason: `not a PreToolUse/PostToolUse event (${name ?? 'no hook_event_name'})` };
      const tool = str(p.tool_name) ?? 'unknown';
      const input = obj(p.tool_input);
      const reading = tools[tool];
      const kind: HookKind = reading?.kindOf?.(input) ?? reading?.kind ?? 'other';
      const paths = reading?.paths ? namedPaths(root, reading.paths(input)) : [];
      const command = kind === 'shell' ? commandText(input.command) : undefined;
      const callId = str(p.tool_use_id) ?? str(p.toolUseId) ?? `${sessionOf(p)}:${tool}`;
      return {
        ok: true,
        call: {
          agent, event, tool, paths, sessionId: sessionOf(p), callId,
          kind: kind === 'edit' || kind === 'write' ? fileKind(paths, kind) : kind,
          ...(command ? { command } : {}),
        },
      };
    },
    proceed: () => '',
    deny: (reason) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }),
  };
}

/** Paths under the given input keys. */
export const keys = (...names: string[]) => (input: Record<string, unknown>) => pathFields(input, names);

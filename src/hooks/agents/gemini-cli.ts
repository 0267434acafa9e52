import { AgentDialect, commandText, fileKind, HookKind, namedPaths, obj, ParsedHook, pathFields, sessionOf, str } from '../hook-call';

const TOOLS: Record<string, 'edit' | 'write' | 'shell'> = { replace: 'edit', write_file: 'write', run_shell_command: 'shell' };

/**
 * gemini-cli's hooks (https://geminicli.com/docs/hooks/reference, BeforeTool / AfterTool in
 * settings.json): stdin {session_id, cwd, hook_event_name, tool_name, tool_input, tool_response};
 * replace and write_file take file_path, run_shell_command takes command. It has no notebook
 * tool: a notebook is written with write_file. A deny is {"decision": "deny", "reason"}; "go
 * on" is an empty JSON object (stdout must hold JSON only).
 */
export const geminiCli: AgentDialect = {
  parse(p, root): ParsedHook {
    const name = str(p.hook_event_name);
    const event = name === 'BeforeTool' ? 'pre' : name === 'AfterTool' ? 'post' : undefined;
    if (!event) return { ok: false, reason: `not a BeforeTool/AfterTool event (${name ?? 'no hook_event_name'})` };
    const tool = str(p.tool_name) ?? 'unknown';
    const input = obj(p.tool_input);
    const base = TOOLS[tool];
    const paths = base && base !== 'shell' ? namedPaths(root, pathFields(input, ['file_path', 'absolute_path'])) : [];
    const kind: HookKind = base === undefined ? 'other' : base === 'shell' ? 'shell' : fileKind(paths, base);
    const command = kind === 'shell' ? commandText(input.command) : undefined;
    // gemini-cli gives no call id: the session and tool tie a BeforeTool to its AfterTool (it runs one tool at a time).
    const callId = str(p.tool_call_id) ?? `${sessionOf(p)}:${tool}:${paths.join('|') || command || ''}`;
    return { ok: true, call: { agent: 'gemini-cli', event, tool, kind, paths, sessionId: sessionOf(p), callId, ...(command ? { command } : {}) } };
  },
  proceed: () => '{}',
  deny: (reason) => JSON.stringify({ decision: 'deny', reason }),
};

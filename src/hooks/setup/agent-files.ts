import type { AgentName } from '../hook-call';

/** Where the setup writes: the user's own configuration (under the home folder) or the workspace's. */
export type Scope = 'user' | 'workspace';

/**
 * How an agent lists its hooks in JSON:
 * - `groups`: `hooks.<Event>` is a list of `{matcher, hooks: [{type: "command", command}]}` (Claude
 *   Code's shape, which Codex and gemini-cli follow);
 * - `cursor`: `hooks.<event>` is a list of `{command, matcher?}` beside `"version": 1`;
 * - `flat`: `hooks.<Event>` is a list of `{type: "command", command}` (VS Code's agent hooks).
 */
export type HookShape = 'groups' | 'cursor' | 'flat';

/** One hook event we add: the agent's event name and, where the agent filters by tool, the tools. */
export interface HookEvent {
  event: string;
  /** The agent's matcher for its file tools and shell tool; undefined = the event fires for every tool. */
  matcher?: string;
}

export interface AgentFiles {
  label: string;
  /** Our MCP server's entry: the file (relative to the home folder or the workspace) and its format; none for Copilot. */
  mcp?: { file: Record<Scope, string>; format: 'json' | 'codex-toml' };
  hooks: { file: Record<Scope, string>; shape: HookShape; events: HookEvent[] };
}

/**
 * Each agent's configuration files and the hook events that make it send the payloads its
 * parser in ../agents reads (the same tool and event names; a unit test holds them together).
 * Sources, for the file locations and shapes:
 * - Claude Code: hooks in `.claude/settings.json` / `~/.claude/settings.json`
 *   (https://docs.claude.com/en/docs/claude-code/hooks); MCP servers of the project in `.mcp.json`,
 *   of the user in `~/.claude.json` under `mcpServers` (https://docs.claude.com/en/docs/claude-code/mcp,
 *   "MCP installation scopes").
 * - Codex: `.codex/hooks.json` / `~/.codex/hooks.json`, matcher over `Bash` and `apply_patch`
 *   (https://developers.openai.com/codex/hooks); MCP servers in `config.toml`'s
 *   `[mcp_servers.<name>]` tables, `~/.codex/config.toml` or a trusted project's
 *   `.codex/config.toml` (https://developers.openai.com/codex/mcp).
 * - Cursor: `.cursor/hooks.json` / `~/.cursor/hooks.json`, `{"version": 1, "hooks": {…}}`
 *   (https://cursor.com/docs/agent/hooks); MCP servers in `.cursor/mcp.json` / `~/.cursor/mcp.json`
 *   (https://cursor.com/docs/context/mcp).
 * - gemini-cli: hooks and `mcpServers` in `.gemini/settings.json` / `~/.gemini/settings.json`
 *   (https://geminicli.com/docs/hooks/reference, https://geminicli.com/docs/tools/mcp-server).
 * - Copilot in VS Code: hook files `.github/hooks/*.json` in the workspace, `~/.copilot/hooks` for
 *   the user (https://code.visualstudio.com/docs/agent-customization/hooks); its MCP is the
 *   extension itself (the tools are registered in VS Code), so no MCP entry.
 */
export const AGENT_FILES: Record<AgentName, AgentFiles> = {
  'claude-code': {
    label: 'Claude Code',
    mcp: { file: { workspace: '.mcp.json', user: '.claude.json' }, format: 'json' },
    hooks: {
      file: { workspace: '.claude/settings.json', user: '.claude/settings.json' },
      shape: 'groups',
      events: ['PreToolUse', 'PostToolUse'].map((event) => ({ event, matcher: 'Edit|MultiEdit|Write|NotebookEdit|Bash' })),
    },
  },
  codex: {
    label: 'Codex',
    mcp: { file: { workspace: '.codex/config.toml', user: '.codex/config.toml' }, format: 'codex-toml' },
    hooks: {
      file: { workspace: '.codex/hooks.json', user: '.codex/hooks.json' },
      shape: 'groups',
      events: ['PreToolUse', 'PostToolUse'].map((event) => ({ event, matcher: 'apply_patch|Bash|shell' })),
    },
  },
  cursor: {
    label: 'Cursor',
    mcp: { file: { workspace: '.cursor/mcp.json', user: '.cursor/mcp.json' }, format: 'json' },
    hooks: {
      file: { workspace: '.cursor/hooks.json', user: '.cursor/hooks.json' },
      shape: 'cursor',
      // The shell goes through its own events (they carry the command); the tool events are
      // narrowed to the file tools so a shell command is not recorded twice.
      events: [
        ...['preToolUse', 'postToolUse'].map((event) => ({ event, matcher: 'Edit|StrReplace|MultiEdit|Write|Delete|EditNotebook' })),
        { event: 'beforeShellExecution' },
        { event: 'afterShellExecution' },
      ],
    },
  },
  'gemini-cli': {
    label: 'Gemini CLI',
    mcp: { file: { workspace: '.gemini/settings.json', user: '.gemini/settings.json' }, format: 'json' },
    hooks: {
      file: { workspace: '.gemini/settings.json', user: '.gemini/settings.json' },
      shape: 'groups',
      // gemini-cli's matcher is a regular expression: anchored, so replace_in_file (ours, over MCP) is not matched.
      events: ['BeforeTool', 'AfterTool'].map((event) => ({ event, matcher: '^(replace|write_file|run_shell_command)$' })),
    },
  },
  copilot: {
    label: 'Copilot (VS Code)',
    hooks: {
      file: { workspace: '.github/hooks/agent-safe-edit.json', user: '.copilot/hooks/agent-safe-edit.json' },
      shape: 'flat',
      events: [{ event: 'PreToolUse' }, { event: 'PostToolUse' }],
    },
  },
};

/** What `agent-safe-edit --help` prints: every command, the MCP server's included. */
export const CLI_USAGE = `Usage: agent-safe-edit COMMAND [ARGS]

Agent Safe Edit's engine on the command line. It never writes FILE: the new text goes to stdout.
  apply-patch FILE PATCH_FILE                 apply a unified diff to FILE's text
  replace FILE OLD_FILE NEW_FILE [--expected-replacements N]
                                              replace OLD_FILE's text in FILE's text by NEW_FILE's
  apply-patch-v4a PATCH_FILE [--root DIR]     plan an apply_patch (V4A) text; prints JSON
  plan-patch PATCH_FILE [--root DIR] [--format unified|apply_patch]
                                              plan a patch of one or more files as safe_patch does
  hook AGENT [--root DIR] [--store DIR] [--strict] [--wait-ms N]
                                              an agent's hook (claude-code, codex, cursor, gemini-cli,
                                              copilot): its payload on stdin; records its own writes
  setup AGENT... [--scope workspace|user] [--root DIR] [--strict] [--remove] [--yes]
                                              our MCP server and hooks in the agents' configuration
                                              (merged; shows the diff, writes only with --yes)
  owner [status|stop] [--root DIR] [--json]  who owns the folder's history now (a VS Code window, a
                                              server, the background owner a hook started, its log);
                                              stop ends the background owner
  mcp [SERVER ARGS]                           the MCP server on stdio (same as agent-safe-edit-mcp;
                                              agent-safe-edit-mcp is accepted as this command's name)
  help, --help, -h                            this text
  --version                                   the version
A PATCH_FILE, OLD_FILE or NEW_FILE of "-" is read from stdin. Exit codes: 0 done, 1 refused
(the reason as JSON on stderr, or in the printed plan), 2 usage or unreadable input.
Server arguments: agent-safe-edit mcp --help.`;

/** The version the build stamps in (package.json's); 0.0.0 when run unbundled (tests). */
declare const PACKAGE_VERSION: string | undefined;
export const CLI_VERSION = typeof PACKAGE_VERSION === 'string' ? PACKAGE_VERSION : '0.0.0';

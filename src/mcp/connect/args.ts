import * as nodePath from 'node:path';

export const CONNECT_USAGE = `Usage: mcp-connect.js headers --workspace DIR --url URL [--dir DIR]
       mcp-connect.js stdio --workspace DIR [--dir DIR]

Reaches the Agent Safe Edit MCP server that VS Code runs for the workspace DIR.
  headers   print {"Authorization": "Bearer …"} for Claude Code's headersHelper (only for the
            URL VS Code serves the workspace on now)
  stdio     relay an MCP client on stdin/stdout to that server (Cursor, Codex CLI, Cline…)
  --dir     the folder of the connection files (default: the folder of this script)`;

export type ConnectArgs =
  { kind: 'headers'; workspace: string; url?: string; dir?: string } | { kind: 'stdio'; workspace: string; dir?: string } | { kind: 'error'; message: string };

/** Parses the helper's command line (without node and the script). Pure. */
export function parseConnectArgs(argv: readonly string[]): ConnectArgs {
  const [mode, ...rest] = argv;
  if (mode !== 'headers' && mode !== 'stdio') return { kind: 'error', message: `the first argument must be "headers" or "stdio", not ${JSON.stringify(mode ?? '')}` };
  const values: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag !== '--workspace' && flag !== '--url' && flag !== '--dir') return { kind: 'error', message: `unknown argument ${JSON.stringify(flag)}` };
    const value = rest[++i];
    if (value === undefined || value === '') return { kind: 'error', message: `${flag} needs a value` };
    values[flag] = value;
  }
  const workspace = values['--workspace'];
  if (!workspace || !nodePath.isAbsolute(workspace)) return { kind: 'error', message: '--workspace needs the absolute path of the workspace folder' };
  const dir = values['--dir'];
  if (mode === 'stdio') return { kind: 'stdio', workspace, ...(dir ? { dir } : {}) };
  return { kind: 'headers', workspace, ...(values['--url'] ? { url: values['--url'] } : {}), ...(dir ? { dir } : {}) };
}

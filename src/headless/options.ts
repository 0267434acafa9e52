import * as nodePath from 'node:path';

/** The command line of `agent-safe-edit-mcp`. */
export interface HeadlessOptions {
  /** The workspace root every path is confined to (absolute, as given). */
  root: string;
  /** The backup store's directory; undefined = the per-root default (store-location.ts). */
  store?: string;
  /** Edit protected files (settings, workflows, lockfiles, .env…) without asking: nobody can be asked here. */
  allowProtected: boolean;
  /** Let execute_program run programs. */
  allowExec: boolean;
}

export type ParsedArgs = { kind: 'run'; options: HeadlessOptions } | { kind: 'help' } | { kind: 'version' } | { kind: 'error'; message: string };

export const USAGE = `Usage: agent-safe-edit-mcp [--root DIR] [--store DIR] [--allow-protected] [--allow-exec]

An MCP server on stdin/stdout with Agent Safe Edit's tools, for agents outside VS Code.
  --root DIR          the workspace: every path is confined to it (default: the current directory)
  --store DIR         the backup store (default: $XDG_STATE_HOME/agent-safe-edit/<root name>-<hash>,
                      or ~/.local/state/agent-safe-edit/…)
  --allow-protected   allow edits of protected files (.vscode/*.json, workflows, .env*, lockfiles…);
                      without it they are refused, since no one can be asked for consent here
  --allow-exec        enable execute_program (it runs programs; argv only, no shell)`;

/** Parses argv (without node and the script). Pure. */
export function parseArgs(argv: readonly string[], cwd: string): ParsedArgs {
  let root: string | undefined;
  let store: string | undefined;
  let allowProtected = false;
  let allowExec = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const [flag, inline] = a.startsWith('--') && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--root': {
        const v = value();
        if (!v) return { kind: 'error', message: '--root needs a directory' };
        root = v;
        break;
      }
      case '--store': {
        const v = value();
        if (!v) return { kind: 'error', message: '--store needs a directory' };
        store = v;
        break;
      }
      case '--allow-protected': allowProtected = true; break;
      case '--allow-exec': allowExec = true; break;
      case '--help': case '-h': return { kind: 'help' };
      case '--version': return { kind: 'version' };
      default: return { kind: 'error', message: `unknown argument ${JSON.stringify(a)}` };
    }
  }
  return {
    kind: 'run',
    options: {
      root: nodePath.resolve(cwd, root ?? '.'),
      ...(store !== undefined ? { store: nodePath.resolve(cwd, store) } : {}),
      allowProtected,
      allowExec,
    },
  };
}

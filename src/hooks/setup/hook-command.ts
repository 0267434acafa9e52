import { shellQuote } from '../../core/shell-quote';
import type { AgentName } from '../hook-call';

/** The npm package the CLI comes from (npx runs it by this name). */
export const PACKAGE_NAME = 'agent-safe-edit';

/**
 * How an agent starts our CLI:
 * - `node`: a program (node or the one running now) and a script: the CLI's dist/cli.js, or the
 *   stable launcher VS Code keeps, which loads the extension's current dist/cli.js;
 * - `npx`: the published package at this version (the CLI ran from an npx cache, which npx may
 *   clear at any time, so its path must not be written anywhere).
 */
export type CliLaunch = { kind: 'node'; node: string; script: string } | { kind: 'npx'; version: string };

/** The argv that starts the CLI, before its command. */
export function cliArgv(launch: CliLaunch): string[] {
  return launch.kind === 'node' ? [launch.node, launch.script] : ['npx', '-y', `${PACKAGE_NAME}@${launch.version}`];
}

/** The hook command line the agent runs through its shell: `<cli> hook AGENT [--strict]`, each argument quoted. */
export function hookCommandLine(launch: CliLaunch, agent: AgentName, strict: boolean, platform: NodeJS.Platform): string {
  return [...cliArgv(launch), 'hook', agent, ...(strict ? ['--strict'] : [])].map((a) => shellQuote(a, platform)).join(' ');
}

/** Our MCP server as a stdio entry: `<cli> mcp [--root ROOT]` (no root: the agent's working folder). */
export function cliMcpEntry(launch: CliLaunch, root: string | undefined): { command: string; args: string[] } {
  const [command, ...args] = cliArgv(launch);
  return { command, args: [...args, 'mcp', ...(root === undefined ? [] : ['--root', root])] };
}

/** Whether the path names a file inside an npx cache (a `_npx` folder on the way). */
export function insideNpxCache(path: string): boolean {
  return path.split(/[\\/]/).includes('_npx');
}

/**
 * Whether a hook command is ours for this agent: it runs ` hook AGENT` (optionally `--strict`
 * and the hook's other flags) of a program whose last word before ` hook` is our CLI: the
 * `agent-safe-edit` bin, the package through npx (`agent-safe-edit@…`), a `cli.js` script, or
 * the launcher (`agent-safe-edit-cli.js`). Quotes around the program are ignored. Linear: a few
 * indexOf and endsWith calls.
 */
export function isOurHookCommand(command: unknown, agent: AgentName): boolean {
  if (typeof command !== 'string') return false;
  const marker = ` hook ${agent}`;
  const at = command.indexOf(marker);
  if (at < 0) return false;
  const after = command.slice(at + marker.length);
  if (after !== '' && !after.startsWith(' ')) return false; // `hook codex-x` is another agent
  let end = at;
  while (end > 0 && (command[end - 1] === '"' || command[end - 1] === "'" || command[end - 1] === ' ')) end--;
  const program = command.slice(0, end);
  const lastWord = program.slice(Math.max(program.lastIndexOf(' '), program.lastIndexOf('/'), program.lastIndexOf('\\')) + 1);
  return lastWord === PACKAGE_NAME || lastWord.startsWith(`${PACKAGE_NAME}@`) || lastWord.endsWith('cli.js');
}

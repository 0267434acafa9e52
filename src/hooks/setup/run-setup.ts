import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { createUnifiedDiff } from '../../core/diff';
import { shellQuote } from '../../core/shell-quote';
import { AGENTS, AgentName } from '../hook-call';
import { AGENT_FILES, Scope } from './agent-files';
import { CliLaunch, cliMcpEntry, hookCommandLine, insideNpxCache } from './hook-command';
import { FileEdit, planSetup } from './plan';
import { writeThroughHistory } from './write-through-history';

export const SETUP_USAGE = `usage: cli.js setup AGENT... [--scope workspace|user] [--root DIR] [--strict] [--remove] [--yes]
  AGENT: ${AGENTS.join(' | ')}`;

export interface SetupIo {
  /** The real path of the running cli.js. */
  cliPath: string;
  /** The node running it. */
  node: string;
  version: string;
  home: string;
  cwd: string;
  platform: NodeJS.Platform;
  out(text: string): void;
  err(text: string): void;
}

interface SetupArgs {
  agents: AgentName[];
  scope: Scope;
  root: string;
  strict: boolean;
  remove: boolean;
  yes: boolean;
}

function parseSetupArgs(argv: readonly string[], cwd: string): SetupArgs | string {
  const out: SetupArgs = { agents: [], scope: 'workspace', root: cwd, strict: false, remove: false, yes: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--strict') out.strict = true;
    else if (a === '--remove') out.remove = true;
    else if (a === '--yes' || a === '-y') out.yes = true;
    else if (a === '--scope' && (argv[i + 1] === 'user' || argv[i + 1] === 'workspace')) out.scope = argv[++i] as Scope;
    else if (a === '--root' && argv[i + 1]) out.root = nodePath.resolve(cwd, argv[++i]);
    else if ((AGENTS as readonly string[]).includes(a)) {
      if (!out.agents.includes(a as AgentName)) out.agents.push(a as AgentName);
    } else return `unknown argument ${JSON.stringify(a)}`;
  }
  return out.agents.length ? out : 'name at least one agent';
}

/**
 * `cli.js setup AGENT…`: our MCP server and hooks in each agent's configuration (user-level,
 * under the home folder, or the workspace's), merged into what is there. Prints the unified diff
 * of every file it would change; writes only with --yes, through the history of the folder the
 * files are in (the home folder or the root: writeThroughHistory), then says how to undo. A file
 * it cannot read (not JSON, a TOML it cannot edit safely) stops everything before anything is
 * written.
 */
export async function runSetup(argv: readonly string[], io: SetupIo): Promise<number> {
  const args = parseSetupArgs(argv, io.cwd);
  if (typeof args === 'string') {
    io.err(`agent-safe-edit setup: ${args}\n${SETUP_USAGE}\n`);
    return 2;
  }
  const base = args.scope === 'user' ? io.home : args.root;
  if (!fs.existsSync(base) || !fs.statSync(base).isDirectory()) {
    io.err(`agent-safe-edit setup: ${base} is not a folder\n`);
    return 2;
  }
  const npx = insideNpxCache(io.cliPath);
  const launch: CliLaunch = npx ? { kind: 'npx', version: io.version } : { kind: 'node', node: io.node, script: io.cliPath };
  if (npx && !args.remove) io.err(`agent-safe-edit setup: this CLI runs from an npx cache, so the entries start it with "npx -y agent-safe-edit@${io.version}". Installing it (npm install -g agent-safe-edit) and running setup again makes every hook call faster.\n`);
  const files = planSetup({
    agents: args.agents,
    scope: args.scope,
    remove: args.remove,
    hookCommand: (agent) => hookCommandLine(launch, agent, args.strict, io.platform),
    // The headless server: on this root for the workspace, on the agent's working folder for the user.
    mcpEntry: () => cliMcpEntry(launch, args.scope === 'workspace' ? args.root : undefined),
  });

  const display = (rel: string) => (args.scope === 'user' ? `~/${rel}` : rel);
  const changed: FileEdit[] = [];
  let refused = false;
  for (const f of files) {
    const current = readText(nodePath.join(base, f.rel));
    const next = f.edit(current);
    if (!next.ok) {
      io.err(`agent-safe-edit setup: ${next.message}\n`);
      refused = true;
      continue;
    }
    if (next.text === current) continue;
    changed.push(f);
    io.out(createUnifiedDiff(current ?? '', next.text ?? '', { oldLabel: current === undefined ? '/dev/null' : `a/${display(f.rel)}`, newLabel: `b/${display(f.rel)}` }));
  }
  if (refused) {
    io.err('agent-safe-edit setup: nothing was written.\n');
    return 1;
  }
  const what = args.remove ? 'Agent Safe Edit\'s entries' : 'Agent Safe Edit';
  if (changed.length === 0) {
    io.out(`${args.agents.map((a) => AGENT_FILES[a].label).join(', ')}: ${args.remove ? 'none of Agent Safe Edit\'s entries are there' : 'already set up'} (${args.scope}); nothing to change.\n`);
    return 0;
  }
  const again = `agent-safe-edit setup ${args.agents.join(' ')}${args.scope === 'user' ? ' --scope user' : ` --root ${shellQuote(args.root, io.platform)}`}`;
  if (!args.yes) {
    io.out(`\nNothing was written. To ${args.remove ? 'remove' : 'write'} ${what} as shown, run again with --yes:\n  ${again}${args.strict ? ' --strict' : ''}${args.remove ? ' --remove' : ''} --yes\n`);
    return 0;
  }
  const result = await writeThroughHistory(base, changed, (line) => io.err(`${line}\n`), { userOnly: args.scope === 'workspace' });
  if (result.message) {
    io.err(`agent-safe-edit setup: nothing was written: ${result.message}\n`);
    return 1;
  }
  for (const w of result.written) io.out(`${w.ok ? w.message : 'NOT WRITTEN'}: ${display(w.rel)}${w.ok ? '' : ` (${w.message})`}\n`);
  io.out(`Each change is backed up in the history of ${base}: "agent-safe-edit mcp --root ${base} --allow-protected" gives rollback_file and list_backups.\n`);
  io.out(args.remove ? `To put them back: ${again}${args.strict ? ' --strict' : ''} --yes\n` : `To undo: ${again} --remove --yes\n`);
  if (!args.remove && args.agents.length) io.out('Restart the agents (or reload their configuration) to pick the changes up.\n');
  return result.ok ? 0 : 1;
}

function readText(file: string): string | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8');
    // The engine reads a file's text without its byte order mark (and keeps the mark on write).
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { CLI_VERSION } from './headless/cli-usage';
import { runSetup } from './hooks/setup/run-setup';

// `agent-safe-edit setup AGENT…` (dist/setup.js, reached through the dispatcher dist/cli.js, whose
// path is process.argv[1]: the path the setup writes into the agents' configuration).
void runSetup(process.argv.slice(2), {
  cliPath: realpathSync(process.argv[1]), node: process.execPath, version: CLI_VERSION, home: homedir(), cwd: process.cwd(),
  platform: process.platform, out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t),
}).then((code) => { process.exitCode = code; });

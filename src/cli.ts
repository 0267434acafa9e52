import * as nodePath from 'node:path';

// agent-safe-edit (dist/cli.js): only a dispatcher, so that each command loads only what it needs:
// `hook AGENT` — which agents run before and after every tool call — the small hook bundle
// (dist/hook.js, src/hook.ts), `setup` the setup's (dist/setup.js, src/setup.ts, which carries the
// engine's edit pipeline), everything else the engine CLI (dist/cli-main.js, src/cli-main.ts).
// They are loaded by path beside this file at run time (the bundler leaves such requires alone);
// process.argv[1] stays this file's path (the setup writes it into the agents' configuration).
const OWN_BUNDLE: Record<string, string> = { hook: 'hook.js', setup: 'setup.js' };
const entry = OWN_BUNDLE[process.argv[2] ?? ''];
if (entry) process.argv.splice(2, 1);
require(nodePath.join(__dirname, entry ?? 'cli-main.js'));

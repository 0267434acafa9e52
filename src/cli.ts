import * as nodePath from 'node:path';

// agent-safe-edit (dist/cli.js): only a dispatcher, so that `agent-safe-edit hook AGENT` — which
// agents run before and after every tool call — loads the small hook bundle (dist/hook.js) and
// not the engine. Every other command is the engine CLI (dist/cli-main.js, src/cli-main.ts).
// Both are loaded by path beside this file at run time (the bundler leaves such requires alone).
const entry = process.argv[2] === 'hook' ? 'hook.js' : 'cli-main.js';
if (entry === 'hook.js') process.argv.splice(2, 1);
require(nodePath.join(__dirname, entry));

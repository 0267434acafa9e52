import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runHook } from './hooks/run-hook';
import { startOwner } from './hooks/start-owner';

// `agent-safe-edit hook AGENT …` (dist/hook.js, reached through dist/cli.js): one agent hook
// event, payload on stdin. Kept small: it holds the payload parsers and the hand-over to the
// process that owns the folder's history; when none runs it starts the background owner
// (dist/owner.js, beside this file) and hands the event to it. It never opens the store.
const OWNER_SCRIPT = nodePath.join(__dirname, 'owner.js');

void runHook(process.argv.slice(2), {
  stdin: readFileSync(0, 'utf8'), env: process.env, cwd: process.cwd(),
  out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t),
}, (realRoot, args, deadline) => startOwner(realRoot, { script: OWNER_SCRIPT, env: process.env, ...(args.store ? { store: args.store } : {}) }, deadline)).then((code) => { process.exitCode = code; });

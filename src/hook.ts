import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { runHook } from './hooks/run-hook';
import type { StoreRecorder } from './hooks/run-hook';

// `agent-safe-edit hook AGENT …` (dist/hook.js, reached through dist/cli.js): one agent hook
// event, payload on stdin. Kept small: it holds the payload parsers and the hand-over to the
// window or server that owns the folder's history; the headless store's code (dist/hook-store.js)
// is loaded only when no owner runs.
const loadStoreRecorder = (): StoreRecorder => (require(nodePath.join(__dirname, 'hook-store.js')) as { recordInStore: StoreRecorder }).recordInStore;

void runHook(process.argv.slice(2), {
  stdin: readFileSync(0, 'utf8'), env: process.env, cwd: process.cwd(),
  out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t),
}, loadStoreRecorder).then((code) => { process.exitCode = code; });

import { parseOwnerArgs, OWNER_USAGE } from './headless/owner-args';
import { runOwner } from './headless/owner';

// dist/owner.js: the background owner of one folder's history, started detached by a hook
// (hooks/start-owner.ts); its stdout and stderr go to its log under the state directory.
const parsed = parseOwnerArgs(process.argv.slice(2), process.env, process.cwd());
if (typeof parsed === 'string') {
  process.stderr.write(`agent-safe-edit owner: ${parsed}\n${OWNER_USAGE}\n`);
  process.exitCode = 2;
} else {
  const log = (line: string) => process.stderr.write(`${new Date().toISOString()} owner ${process.pid}: ${line}\n`);
  runOwner(parsed, log).then((code) => process.exit(code), (e: Error) => {
    log(e.stack ?? e.message);
    process.exit(1);
  });
}

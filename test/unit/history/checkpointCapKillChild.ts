/**
 * Child process for the kill-at-every-step test of the store's cap over checkpoints (not a test
 * file). Usage:
 *   node checkpointCapKillChild.js <workspace> <storeRoot> <stepIndex>
 * In a store capped at CAP_BYTES: a checkpoint, a prune (its caller keeps none), an edit
 * journaled, then a second checkpoint whose new data pushes the store past its cap, so the
 * store's retention prunes the first one and collects its blobs. Kills itself with SIGKILL at the
 * stepIndex-th durability step the store or the checkpoint code reports (-1: never; it then
 * prints the step count). Prints "TAKEN <id>" once a take returned and "LEFT <ids as JSON>" at
 * the end.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BackupStore } from '../../../src/history/backupStore';
import { Checkpoints } from '../../../src/history/checkpoints/checkpoints';

/** Two checkpoints of DATA_BYTES of random data each do not fit; one, with the journal, does. */
const CAP_BYTES = 8000;
const DATA_BYTES = 3000;

async function main(): Promise<void> {
  const [ws, storeRoot, at] = process.argv.slice(2);
  let steps = 0;
  const onStep = () => {
    if (steps++ === Number(at)) process.kill(process.pid, 'SIGKILL');
  };
  const store = new BackupStore(storeRoot, { onStep, maxTotalBytes: CAP_BYTES });
  const checkpoints = new Checkpoints(store, { workerScript: null, onStep });
  const take = async () => {
    fs.writeFileSync(path.join(ws, 'data.bin'), randomBytes(DATA_BYTES));
    const taken = await checkpoints.take(ws);
    if (!taken.ok) throw new Error(taken.failure.message);
    process.stdout.write(`TAKEN ${taken.checkpoint.id}\n`);
  };
  await take();
  const pruned = await checkpoints.prune();
  if (!pruned.ok) throw new Error(pruned.failure.message);
  const begun = await store.begin({ tool: 'edit_lines', path: 'src/a.ts', beforeText: fs.readFileSync(path.join(ws, 'src/a.ts'), 'utf8') });
  if (!begun.ok) throw new Error(begun.failure.message);
  fs.writeFileSync(path.join(ws, 'src/a.ts'), 'export const a = 2;\n');
  const finished = await store.finish(begun.id, { afterText: 'export const a = 2;\n', outcome: 'applied' });
  if (!finished.ok) throw new Error(finished.failure.message);
  await new Promise((r) => setTimeout(r, 5)); // the second checkpoint's id sorts after the first's
  await take();
  process.stdout.write(`LEFT ${JSON.stringify((await checkpoints.list()).map((c) => c.id))}\n`);
  await store.close();
  process.stdout.write(`STEPS ${steps}\n`);
}

main().catch((error) => {
  process.stderr.write(String(error));
  process.exit(2);
});

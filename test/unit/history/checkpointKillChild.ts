/**
 * Child process for the kill-at-every-step test of checkpoints (not a test file). Usage:
 *   node checkpointKillChild.js <workspace> <storeRoot> <stepIndex>
 * Takes a cold checkpoint, changes files (one through the journal), takes an incremental one,
 * prunes, and kills itself with SIGKILL at the stepIndex-th durability step that the store or
 * the checkpoint code reports (-1: never; it then prints the step count). Prints
 * "TAKEN <id>" once a take returned, "PRUNE START" before the prune and "PRUNED <ids as JSON>"
 * once it returned.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { Checkpoints } from '../../../src/history/checkpoints/checkpoints';

async function main(): Promise<void> {
  const [ws, storeRoot, at] = process.argv.slice(2);
  let steps = 0;
  const onStep = () => { if (steps++ === Number(at)) process.kill(process.pid, 'SIGKILL'); };
  const store = new BackupStore(storeRoot, { onStep });
  const checkpoints = new Checkpoints(store, { workerScript: null, onStep });
  const cold = await checkpoints.take(ws);
  if (!cold.ok) throw new Error(cold.failure.message);
  process.stdout.write(`TAKEN ${cold.checkpoint.id}\n`);
  const begun = await store.begin({ tool: 'edit_lines', path: 'src/a.ts', beforeText: fs.readFileSync(path.join(ws, 'src/a.ts'), 'utf8') });
  if (!begun.ok) throw new Error(begun.failure.message);
  fs.writeFileSync(path.join(ws, 'src/a.ts'), 'export const a = 2;\n');
  const finished = await store.finish(begun.id, { afterText: 'export const a = 2;\n', outcome: 'applied' });
  if (!finished.ok) throw new Error(finished.failure.message);
  fs.writeFileSync(path.join(ws, 'data.bin'), Buffer.from([9, 8, 7, 0, 255]));
  fs.writeFileSync(path.join(ws, 'new.txt'), 'made by a formatter\n');
  const warm = await checkpoints.take(ws);
  if (!warm.ok) throw new Error(warm.failure.message);
  process.stdout.write(`TAKEN ${warm.checkpoint.id}\n`);
  process.stdout.write('PRUNE START\n');
  const pruned = await checkpoints.prune();
  if (!pruned.ok) throw new Error(pruned.failure.message);
  process.stdout.write(`PRUNED ${JSON.stringify(pruned.removed)}\n`);
  await store.close();
  process.stdout.write(`STEPS ${steps}\n`);
}

main().catch((error) => { process.stderr.write(String(error)); process.exit(2); });

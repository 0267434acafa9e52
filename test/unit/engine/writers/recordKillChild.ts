/**
 * Child process for the kill-at-every-step test of the recording of other writers (not a test
 * file). Usage: node recordKillChild.js <workspace> <storeRoot> <stepIndex>
 * Takes the base checkpoint, lets "another writer" change three files (one with a BOM, one
 * deleted, one created) during a turn, records them, then runs a "program" between two
 * checkpoints that rewrites one file, and kills itself with SIGKILL at the stepIndex-th
 * durability step the store or the checkpoints report (-1: never; it prints the step count).
 * Prints "RECORDED <n>" after each recording returned.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { diskFileHost } from '../../../../src/hosts/disk/file-host';
import type { CheckpointHost } from '../../../../src/engine/host';
import { WriterRecorder } from '../../../../src/engine/writers/writer-recorder';

/** What the files hold after each phase (the test checks the workspace against them). */
export const PHASES = {
  base: { 'a.txt': 'a before\n', 'bom.txt': '\uFEFFbom before\r\n', 'gone.txt': 'to be deleted\n' } as Record<string, string>,
  outside: { 'a.txt': 'a by the terminal\n', 'bom.txt': 'bom rewritten\n', 'made.txt': 'created\n' } as Record<string, string>,
  program: { 'a.txt': 'a by the program\n', 'bom.txt': 'bom rewritten\n', 'made.txt': 'created\n' } as Record<string, string>,
};

export function writeFiles(ws: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(ws, name), text);
}

async function main(): Promise<void> {
  const [ws, storeRoot, at] = process.argv.slice(2);
  let steps = 0;
  const onStep = () => { if (steps++ === Number(at)) process.kill(process.pid, 'SIGKILL'); };
  const store = new BackupStore(storeRoot, { onStep });
  const opened = await store.open();
  if (!opened.ok) throw new Error(opened.failure.message);
  const cps = new Checkpoints(store, { workerScript: null, onStep });
  let clock = 1_000_000;
  const checkpoints: CheckpointHost = {
    async takeAll() {
      const taken = await cps.take(ws);
      if (!taken.ok) throw new Error(taken.failure.message);
      return [{ root: taken.checkpoint.root, id: taken.checkpoint.id, started: clock }];
    },
    diff: (a, b) => cps.diff(a, b),
    async prune(keep) { await cps.prune(keep); },
  };
  const recorder = new WriterRecorder({ store, files: diskFileHost(ws, storeRoot), log: () => undefined, checkpoints }, { tailMs: () => 60_000, recordTurns: () => true, maxFileBytes: () => 16 * 1024 * 1024, quietGapMs: () => 2 * 60_000, now: () => clock });
  await recorder.settleQuiet();
  recorder.noteCall('turn-1', undefined);
  clock += 1000;
  fs.rmSync(path.join(ws, 'gone.txt'));
  writeFiles(ws, PHASES.outside);
  const first = await recorder.settle();
  process.stdout.write(`RECORDED ${first.files.length}\n`);
  clock += 1000;
  const { recorded } = await recorder.aroundProgram(['node', 'gen.js'], 'turn-1', undefined, async () => writeFiles(ws, PHASES.program));
  process.stdout.write(`RECORDED ${recorded.files.length}\n`);
  await cps.close();
  await store.close();
  process.stdout.write(`STEPS ${steps}\n`);
}

if (require.main === module) main().catch((error) => { process.stderr.write(String(error)); process.exit(2); });

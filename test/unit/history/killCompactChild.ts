/**
 * Child process for the kill-at-every-step test of retention, garbage collection and journal
 * compaction (not a test file). Usage:
 *   node killCompactChild.js <root> <stepIndex>
 * Opens a copy of the seeded store (its journal a few lines short of a compaction; a snapshot
 * that only the seeding session pinned, collected by the first retention round that drops a
 * version: open collects nothing) and edits one file five times,
 * each time from a text of its own, so that from the fourth edit on retention drops a version,
 * its two snapshots are collected and the journal is compacted. Kills itself with SIGKILL at
 * the stepIndex-th step the store reports (-1: never; it then prints the steps). After open and
 * after each begin and finish it prints "STATE <n> <keys of the live entries>".
 */
import { BackupStore } from '../../../src/history/backupStore';
import { COMPACT_SCENARIO } from './killCompactScenario';

async function main(): Promise<void> {
  const [root, at] = process.argv.slice(2);
  let steps = 0;
  const names: string[] = [];
  const store = new BackupStore(root, {
    ...COMPACT_SCENARIO.options,
    onStep: (name) => {
      names.push(name);
      if (steps++ === Number(at)) process.kill(process.pid, 'SIGKILL');
    },
  });
  let state = 0;
  const report = (): void => {
    process.stdout.write(`STATE ${state++} ${JSON.stringify(store.listAll().map(COMPACT_SCENARIO.key))}\n`);
  };
  const opened = await store.open();
  if (!opened.ok) throw new Error(opened.failure.message);
  report();
  for (let i = 0; i < COMPACT_SCENARIO.edits; i++) {
    const begun = await store.begin({ tool: 'write_file', path: COMPACT_SCENARIO.path, beforeText: COMPACT_SCENARIO.before(i) });
    if (!begun.ok) throw new Error(begun.failure.message);
    report();
    const finished = await store.finish(begun.id, { afterText: COMPACT_SCENARIO.after(i), outcome: 'applied' });
    if (!finished.ok) throw new Error(finished.failure.message);
    report();
  }
  await store.close();
  process.stdout.write(`STEPS ${steps} ${JSON.stringify(names)}\n`);
}

main().catch((error) => {
  process.stderr.write(String(error));
  process.exit(2);
});

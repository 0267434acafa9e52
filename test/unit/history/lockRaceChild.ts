/**
 * Child process for the lock race test (not a test file). Usage:
 *   node lockRaceChild.js <root> <label> <edits> <attemptsPerEdit>
 * Prints "READY", waits for "go" on stdin, then opens the store at the same instant as its
 * siblings. The owner prints "OWNER", then "SEEN <ids>" (the edit entries its open found: the
 * restart check), then per edit of a file of its own "WROTE <id> <original as JSON>", with
 * attempts on a shared noise file between edits (they make retention drop entries, collect
 * garbage and compact the journal), then "DONE", and waits to be killed (its lock stays
 * behind, stale). A refused process prints "REFUSED <message>", keeps trying to open and
 * write while the owner writes, prints "LOSER <writes that succeeded>" and exits.
 */
import { BackupStore } from '../../../src/history/backupStore';

const LOSER_TRIES = 12;

async function main(): Promise<void> {
  const [root, label, editsArg, attemptsArg] = process.argv.slice(2);
  const options = { maxEntriesPerFile: 10, log: () => undefined };
  const store = new BackupStore(root, options);
  process.stdout.write('READY\n');
  await waitForGo();
  const opened = await store.open();
  if (!opened.ok) {
    process.stdout.write(`REFUSED ${JSON.stringify(opened.failure.message)}\n`);
    let writes = 0;
    for (let i = 0; i < LOSER_TRIES; i++) {
      const again = new BackupStore(root, options);
      const begun = await again.begin({ tool: 'write_file', path: `src/loser-${label}.ts`, beforeText: `loser ${label} ${i}\n` });
      if (begun.ok) writes++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    process.stdout.write(`LOSER ${writes}\n`);
    process.exit(0);
  }
  process.stdout.write('OWNER\n');
  const seen = store
    .listAll()
    .filter((e) => e.path.startsWith('src/orig-'))
    .map((e) => e.id);
  process.stdout.write(`SEEN ${JSON.stringify(seen)}\n`);
  for (let i = 0; i < Number(editsArg); i++) {
    const original = `original of ${label}, file ${i}\n`;
    const begun = await store.begin({ tool: 'write_file', path: `src/orig-${label}-${i}.ts`, beforeText: original });
    if (!begun.ok) throw new Error(begun.failure.message);
    process.stdout.write(`WROTE ${begun.id} ${JSON.stringify(original)}\n`);
    const finished = await store.finish(begun.id, { afterText: `${original}changed\n`, outcome: 'applied' });
    if (!finished.ok) throw new Error(finished.failure.message);
    for (let a = 0; a < Number(attemptsArg); a++) {
      const attempt = await store.recordAttempt({ tool: 'safe_patch', path: 'src/noise.ts', outcome: 'failed', beforeText: `noise ${label} ${i} ${a}\n` });
      if (!attempt.ok) throw new Error(attempt.failure.message);
    }
  }
  process.stdout.write('DONE\n');
  setInterval(() => undefined, 1000);
}

function waitForGo(): Promise<void> {
  return new Promise((resolve) => {
    let buffered = '';
    process.stdin.on('data', (d) => {
      buffered += String(d);
      if (buffered.includes('go\n')) resolve();
    });
  });
}

main().catch((error) => {
  process.stderr.write(String(error));
  process.exit(2);
});

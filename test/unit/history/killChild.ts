/**
 * Child process for the kill-at-every-step test (not a test file). Usage:
 *   node killChild.js <root> <stepIndex>
 * Runs three edits of one file (begin, "write", finish) and kills itself with SIGKILL at the
 * stepIndex-th durability step the store reports (-1: never; it then prints the step count).
 * Prints "BEGUN <id> <beforeText as JSON>" once begin returned, i.e. once the edit could have
 * touched the file.
 */
import { BackupStore } from '../../../src/history/backupStore';

async function main(): Promise<void> {
  const [root, at] = process.argv.slice(2);
  let steps = 0;
  const store = new BackupStore(root, {
    onStep: () => {
      if (steps++ === Number(at)) process.kill(process.pid, 'SIGKILL');
    },
  });
  let text = 'line 1\nline 2\n';
  for (let i = 0; i < 3; i++) {
    const begun = await store.begin({ tool: 'edit_lines', path: 'src/killed.ts', beforeText: text });
    if (!begun.ok) throw new Error(begun.failure.message);
    process.stdout.write(`BEGUN ${begun.id} ${JSON.stringify(text)}\n`);
    text = `${text}line ${i + 3}\n`;
    const finished = await store.finish(begun.id, { afterText: text, outcome: 'applied' });
    if (!finished.ok) throw new Error(finished.failure.message);
  }
  await store.close();
  process.stdout.write(`STEPS ${steps}\n`);
}

main().catch((error) => { process.stderr.write(String(error)); process.exit(2); });

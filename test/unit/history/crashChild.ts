/**
 * Child process for the crash test (not a test file). Usage:
 *   node crashChild.js <root> <textFile> begin      — begin one entry, print "BEGUN <id>", hang
 *   node crashChild.js <root> <textFile> loop       — begin/finish edits forever, printing each id
 * The parent kills it with SIGKILL.
 */
import * as fs from 'node:fs';
import { BackupStore } from '../../../src/history/backupStore';

async function main(): Promise<void> {
  const [root, textFile, mode] = process.argv.slice(2);
  const store = new BackupStore(root);
  const opened = await store.open();
  if (!opened.ok) throw new Error(opened.failure.message);
  let text = fs.readFileSync(textFile, 'utf8');
  if (mode === 'begin') {
    const begun = await store.begin({ tool: 'write_file', path: 'src/victim.c', beforeText: text });
    if (!begun.ok) throw new Error(begun.failure.message);
    process.stdout.write(`BEGUN ${begun.id}\n`);
    setInterval(() => undefined, 1000);
    return;
  }
  for (let i = 0; ; i++) {
    const begun = await store.begin({ tool: 'edit_lines', path: 'src/loop.ts', beforeText: text });
    if (!begun.ok) throw new Error(begun.failure.message);
    process.stdout.write(`BEGUN ${begun.id}\n`);
    text = text.replace(/\n/, `\n// edit ${i}\n`);
    const finished = await store.finish(begun.id, { afterText: text, outcome: 'applied' });
    if (!finished.ok) throw new Error(finished.failure.message);
  }
}

main().catch((error) => { process.stderr.write(String(error)); process.exit(2); });

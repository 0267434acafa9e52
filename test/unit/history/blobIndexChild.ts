/**
 * Child process for the blob index tests (not a test file). Usage:
 *   node blobIndexChild.js <root> <idle|dirty>
 * Edits a file three times, waits until the store, idle, has marked its blob index clean, then
 * ("dirty") edits twice more, with texts it never stored before, so the index on disk no longer
 * lists every blob; and kills itself with SIGKILL: a crash, whatever the index says. Prints
 * "TEXT <sha256> <text as JSON>" for every text it stored, then "KILL".
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';

async function main(): Promise<void> {
  const [root, mode] = process.argv.slice(2);
  const store = new BackupStore(root, { indexMarkIdleMs: 20, collectAfterOpenMs: 3_600_000 });
  const edit = async (i: number): Promise<void> => {
    const before = `export const version = ${i};\n`.repeat(30);
    const after = `export const version = ${i}; // edited\n`.repeat(30);
    const begun = await store.begin({ tool: 'write_file', path: `src/f${i}.ts`, beforeText: before });
    if (!begun.ok) throw new Error(begun.failure.message);
    const finished = await store.finish(begun.id, { afterText: after, outcome: 'applied' });
    if (!finished.ok) throw new Error(finished.failure.message);
    for (const text of [before, after]) process.stdout.write(`TEXT ${JSON.stringify(text)}\n`);
  };
  for (let i = 0; i < 3; i++) await edit(i);
  const index = path.join(root, 'blob-index.log');
  const deadline = Date.now() + 10_000;
  // The idle mark: the file's last line a clean mark of this session's generation.
  const generation = Math.max(...fs.readdirSync(root).flatMap((n) => /^store\.lock\.(\d+)$/.exec(n)?.[1] ?? []).map(Number));
  while (!fs.readFileSync(index, 'latin1').trimEnd().split('\n').pop()!.startsWith(`clean ${generation} `)) {
    if (Date.now() > deadline) throw new Error('the store never marked its index clean');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (mode === 'dirty') for (let i = 3; i < 5; i++) await edit(i);
  process.stdout.write('KILL\n');
  process.kill(process.pid, 'SIGKILL');
}

main().catch((error) => { process.stderr.write(String(error)); process.exit(2); });

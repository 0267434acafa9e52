/**
 * Child process for the multi-file kill test (not a test file). Usage:
 *   node groupKillChild.js <root> <workDir> <stepIndex> [intended]
 * Runs one multi-file change of three files in <workDir> as the tool level does (beginGroup,
 * write each file, finish each entry) and kills itself with SIGKILL at the stepIndex-th step:
 * the store's durability steps plus one step per file write (-1: never; it prints the count).
 * `intended`: each entry names the text the change means to leave, as the tools do (crash
 * recovery then knows a file the change reached).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { sha256Text } from '../../../src/core/hash';

export const GROUP_FILES = ['a.txt', 'b.txt', 'c.txt'];
export const before = (f: string) => `before ${f}\n`;
export const after = (f: string) => `after ${f}\n`;

async function main(): Promise<void> {
  const [root, work, at, intended] = process.argv.slice(2);
  let steps = 0;
  const step = () => { if (steps++ === Number(at)) process.kill(process.pid, 'SIGKILL'); };
  const store = new BackupStore(root, { onStep: step });
  const begun = await store.beginGroup(GROUP_FILES.map((f) => ({ tool: 'safe_patch', path: f, beforeText: before(f), ...(intended === 'intended' ? { intendedSha256: sha256Text(after(f)) } : {}) })));
  if (!begun.ok) throw new Error(begun.failure.message);
  process.stdout.write(`GROUP ${begun.group_id}\n`);
  for (const f of GROUP_FILES) {
    fs.writeFileSync(path.join(work, f), after(f));
    step();
  }
  for (const e of begun.entries) {
    const done = await store.finish(e.id, { afterText: after(GROUP_FILES[begun.entries.indexOf(e)]), outcome: 'applied' });
    if (!done.ok) throw new Error(done.failure.message);
  }
  await store.close();
  process.stdout.write(`STEPS ${steps}\n`);
}

if (require.main === module) main().catch((error) => { process.stderr.write(String(error)); process.exit(2); });

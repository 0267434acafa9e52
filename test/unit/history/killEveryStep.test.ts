// Issue 15: finish no longer fsyncs on the edit's path. Killing the process at every
// durability step of begin/finish (and of the background flush) must leave a store that opens
// and holds the before text of every edit whose begin returned (the edits that could have
// touched the file).
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { sha256Text } from '../../../src/core/hash';

const CHILD = path.join(__dirname, 'killChild.js');

function runChild(root: string, at: number): { stdout: string; signal: NodeJS.Signals | null } {
  const r = spawnSync(process.execPath, [CHILD, root, String(at)], { encoding: 'utf8', timeout: 30_000 });
  return { stdout: r.stdout, signal: r.signal };
}

describe('history: killed at every durability step (issue 15)', () => {
  it('the reopened store holds the before text of every begun edit, whichever step the kill hit', async function () {
    this.timeout(120_000);
    const dry = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-kill-'));
    const full = runChild(dry, -1);
    const count = Number(/STEPS (\d+)/.exec(full.stdout)?.[1]);
    assert.ok(count >= 10, `expected the steps of three edits, got: ${full.stdout}`);
    for (let at = 0; at < count; at++) {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-kill-'));
      const run = runChild(root, at);
      assert.equal(run.signal, 'SIGKILL', `step ${at}: the child was not killed (${run.stdout})`);
      const begun = [...run.stdout.matchAll(/^BEGUN (\S+) (.*)$/gm)].map((m) => ({ id: m[1], before: JSON.parse(m[2]) as string }));
      const store = new BackupStore(root);
      const opened = await store.open();
      assert.ok(opened.ok, `step ${at}: open failed`);
      const entries = store.list('src/killed.ts');
      for (const b of begun) {
        const entry = entries.find((e) => e.id === b.id);
        assert.ok(entry, `step ${at}: entry ${b.id} is gone`);
        const text = await store.readText(entry.before_sha256);
        assert.ok(text.ok && text.text === b.before, `step ${at}: the before text of ${b.id} does not restore`);
      }
      await store.close();
    }
  });

  it('does not trust a blob from an earlier session that a power loss left damaged: the next begin writes it anew', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-torn-'));
    const text = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const first = new BackupStore(root);
    const begun = await first.begin({ tool: 'edit_lines', path: 'a.ts', beforeText: 'old\n' });
    assert.ok(begun.ok);
    await first.finish(begun.id, { afterText: text, outcome: 'applied' });
    await first.close();
    // what an unsynced after-snapshot can look like after a power loss: whole header, cut body
    const sha = sha256Text(text);
    const blob = path.join(root, 'blobs', sha.slice(0, 2), sha);
    const bytes = fs.readFileSync(blob);
    fs.writeFileSync(blob, bytes.subarray(0, bytes.indexOf(10) + 4));
    const second = new BackupStore(root);
    const again = await second.begin({ tool: 'edit_lines', path: 'a.ts', beforeText: text });
    assert.ok(again.ok);
    const read = await second.readText(again.before_sha256);
    assert.ok(read.ok && read.text === text, 'the before text of the new edit restores');
    await second.close();
  });
});

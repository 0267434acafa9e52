import assert from 'node:assert/strict';
import { spawn, ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { sha256Text } from '../../../src/core/hash';
import { sourceText, tempRoot } from './helpers';

/** The compiled child script next to this compiled test (out/test/unit/history/crashChild.js). */
const CHILD = path.join(__dirname, 'crashChild.js');

/** Starts the child and resolves once it has printed `count` "BEGUN <id>" lines; returns the ids. */
function runChildUntil(args: string[], count: number): Promise<{ child: ChildProcess; ids: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ids: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stderr!.on('data', (d) => { stderr += String(d); });
    child.stdout!.on('data', (d) => {
      buffered += String(d);
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.startsWith('BEGUN ')) ids.push(line.slice(6));
        if (ids.length === count) resolve({ child, ids });
      }
    });
    child.on('exit', (code, signal) => { if (ids.length < count) reject(new Error(`child exited ${code ?? signal}: ${stderr}`)); });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('BackupStore crash recovery (child process killed with SIGKILL)', () => {
  let root: string;
  let textFile: string;
  beforeEach(() => {
    root = tempRoot();
    textFile = path.join(root, '..', `${path.basename(root)}-victim.c`);
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(textFile, { force: true });
  });

  it('loses nothing when killed between begin and finish: the entry is interrupted, the snapshot restores exactly', async () => {
    // The 3,400-byte C file from the incident, with CRLF endings and no final newline.
    const victim = ('#include <stdio.h>\r\n' + 'int f(int x) { return x * 2; } /* ü */\r\n'.repeat(84) + 'int main(void) { return f(1); }').slice(0, 3400);
    fs.writeFileSync(textFile, victim);
    const { child, ids } = await runChildUntil([root, textFile, 'begin'], 1);
    await killHard(child);

    const store = new BackupStore(root);
    const opened = await store.open();
    assert.ok(opened.ok, JSON.stringify(opened));
    assert.deepEqual(opened.recovery.interrupted, ids);
    const entry = store.get(ids[0]);
    assert.ok(entry);
    assert.equal(entry.outcome, 'interrupted');
    assert.equal(entry.path, 'src/victim.c');
    assert.equal(entry.after_sha256, null);
    assert.equal(entry.before_sha256, sha256Text(victim));
    const restored = await store.readText(entry.before_sha256);
    assert.ok(restored.ok);
    assert.equal(Buffer.compare(Buffer.from(restored.text, 'utf8'), fs.readFileSync(textFile)), 0);
    await store.close();

    // Recovery is recorded: a second open finds nothing pending.
    const again = new BackupStore(root);
    const second = await again.open();
    assert.ok(second.ok && second.recovery.interrupted.length === 0);
    assert.equal(again.get(ids[0])?.outcome, 'interrupted');
    await again.close();
  });

  it('recovers a consistent store when killed at an arbitrary point of a busy edit loop', async () => {
    fs.writeFileSync(textFile, sourceText(200_000));
    for (let round = 0; round < 3; round++) {
      const { child } = await runChildUntil([root, textFile, 'loop'], 5 + round * 7);
      await new Promise((r) => setTimeout(r, round * 13));
      await killHard(child);

      const store = new BackupStore(root);
      const opened = await store.open();
      assert.ok(opened.ok, JSON.stringify(opened));
      const entries = store.list('src/loop.ts');
      assert.ok(entries.length >= 5);
      assert.equal(entries.filter((e) => e.outcome === 'pending').length, 0);
      // Every backup the journal knows restores to a text with exactly its hash.
      for (const e of entries) {
        for (const sha of [e.before_sha256, e.after_sha256]) {
          if (sha === null) continue;
          const read = await store.readText(sha);
          assert.ok(read.ok, JSON.stringify(read));
          assert.equal(sha256Text(read.text), sha);
        }
      }
      await store.close();
    }
  });
});

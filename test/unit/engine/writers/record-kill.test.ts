import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BackupStore } from '../../../../src/history/backupStore';
import { PHASES, writeFiles } from './recordKillChild';

const CHILD = path.join(__dirname, 'recordKillChild.js');

function workspaceNow(ws: string): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(ws).sort().map((n) => [n, fs.readFileSync(path.join(ws, n), 'utf8')]));
}

// Recording writes only to the store, never to the workspace: a kill at any step of it must
// leave the workspace as the writers left it, the store openable, and every recorded entry
// either complete (its before readable, byte for byte) or marked interrupted.
describe('recording other writers, killed at every durability step', () => {
  it('the workspace is what the writers left, and every entry that survived holds its before-state', async function () {
    this.timeout(300_000);
    const dry = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-rec-kill-'));
    const dryWs = path.join(dry, 'ws');
    fs.mkdirSync(dryWs);
    writeFiles(dryWs, PHASES.base);
    const full = spawnSync(process.execPath, [CHILD, dryWs, path.join(dry, 'store'), '-1'], { encoding: 'utf8', timeout: 60_000 });
    const count = Number(/STEPS (\d+)/.exec(full.stdout)?.[1]);
    assert.ok(count >= 10, `expected the steps of checkpoints and recordings, got: ${full.stdout} ${full.stderr}`);
    assert.deepEqual([...full.stdout.matchAll(/^RECORDED (\d+)$/gm)].map((m) => Number(m[1])), [4, 1], 'the dry run records 4 changes, then the program\'s 1');
    fs.rmSync(dry, { recursive: true, force: true });

    const befores: Record<string, string | null> = { 'a.txt': 'a before\n', 'bom.txt': '\uFEFFbom before\r\n', 'gone.txt': 'to be deleted\n', 'made.txt': null };
    for (let at = 0; at < count; at++) {
      const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-rec-kill-'));
      const ws = path.join(base, 'ws');
      const storeRoot = path.join(base, 'store');
      fs.mkdirSync(ws);
      writeFiles(ws, PHASES.base);
      const run = spawnSync(process.execPath, [CHILD, ws, storeRoot, String(at)], { encoding: 'utf8', timeout: 60_000 });
      assert.equal(run.signal, 'SIGKILL', `step ${at}: ${run.stdout} ${run.stderr}`);
      const files = workspaceNow(ws);
      // The workspace is exactly one of the writers' states: recording and recovery wrote nothing to it.
      const states = [PHASES.base, { ...PHASES.outside }, { ...PHASES.program }].map((s) => JSON.stringify(Object.fromEntries(Object.entries(s).sort())));
      assert.ok(states.includes(JSON.stringify(files)), `step ${at}: the workspace holds ${JSON.stringify(files)}`);

      const store = new BackupStore(storeRoot);
      const opened = await store.open();
      assert.ok(opened.ok, `step ${at}: the store reopens`);
      assert.deepEqual(workspaceNow(ws), files, `step ${at}: recovery left the workspace alone`);
      for (const e of store.listAll()) {
        assert.ok(['applied', 'interrupted'].includes(e.outcome), `step ${at}: ${e.path} is ${e.outcome}`);
        if (e.tool === 'execute_program') continue;
        const snapshot = await store.readSnapshot(e.before_sha256);
        assert.ok(snapshot.ok, `step ${at}: the before of ${e.path} is readable`);
        const bytes = 'bytes' in snapshot.snapshot ? snapshot.snapshot.bytes.toString('utf8') : snapshot.snapshot.text;
        const want = befores[e.path];
        if (want === null) assert.equal(e.kind, 'create', `step ${at}: ${e.path} was created`);
        else assert.equal(bytes, want, `step ${at}: the before of ${e.path}, byte for byte`);
      }
      await store.close();
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});

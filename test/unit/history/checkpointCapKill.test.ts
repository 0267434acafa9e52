// The store's cap prunes old checkpoints and collects their blobs. Killing the process at every
// durability step of that (and of the takes and the edit around it) must leave a store that opens
// with every checkpoint it still lists whole, the newest one among them, and every edit's backup.
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { Checkpoints } from '../../../src/history/checkpoints/checkpoints';
import { readCheckpoint } from '../../../src/history/checkpoints/readManifest';
import { sha256Text } from '../../../src/core/hash';

const CHILD = path.join(__dirname, 'checkpointCapKillChild.js');
const A_BEFORE = 'export const a = 1;\n';

function seedWorkspace(): { ws: string; store: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-kill-cap-'));
  const ws = path.join(base, 'ws');
  fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'src/a.ts'), A_BEFORE);
  fs.writeFileSync(path.join(ws, 'README'), 'no final newline');
  return { ws, store: path.join(base, 'store') };
}

function run(ws: string, store: string, at: number): { stdout: string; stderr: string; signal: NodeJS.Signals | null } {
  const r = spawnSync(process.execPath, [CHILD, ws, store, String(at)], { encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

describe('history: the store cap over checkpoints, killed at every step', () => {
  it('a process killed at each step of a take that the cap answers by pruning the older checkpoint leaves every listed checkpoint whole', async function () {
    this.timeout(300_000);
    const dry = seedWorkspace();
    const full = run(dry.ws, dry.store, -1);
    const count = Number(/STEPS (\d+)/.exec(full.stdout)?.[1]);
    const taken = [...full.stdout.matchAll(/^TAKEN (\S+)$/gm)].map((m) => m[1]);
    assert.deepEqual(JSON.parse(/^LEFT (.*)$/m.exec(full.stdout)?.[1] ?? 'null'), [taken[1]], `the cap prunes the first checkpoint: ${full.stdout} ${full.stderr}`);
    assert.ok(count >= 10, `expected the steps of two takes, an edit and a pruning, got ${count}`);
    fs.rmSync(path.dirname(dry.ws), { recursive: true, force: true });
    for (let at = 0; at < count; at++) {
      const { ws, store } = seedWorkspace();
      const killed = run(ws, store, at);
      const where = `killed at step ${at}`;
      assert.equal(killed.signal, 'SIGKILL', `${where}: the child was not killed (${killed.stdout} ${killed.stderr})`);
      const ids = [...killed.stdout.matchAll(/^TAKEN (\S+)$/gm)].map((m) => m[1]);
      const reopened = new BackupStore(store);
      assert.ok((await reopened.open()).ok, `${where}: open failed`);
      const checkpoints = new Checkpoints(reopened, { workerScript: null });
      const held = (await checkpoints.list()).map((c) => c.id);
      // The folder's newest checkpoint is never pruned: the last one a take returned stays unless
      // a later take's record landed (the cap runs before that take returns).
      const last = ids[ids.length - 1];
      if (last !== undefined) assert.ok(held.includes(last) || held.some((id) => id > last), `${where}: the newest checkpoint is gone`);
      for (const id of held) {
        const { manifest } = await readCheckpoint(store, id);
        for (const e of manifest.entries) {
          if (e.kind === 'file') assert.ok((await reopened.readSnapshot(e.sha256)).ok, `${where}: ${e.path} of checkpoint ${id} does not restore`);
        }
      }
      // The edit's backup, once its begin could have returned, is kept whatever the cap did.
      for (const entry of reopened.listAll()) assert.ok((await reopened.readSnapshot(entry.before_sha256)).ok, `${where}: the backup of ${entry.path} is gone`);
      if (reopened.listAll().length > 0) assert.equal((await reopened.readText(sha256Text(A_BEFORE))).ok, true);
      const again = await checkpoints.take(ws);
      assert.ok(again.ok, `${where}: a new checkpoint fails`);
      await checkpoints.close();
      await reopened.close();
      fs.rmSync(path.dirname(ws), { recursive: true, force: true });
    }
  });
});

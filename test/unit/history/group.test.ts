// Issue 16: a multi-file change is one journal group. Its before-states are durable before any
// file is touched; a crash anywhere leaves a store whose group restores every file to its
// before text (all-before), and open() reports a group cut short.
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { isRestorable } from '../../../src/history/retention';
import { GROUP_FILES, before, after } from './groupKillChild';

const CHILD = path.join(__dirname, 'groupKillChild.js');

describe('history: multi-file groups (issue 16)', () => {
  it('beginGroup journals one pending entry per file with a shared group id; finish completes each', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-group-'));
    const store = new BackupStore(root);
    const begun = await store.beginGroup([{ tool: 'safe_patch', path: 'a', beforeText: 'A\n' }, { tool: 'safe_patch', path: 'b', beforeText: '', kind: 'create' }]);
    assert.ok(begun.ok);
    const group = store.listGroup(begun.group_id);
    assert.deepEqual(group.map((e) => [e.path, e.outcome, e.group_size, e.kind]), [['a', 'pending', 2, 'modify'], ['b', 'pending', 2, 'create']]);
    for (const e of begun.entries) assert.ok((await store.finish(e.id, { afterText: 'x\n', outcome: 'applied' })).ok);
    await store.close();
    const again = new BackupStore(root);
    const opened = await again.open();
    assert.ok(opened.ok);
    assert.deepEqual(opened.recovery.interruptedGroups, []);
    assert.deepEqual(again.listGroup(begun.group_id).map((e) => e.outcome), ['applied', 'applied']);
    await again.close();
  });

  it('refuses an empty group and a change without a path', async () => {
    const store = new BackupStore(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-group-')));
    assert.equal((await store.beginGroup([])).ok, false);
    assert.equal((await store.beginGroup([{ tool: 't', path: '', beforeText: '' }])).ok, false);
    await store.close();
  });

  it('killed at every step of a three-file change: every file is either untouched or its group entry restores its before text, and a cut group is reported', async function () {
    this.timeout(120_000);
    const run = (root: string, work: string, at: number) => spawnSync(process.execPath, [CHILD, root, work, String(at)], { encoding: 'utf8', timeout: 30_000 });
    const dry = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-gkill-'));
    const dryWork = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-gwork-'));
    const full = run(dry, dryWork, -1);
    const count = Number(/STEPS (\d+)/.exec(full.stdout)?.[1]);
    assert.ok(count >= 3 + 3, `expected the store's steps and three writes, got: ${full.stdout}${full.stderr}`);
    for (let at = 0; at < count; at++) {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-gkill-'));
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-gwork-'));
      for (const f of GROUP_FILES) fs.writeFileSync(path.join(work, f), before(f));
      const r = run(root, work, at);
      assert.equal(r.signal, 'SIGKILL', `step ${at}: not killed (${r.stdout}${r.stderr})`);
      const store = new BackupStore(root);
      const opened = await store.open();
      assert.ok(opened.ok, `step ${at}: open failed`);
      const groupId = /GROUP (\S+)/.exec(r.stdout)?.[1];
      const touched = GROUP_FILES.filter((f) => fs.readFileSync(path.join(work, f), 'utf8') !== before(f));
      if (groupId === undefined) {
        // killed inside beginGroup: no file may have been written yet
        assert.deepEqual(touched, [], `step ${at}: a file changed before its group was journaled`);
      } else {
        const entries = store.listGroup(groupId);
        const allApplied = entries.length === 3 && entries.every((e) => e.outcome === 'applied');
        if (!allApplied) assert.ok(opened.recovery.interruptedGroups.some((g) => g.group_id === groupId), `step ${at}: the cut group was not reported`);
        // the whole group restores: every file has a restorable entry whose snapshot is its before text
        for (const f of GROUP_FILES) {
          const entry = entries.find((e) => e.path === f);
          assert.ok(entry && isRestorable(entry), `step ${at}: ${f} has no restorable entry`);
          const text = await store.readText(entry.before_sha256);
          assert.ok(text.ok && text.text === before(f), `step ${at}: ${f}'s before text does not restore`);
          if (entry.outcome === 'applied') assert.equal(fs.readFileSync(path.join(work, f), 'utf8'), after(f));
        }
      }
      await store.close();
    }
  });
});

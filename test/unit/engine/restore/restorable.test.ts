import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { BackupStore } from '../../../../src/history/backupStore';
import { agentUndoCheck, chooseRestorable, ownerOf, restorableEntries, rollbackHashCheck } from '../../../../src/engine/restore/restorable';
import type { JournalEntry, Writer } from '../../../../src/history/types';
import { sha256Text } from '../../../../src/core/hash';
import { tempRoot } from '../../history/helpers';

// restorableEntries is what rollback_file, list_backups and the commands number as
// "revision N"; it rests on history/retention's isRestorable.
describe('restorableEntries', () => {
  let root: string;
  let store: BackupStore;
  beforeEach(async () => { root = tempRoot(); store = new BackupStore(root); assert.ok((await store.open()).ok); });
  afterEach(async () => { await store.close(); fs.rmSync(root, { recursive: true, force: true }); });

  async function change(before: string, after: string, tool = 'write_file'): Promise<void> {
    const begun = await store.begin({ tool, path: 'f.c', beforeText: before });
    assert.ok(begun.ok);
    assert.ok((await store.finish(begun.id, { afterText: after, outcome: 'applied' })).ok);
  }

  it('numbers the states before each change, newest first, skipping attempts that changed nothing', async () => {
    await change('v0\n', 'v1\n');
    await change('v1\n', 'v2\n');
    assert.ok((await store.recordAttempt({ tool: 'write_file', path: 'f.c', outcome: 'blocked', beforeText: 'v2\n' })).ok);
    const tried = await store.begin({ tool: 'safe_patch', path: 'f.c', beforeText: 'v2\n' });
    assert.ok(tried.ok);
    assert.ok((await store.finish(tried.id, { outcome: 'failed' })).ok);
    await change('v2\n', 'v3\n');
    assert.deepEqual(restorableEntries(store.list('f.c')).map((e) => e.before_sha256), ['v2\n', 'v1\n', 'v0\n'].map(sha256Text));
  });

  it('after a rollback, revision 0 is the state the rollback replaced (a rollback can be rolled back)', async () => {
    await change('v0\n', 'v1\n');
    await change('v1\n', 'v0\n', 'rollback_file');
    const [latest] = restorableEntries(store.list('f.c'));
    assert.equal(latest.tool, 'rollback_file');
    const read = await store.readText(latest.before_sha256);
    assert.ok(read.ok && read.text === 'v1\n');
  });

  it('does not offer an edit still in flight (pending) as a revision', async () => {
    await change('v0\n', 'v1\n');
    const inFlight = await store.begin({ tool: 'write_file', path: 'f.c', beforeText: 'v1\n' });
    assert.ok(inFlight.ok);
    const entries = store.list('f.c');
    assert.equal(entries[0].outcome, 'pending');
    assert.deepEqual(restorableEntries(entries).map((e) => e.before_sha256), [sha256Text('v0\n')]);
  });

  it("rollback_file's choice never lands on the user's own recorded change, and the hash check protects it", async () => {
    await change('v0\n', 'agent\n');
    const begun = await store.begin({ tool: 'user', path: 'f.c', beforeText: 'agent\n', writer: { kind: 'user' } });
    assert.ok(begun.ok);
    assert.ok((await store.finish(begun.id, { afterText: 'typed\n', outcome: 'applied' })).ok);
    const entries = store.list('f.c');
    const byDefault = chooseRestorable('f.c', entries, {});
    assert.ok(byDefault.ok && byDefault.entry.before_sha256 === sha256Text('v0\n'), 'revision by default: before the newest AGENT change');
    for (const pick of [{ revision: 0 }, { backup_id: begun.id }]) {
      const refused = chooseRestorable('f.c', entries, pick);
      assert.ok(!refused.ok && refused.failure.error_type === 'PERMISSION_DENIED' && (refused.failure as { reason?: string }).reason === 'users_own_change', JSON.stringify(refused));
    }
    // Restoring the state before the agent's change would undo the user's too: never, force or not.
    for (const force of [false, true]) {
      const check = agentUndoCheck(store, 'f.c', (byDefault as { entry: JournalEntry }).entry, force);
      assert.ok(!check.ok && (check.failure as { reason?: string }).reason === 'users_own_change', JSON.stringify(check));
    }
  });

  async function recorded(before: string, after: string, writer: Writer, kind: 'create' | 'modify' = 'modify'): Promise<string> {
    const begun = await store.begin({ tool: writer.kind, path: 'f.c', beforeText: before, writer, kind });
    assert.ok(begun.ok);
    assert.ok((await store.finish(begun.id, { afterText: after, outcome: 'applied' })).ok);
    return begun.id;
  }

  it("another program's change is never the default target: refused (naming it) when no agent changed the file; named, it needs force", async () => {
    const id = await recorded('', 'made by a program\n', { kind: 'outside' }, 'create');
    const byDefault = chooseRestorable('f.c', store.list('f.c'), {});
    assert.ok(!byDefault.ok && (byDefault.failure as { reason?: string }).reason === 'another_programs_change', JSON.stringify(byDefault));
    assert.equal((byDefault as { failure: { backup_id?: string } }).failure.backup_id, id);
    for (const pick of [{ revision: 0 }, { backup_id: id }]) {
      const named = chooseRestorable('f.c', store.list('f.c'), pick);
      assert.ok(named.ok && named.named && named.entry.id === id);
      assert.ok(!agentUndoCheck(store, 'f.c', named.entry, false).ok, 'named, but without force');
      assert.ok(agentUndoCheck(store, 'f.c', named.entry, true).ok, 'named, with force');
    }
  });

  it("the default target is the newest agent change; undoing it over another program's later change needs force, and the hash check sees that change", async () => {
    await change('v0\n', 'agent\n');
    await recorded('agent\n', 'formatted\n', { kind: 'outside', name: 'a formatter' });
    await recorded('formatted\n', 'generated\n', { kind: 'execute_program', argv: ['node', 'gen.js'] });
    const chosen = chooseRestorable('f.c', store.list('f.c'), {});
    assert.ok(chosen.ok && !chosen.named && chosen.entry.writer?.kind === 'execute_program', 'execute_program is an agent\'s writer');
    assert.ok(agentUndoCheck(store, 'f.c', chosen.entry, false).ok);
    const older = chooseRestorable('f.c', store.list('f.c'), { revision: 2 });
    assert.ok(older.ok && older.entry.writer === undefined);
    const refused = agentUndoCheck(store, 'f.c', older.entry, false);
    assert.ok(!refused.ok && (refused.failure as { reason?: string }).reason === 'another_programs_change');
    assert.match(refused.failure.message, /a formatter/);
    assert.ok(agentUndoCheck(store, 'f.c', older.entry, true).ok);
    assert.ok(rollbackHashCheck(store, 'f.c', { sha256: sha256Text('generated\n') }, false).ok, 'the file holds what its newest change left');
    assert.ok(!rollbackHashCheck(store, 'f.c', { sha256: sha256Text('agent\n') }, false).ok);
  });

  it('ownerOf: our tools, execute_program and agents\' own tools are agents; the user is the user; an outside or unknown writer is another program', () => {
    assert.equal(ownerOf({}), 'agent');
    assert.equal(ownerOf({ writer: { kind: 'execute_program', argv: ['x'] } }), 'agent');
    assert.equal(ownerOf({ writer: { kind: 'agent_tool', name: 'claude-code:Edit' } }), 'agent');
    assert.equal(ownerOf({ writer: { kind: 'user' } }), 'user');
    assert.equal(ownerOf({ writer: { kind: 'outside' } }), 'other_program');
    assert.equal(ownerOf({ writer: { kind: 'from a newer version' } as unknown as Writer }), 'other_program');
  });
});

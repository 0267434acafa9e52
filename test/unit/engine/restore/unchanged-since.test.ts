import assert from 'node:assert/strict';
import { restoreBefore } from '../../../../src/engine/restore/restore-file';
import { NEVER_CANCELLED } from '../../../../src/engine/runner';
import type { JournalEntry } from '../../../../src/history/types';
import { FakeHost } from '../fake-host';

// A turn rollback deletes a file the turn created only while the file holds what the turn's
// last change of it left: restoreBefore's `unchangedSince`, checked under the file's lock.
describe('engine/restore: restoreBefore with unchangedSince', () => {
  let fake: FakeHost;
  beforeEach(async () => { fake = await new FakeHost().open(); });
  afterEach(async () => { await fake.close(); });

  /** Journals `path` as created by another writer with `text` (the file is written as that writer would). */
  async function createdOutside(path: string, text: string): Promise<JournalEntry> {
    fake.put(path, text);
    const begun = await fake.store.begin({ tool: 'outside', path, beforeText: '', kind: 'create', writer: { kind: 'outside' } });
    assert.ok(begun.ok);
    const done = await fake.store.finish(begun.id, { afterText: text, outcome: 'applied' });
    assert.ok(done.ok);
    return done.entry;
  }

  const ctx = () => ({ host: fake.host, token: NEVER_CANCELLED, invocationToken: undefined, client: 'test' });

  it('deletes the created file while it holds what the change left', async () => {
    const e = await createdOutside('gen.txt', 'generated\n');
    const r = await restoreBefore(ctx(), 'gen.txt', e, { force: true, unchangedSince: e });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(r.deleted, true);
    assert.equal(fake.files.has('gen.txt'), false);
  });

  it('leaves a created file that changed since alone, even with force, and says why', async () => {
    const e = await createdOutside('gen.txt', 'generated\n');
    fake.put('gen.txt', 'generated\nand the user added a line\n');
    const r = await restoreBefore(ctx(), 'gen.txt', e, { force: true, unchangedSince: e });
    assert.equal(r.success, false);
    assert.equal(r.reason, 'changed_since');
    assert.equal(fake.shown('gen.txt'), 'generated\nand the user added a line\n');
  });

  it('never touches a file with unsaved editor changes', async () => {
    const e = await createdOutside('gen.txt', 'generated\n');
    fake.files.get('gen.txt')!.editor = 'typing…\n';
    const r = await restoreBefore(ctx(), 'gen.txt', e, { force: true, unchangedSince: e });
    assert.equal(r.success, false);
    assert.equal(r.reason, 'unsaved_changes');
    assert.equal(fake.files.has('gen.txt'), true);
  });

  it('without unchangedSince and with force, the old behaviour holds (the file is deleted whatever it holds)', async () => {
    const e = await createdOutside('gen.txt', 'generated\n');
    fake.put('gen.txt', 'something else\n');
    const r = await restoreBefore(ctx(), 'gen.txt', e, { force: true });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fake.files.has('gen.txt'), false);
  });
});

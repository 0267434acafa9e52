import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { setup } from './recorder-fixture';

describe('WriterRecorder: other writers\' changes during a turn, recorded in the journal', function () {
  this.timeout(20_000);

  it('records a change another writer made during a turn, with its before-state from the base, its writer and the time it was seen', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'a before\n');
      await s.recorder.settleQuiet(); // idle: the base
      s.tick(10_000);
      s.recorder.noteCall('turn-1', 'copilot');
      s.tick(1000);
      const seenAt = s.now();
      s.write('a.txt', 'a by the terminal\n');
      s.write('new.txt', 'created\n');
      s.tick(1500);
      const recorded = await s.recorder.settleQuiet();
      assert.deepEqual(recorded.files.map((f) => [f.path, f.kind, f.writer]).sort(), [['a.txt', 'modify', 'outside'], ['new.txt', 'create', 'outside']]);
      const [a] = s.store.list('a.txt');
      assert.equal(a.turn_id, 'turn-1');
      assert.equal(a.time, seenAt, 'the time the write was seen, not the recording\'s');
      assert.deepEqual(a.writer, { kind: 'outside' });
      const before = await s.store.readSnapshot(a.before_sha256);
      assert.ok(before.ok && 'text' in before.snapshot && before.snapshot.text === 'a before\n');
    } finally { await s.close(); }
  });

  it('outside a turn (past the tail) a change is nobody\'s: it only becomes the base', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'one\n');
      await s.recorder.settleQuiet();
      s.recorder.noteCall('turn-1', undefined);
      s.tick(61_000);
      s.write('a.txt', 'the user, after the turn\n');
      const recorded = await s.recorder.settleQuiet();
      assert.deepEqual(recorded.files, []);
      assert.deepEqual(s.store.list('a.txt'), []);
      assert.deepEqual((await s.recorder.settle()).files, [], 'an explicit settle outside a turn records nothing either');
    } finally { await s.close(); }
  });

  it('the user\'s typing is the user\'s; an agent\'s own edit starts a turn and is the agent tool\'s', async () => {
    const s = await setup();
    try {
      s.write('mine.txt', 'mine\n');
      s.write('theirs.txt', 'theirs\n');
      await s.recorder.settleQuiet();
      s.tick(5000);
      assert.equal(s.recorder.inTurn(), false);
      s.recorder.noteWriter(path.join(s.ws, 'theirs.txt'), { kind: 'agent_tool' }, 'edited');
      assert.equal(s.recorder.inTurn(), true, 'an agent\'s edit starts a turn');
      const turnId = s.recorder.adoptableTurnId();
      s.write('theirs.txt', 'edited by the agent\'s tool\n');
      s.recorder.noteWriter(path.join(s.ws, 'theirs.txt'), { kind: 'user' }, 'saved');
      s.recorder.noteWriter(path.join(s.ws, 'mine.txt'), { kind: 'user' }, 'typed');
      s.write('mine.txt', 'typed by me\n');
      await s.recorder.settle();
      assert.deepEqual(s.store.list('theirs.txt')[0].writer, { kind: 'agent_tool' }, 'saving the agent\'s edit does not make it the user\'s');
      assert.equal(s.store.list('theirs.txt')[0].turn_id, turnId);
      assert.deepEqual(s.store.list('mine.txt')[0].writer, { kind: 'user' });
    } finally { await s.close(); }
  });

  it('a change made before our tool\'s first write of the file is recorded before our entry, so the turn\'s first "before" is the base', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'base\n');
      await s.recorder.settleQuiet();
      s.recorder.noteCall('turn-1', undefined);
      s.tick(100);
      s.write('a.txt', 'by copilot\n');
      s.tick(100);
      // Our tool's own edit of the file, journaled as the engine does.
      const begun = await s.store.begin({ tool: 'write_file', path: 'a.txt', beforeText: 'by copilot\n', turnId: 'turn-1' });
      assert.ok(begun.ok);
      fs.writeFileSync(path.join(s.ws, 'a.txt'), 'ours\n');
      await s.store.finish(begun.id, { afterText: 'ours\n', outcome: 'applied' });
      s.tick(100);
      const recorded = await s.recorder.settle();
      assert.deepEqual(recorded.files.map((f) => f.path), ['a.txt']);
      const list = s.store.list('a.txt');
      assert.deepEqual(list.map((e) => e.tool), ['write_file', 'outside'], 'newest first: the recorded change sorts before ours');
      const first = await s.store.readSnapshot(list[1].before_sha256);
      assert.ok(first.ok && 'text' in first.snapshot && first.snapshot.text === 'base\n');
    } finally { await s.close(); }
  });

  it('execute_program: the files a program changed are one change attributed to it, even with turns not recorded', async () => {
    const s = await setup({ recordTurns: false });
    try {
      s.write('a.txt', 'a\n');
      s.write('b.txt', 'b\n');
      const { result, recorded } = await s.recorder.aroundProgram(['node', 'gen.js'], 'turn-2', undefined, async () => {
        fs.writeFileSync(path.join(s.ws, 'a.txt'), 'A\n');
        fs.rmSync(path.join(s.ws, 'b.txt'));
        fs.writeFileSync(path.join(s.ws, 'c.txt'), 'C\n');
        return 'ran';
      });
      assert.equal(result, 'ran');
      assert.deepEqual(recorded.files.map((f) => [f.path, f.kind, f.writer]).sort(), [['a.txt', 'modify', 'execute_program'], ['b.txt', 'delete', 'execute_program'], ['c.txt', 'create', 'execute_program']]);
      assert.ok(recorded.groupId);
      const group = s.store.listGroup(recorded.groupId as string);
      assert.equal(group.length, 3);
      for (const e of group) assert.deepEqual(e.writer, { kind: 'execute_program', argv: ['node', 'gen.js'] });
    } finally { await s.close(); }
  });

  it('old checkpoints are pruned as settles go on (the store does not grow with every settle), and the base still works', async () => {
    const s = await setup({ maxPerRoot: 3 });
    try {
      for (let i = 0; i < 60; i++) {
        s.write('busy.txt', `build output ${i}\n`);
        await s.recorder.settleQuiet();
      }
      const records = fs.readdirSync(path.join(s.storeRoot, 'checkpoints'), { recursive: true }).filter((f) => String(f).endsWith('.json'));
      // Without pruning there would be 61; pruned every 25 takes down to maxPerRoot (3) and the base.
      assert.ok(records.length > 0 && records.length <= 3 + 25 + 1, `${records.length} checkpoint records kept after 60 settles`);
      s.recorder.noteCall('turn-9', undefined);
      s.write('busy.txt', 'in the turn\n');
      const recorded = await s.recorder.settle();
      assert.deepEqual(recorded.files.map((f) => f.path), ['busy.txt']);
      const before = await s.store.readSnapshot(s.store.list('busy.txt')[0].before_sha256);
      assert.ok(before.ok && 'text' in before.snapshot && before.snapshot.text === 'build output 59\n');
    } finally { await s.close(); }
  });
});

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HookedCall, readHookedCall } from '../../../../src/engine/writers/hooked-calls';
import { MAX_HELD_BYTES, OPEN_CALL_MS, OpenCalls } from '../../../../src/engine/writers/open-calls';
import { setup } from './recorder-fixture';

function call(event: 'pre' | 'post', name: string, paths: string[], callId = 'toolu_1', scope: HookedCall['scope'] = paths.length ? 'files' : 'workspace'): HookedCall {
  return { event, callId, turn: { id: 'session-1', client: name.split(':')[0] }, writer: { kind: 'agent_tool', name }, scope, paths };
}

async function textOf(s: Awaited<ReturnType<typeof setup>>, sha: string): Promise<string | undefined> {
  const read = await s.store.readSnapshot(sha);
  return read.ok && 'text' in read.snapshot ? read.snapshot.text : undefined;
}

describe('WriterRecorder: other agents\' tool calls told by their hooks', function () {
  this.timeout(20_000);

  it('an edit tool\'s call is one change of the file it names, by that agent\'s tool, in the agent\'s session; a quiet settle meanwhile waits for it', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'before\n');
      await s.recorder.settleQuiet();
      s.tick(5000);
      const a = path.join(s.ws, 'a.txt');
      assert.deepEqual((await s.recorder.hookedCall(call('pre', 'claude-code:Edit', [a]))).skipped, []);
      s.tick(100);
      s.write('a.txt', 'after the agent\'s Edit\n');
      s.tick(1500);
      assert.deepEqual((await s.recorder.settleQuiet()).files, [], 'the open call\'s write waits for its post event');
      assert.deepEqual(s.store.list('a.txt'), []);
      const recorded = await s.recorder.hookedCall(call('post', 'claude-code:Edit', [a]));
      assert.deepEqual(recorded.files.map((f) => [f.path, f.kind, f.writer]), [['a.txt', 'modify', 'agent_tool']]);
      const [entry] = s.store.list('a.txt');
      assert.deepEqual(entry.writer, { kind: 'agent_tool', name: 'claude-code:Edit' });
      assert.equal(entry.turn_id, 'session-1');
      assert.equal(entry.client, 'claude-code');
      assert.equal(await textOf(s, entry.before_sha256), 'before\n');
      s.tick(2000);
      await s.recorder.settle();
      assert.equal(s.store.list('a.txt').length, 1, 'a later settle of the turn does not record the change twice');
    } finally { await s.close(); }
  });

  it('a change of another file during a named call is not the call\'s: the next settle records it as another writer\'s', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'a\n');
      s.write('b.txt', 'b\n');
      await s.recorder.settleQuiet();
      const a = path.join(s.ws, 'a.txt');
      await s.recorder.hookedCall(call('pre', 'cursor:Write', [a]));
      s.write('a.txt', 'a by cursor\n');
      s.write('b.txt', 'b by someone else\n');
      const recorded = await s.recorder.hookedCall(call('post', 'cursor:Write', [a]));
      assert.deepEqual(recorded.files.map((f) => f.path), ['a.txt']);
      s.tick(1500);
      await s.recorder.settleQuiet();
      assert.deepEqual(s.store.list('b.txt').map((e) => e.writer), [{ kind: 'outside' }]);
      assert.deepEqual(s.store.list('a.txt').map((e) => e.writer), [{ kind: 'agent_tool', name: 'cursor:Write' }]);
    } finally { await s.close(); }
  });

  it('a shell command names no path: the workspace is compared whole, every file it wrote is one change of the agent\'s shell', async () => {
    const s = await setup();
    try {
      s.write('keep.txt', 'kept\n');
      s.write('gone.txt', 'to be removed\n');
      await s.recorder.settleQuiet();
      await s.recorder.hookedCall(call('pre', 'codex:shell', [], 'call_9'));
      s.write('made.txt', 'generated\n');
      fs.rmSync(path.join(s.ws, 'gone.txt'));
      s.recorder.noteEvent(path.join(s.ws, 'gone.txt'));
      const recorded = await s.recorder.hookedCall(call('post', 'codex:shell', [], 'call_9'));
      assert.deepEqual(recorded.files.map((f) => [f.path, f.kind]).sort(), [['gone.txt', 'delete'], ['made.txt', 'create']]);
      assert.ok(recorded.groupId, 'the two files are one change');
      assert.deepEqual(s.store.list('keep.txt'), []);
    } finally { await s.close(); }
  });

  it('the checkpoint an open shell call compares with is never pruned while it waits, however many checkpoints are taken meanwhile', async () => {
    const s = await setup({ maxPerRoot: 2 });
    try {
      s.write('out.txt', 'old\n');
      await s.recorder.settleQuiet();
      await s.recorder.hookedCall(call('pre', 'codex:shell', [], 'long'));
      // A long command; meanwhile the history is read again and again (each read settles with a new checkpoint).
      for (let i = 0; i < 30; i++) {
        s.tick(1000);
        s.write('busy.txt', `busy ${i}\n`);
        await s.recorder.settle();
      }
      s.write('out.txt', 'written by the long command\n');
      const recorded = await s.recorder.hookedCall(call('post', 'codex:shell', [], 'long'));
      assert.deepEqual(recorded.skipped, [], JSON.stringify(recorded));
      assert.ok(recorded.files.some((f) => f.path === 'out.txt' && f.writer === 'agent_tool'), JSON.stringify(recorded));
    } finally { await s.close(); }
  });

  it('a shell command\'s write whose file event has not arrived when the post does is still the command\'s (the post walks the folders)', async () => {
    const s = await setup();
    try {
      s.write('mine.txt', 'mine\n');
      s.write('out.txt', 'old\n');
      await s.recorder.settleQuiet();
      await s.recorder.hookedCall(call('pre', 'claude-code:shell', [], 'b2'));
      s.write('mine.txt', 'mine, saved meanwhile\n');
      s.recorder.noteWriter(path.join(s.ws, 'mine.txt'), { kind: 'user' }, 'saved');
      // The watcher has not reported this one yet.
      fs.writeFileSync(path.join(s.ws, 'out.txt'), 'written by the command\n');
      const recorded = await s.recorder.hookedCall(call('post', 'claude-code:shell', [], 'b2'));
      assert.deepEqual(recorded.files.map((f) => [f.path, f.writer]).sort(), [['mine.txt', 'user'], ['out.txt', 'agent_tool']]);
    } finally { await s.close(); }
  });

  it('a file the user saved while a shell call was open stays the user\'s; the rest is the call\'s', async () => {
    const s = await setup();
    try {
      s.write('mine.txt', 'my notes\n');
      await s.recorder.settleQuiet();
      await s.recorder.hookedCall(call('pre', 'claude-code:Bash', [], 'b1'));
      s.write('mine.txt', 'my notes\nsaved by me meanwhile\n');
      s.recorder.noteWriter(path.join(s.ws, 'mine.txt'), { kind: 'user' }, 'saved');
      s.write('built.txt', 'made by the command\n');
      const recorded = await s.recorder.hookedCall(call('post', 'claude-code:Bash', [], 'b1'));
      assert.deepEqual(recorded.files.map((f) => [f.path, f.writer]).sort(), [['built.txt', 'agent_tool'], ['mine.txt', 'user']]);
      assert.deepEqual(s.store.list('mine.txt').map((e) => [e.writer, e.tool]), [[{ kind: 'user' }, 'user']]);
      assert.deepEqual(s.store.list('built.txt').map((e) => e.writer), [{ kind: 'agent_tool', name: 'claude-code:Bash' }]);
    } finally { await s.close(); }
  });

  it('a named file the user saved while the call was open stays the user\'s; evidence from before the call does not count', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'a\n');
      s.write('b.txt', 'b\n');
      s.recorder.noteWriter(path.join(s.ws, 'b.txt'), { kind: 'user' }, 'saved');
      await s.recorder.settleQuiet();
      s.tick(5000);
      // b.txt's old evidence is in a new activity slot only if something touches it again: make it so.
      s.recorder.noteWriter(path.join(s.ws, 'b.txt'), { kind: 'user' }, 'saved');
      s.tick(5000);
      const [a, b] = ['a.txt', 'b.txt'].map((n) => path.join(s.ws, n));
      await s.recorder.hookedCall(call('pre', 'claude-code:MultiEdit', [a, b], 'm1'));
      s.tick(100);
      s.write('a.txt', 'a by me, saved during the call\n');
      s.recorder.noteWriter(a, { kind: 'user' }, 'saved');
      s.write('b.txt', 'b by the agent\n');
      const recorded = await s.recorder.hookedCall(call('post', 'claude-code:MultiEdit', [a, b], 'm1'));
      assert.deepEqual(recorded.files.map((f) => [f.path, f.writer]).sort(), [['a.txt', 'user'], ['b.txt', 'agent_tool']]);
    } finally { await s.close(); }
  });

  it('execute_program: a file the user saved during the run stays the user\'s', async () => {
    const s = await setup();
    try {
      s.write('mine.txt', 'my notes\n');
      s.write('gen.txt', 'old\n');
      await s.recorder.settleQuiet();
      const { recorded } = await s.recorder.aroundProgram(['node', 'gen.js'], 'turn-1', 'chat', async () => {
        s.write('gen.txt', 'generated\n');
        s.write('mine.txt', 'my notes\nsaved during the run\n');
        s.recorder.noteWriter(path.join(s.ws, 'mine.txt'), { kind: 'user' }, 'saved');
        return 0;
      });
      assert.deepEqual(recorded.files.map((f) => [f.path, f.writer]).sort(), [['gen.txt', 'execute_program'], ['mine.txt', 'user']]);
      assert.deepEqual(s.store.list('mine.txt').map((e) => e.writer), [{ kind: 'user' }]);
    } finally { await s.close(); }
  });

  it('with turns not recorded (no watcher running) a shell call is still recorded, by walking the workspace', async () => {
    const s = await setup({ recordTurns: false });
    try {
      s.write('x.txt', 'x\n');
      await s.recorder.settleQuiet();
      await s.recorder.hookedCall(call('pre', 'gemini-cli:shell', [], 'g1'));
      // No file event reaches the recorder: the watcher is off with recording.
      fs.writeFileSync(path.join(s.ws, 'x.txt'), 'x by a command\n');
      const recorded = await s.recorder.hookedCall(call('post', 'gemini-cli:shell', [], 'g1'));
      assert.deepEqual(recorded.files.map((f) => f.path), ['x.txt']);
    } finally { await s.close(); }
  });

  it('a named file is read as it is, even one the checkpoints leave out (.gitignore): created, deleted, and one past the size cap named as not recorded', async () => {
    const s = await setup({ maxFileBytes: 64 });
    try {
      s.write('.gitignore', 'ignored.txt\n');
      s.write('ignored.txt', 'kept out of checkpoints\n');
      s.write('gone.txt', 'to delete\n');
      s.write('big.txt', 'x'.repeat(100));
      await s.recorder.settleQuiet();
      const abs = (rel: string) => path.join(s.ws, rel);
      const named = ['ignored.txt', 'gone.txt', 'made.txt', 'big.txt'].map(abs);
      await s.recorder.hookedCall(call('pre', 'claude-code:MultiEdit', named, 'm1'));
      s.write('ignored.txt', 'edited by the agent\n');
      fs.rmSync(abs('gone.txt'));
      s.write('made.txt', 'new\n');
      s.write('big.txt', 'y'.repeat(100));
      const recorded = await s.recorder.hookedCall(call('post', 'claude-code:MultiEdit', named, 'm1'));
      assert.deepEqual(recorded.files.map((f) => [f.path, f.kind]).sort(), [['gone.txt', 'delete'], ['ignored.txt', 'modify'], ['made.txt', 'create']]);
      assert.ok(recorded.groupId, 'one change of three files');
      assert.deepEqual(recorded.skipped.map((k) => k.path), [abs('big.txt')]);
      assert.match(recorded.skipped[0].reason, /larger than 64 bytes/);
      const [ignored] = s.store.list('ignored.txt');
      assert.equal(await textOf(s, ignored.before_sha256), 'kept out of checkpoints\n');
      assert.deepEqual(s.recorder.notRecorded('session-1').map((k) => k.path), [abs('big.txt')], 'the turn rollback can name it');
    } finally { await s.close(); }
  });

  it('a named path outside the workspace is never read: it is named as not recorded', async () => {
    const s = await setup();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-outside-'));
    try {
      const secret = path.join(outside, 'secret.txt');
      fs.writeFileSync(secret, 'not the workspace\'s\n');
      await s.recorder.hookedCall(call('pre', 'claude-code:Write', [secret], 'o1'));
      fs.writeFileSync(secret, 'changed\n');
      const recorded = await s.recorder.hookedCall(call('post', 'claude-code:Write', [secret], 'o1'));
      assert.deepEqual(recorded.files, []);
      assert.deepEqual(recorded.skipped, [{ path: secret, reason: 'not a file the tools may touch' }]);
      assert.deepEqual(s.store.listAll(), []);
    } finally { fs.rmSync(outside, { recursive: true, force: true }); await s.close(); }
  });

  it('a pause longer than the quiet gap in one agent session starts its next turn (<session>#2); a call\'s change stays in the turn of its pre event', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'a\n');
      await s.recorder.settleQuiet();
      const a = path.join(s.ws, 'a.txt');
      await s.recorder.hookedCall(call('pre', 'claude-code:Edit', [a], 'c1'));
      s.write('a.txt', 'a 1\n');
      s.tick(3 * 60_000); // a long tool: its post still belongs to the turn of its pre
      await s.recorder.hookedCall(call('post', 'claude-code:Edit', [a], 'c1'));
      s.tick(60_000); // within the gap after the post: still the same turn
      await s.recorder.hookedCall(call('pre', 'claude-code:Edit', [a], 'c1b'));
      await s.recorder.hookedCall(call('post', 'claude-code:Edit', [a], 'c1b'));
      s.tick(3 * 60_000); // past the 2 min gap: the session's next turn
      await s.recorder.hookedCall(call('pre', 'claude-code:Edit', [a], 'c2'));
      s.write('a.txt', 'a 2\n');
      s.tick(1000);
      await s.recorder.hookedCall(call('post', 'claude-code:Edit', [a], 'c2'));
      assert.deepEqual(s.store.list('a.txt').map((e) => e.turn_id), ['session-1#2', 'session-1']);
    } finally { await s.close(); }
  });

  it('a post event without its pre records nothing and says why', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'a\n');
      await s.recorder.settleQuiet();
      const recorded = await s.recorder.hookedCall(call('post', 'claude-code:Write', [path.join(s.ws, 'a.txt')], 'never-opened'));
      assert.deepEqual(recorded.files, []);
      assert.match(recorded.skipped[0].reason, /no pre-tool hook event/);
    } finally { await s.close(); }
  });
});

describe('hooked calls: the wire shape and the open calls', () => {
  it('readHookedCall takes a well-formed event and refuses what is not one', () => {
    const good = { event: 'pre', callId: 'c', turn: { id: 's', client: 'codex' }, writer: { kind: 'agent_tool', name: 'codex:apply_patch' }, paths: ['/w/a.ts'] };
    assert.deepEqual(readHookedCall(good), { ...good, scope: 'files' }, 'an event of an older hook: paths named, the files compared');
    assert.deepEqual(readHookedCall({ ...good, paths: [] }), { ...good, scope: 'workspace', paths: [] }, 'an older hook\'s shell event: the workspace');
    assert.deepEqual(readHookedCall({ ...good, scope: 'files', paths: [] }), { ...good, scope: 'files', paths: [] }, 'a file tool that names nothing inside stays a files call');
    assert.deepEqual(readHookedCall({ ...good, scope: 'workspace' }), { ...good, scope: 'workspace', paths: [] });
    assert.match(String(readHookedCall({ ...good, scope: 'all' })), /scope/);
    assert.match(String(readHookedCall({ ...good, paths: ['a.ts'] })), /absolute/);
    assert.match(String(readHookedCall({ ...good, writer: { kind: 'user', name: 'x' } })), /agent_tool/);
    assert.match(String(readHookedCall({ ...good, event: 'during' })), /event/);
    assert.match(String(readHookedCall({ ...good, paths: Array.from({ length: 201 }, (_, i) => `/w/${i}`) })), /at most 200/);
    assert.match(String(readHookedCall({ ...good, callId: 'x'.repeat(5000) })), /callId/);
    assert.match(String(readHookedCall([])), /not an object/);
  });

  it('an open call expires: a lost post event does not hold quiet settles for good', () => {
    const open = new OpenCalls();
    open.open('a', { before: { checkpoint: [] }, opened: 0, turn: { id: 't', client: 'c' } });
    open.open('b', { before: { checkpoint: [] }, opened: 1000, turn: { id: 't', client: 'c' } });
    assert.equal(open.any(OPEN_CALL_MS), true);
    assert.equal(open.peek('a', OPEN_CALL_MS + 1), undefined, 'expired');
    assert.ok(open.peek('b', OPEN_CALL_MS + 1));
    open.close('b', 'answer', OPEN_CALL_MS + 1);
    assert.equal(open.any(OPEN_CALL_MS + 1), false);
    assert.equal(open.answerOf('b', OPEN_CALL_MS + 2), 'answer', 'a closed call keeps its answer for a post delivered again');
    assert.equal(open.answerOf('b', 2 * OPEN_CALL_MS + 2), undefined, 'for a while');
  });

  it('open calls hold at most MAX_HELD_BYTES of named files: the oldest are dropped first', () => {
    const open = new OpenCalls();
    const holding = (mb: number) => ({ before: { named: new Map([['/w/f', { bytes: Buffer.alloc(mb * 1024 * 1024), mode: 0o644 }]]) }, opened: 0, turn: { id: 't', client: 'c' } });
    const third = MAX_HELD_BYTES / (1024 * 1024) / 3;
    open.open('a', holding(third));
    open.open('b', holding(third));
    open.open('c', holding(third));
    open.open('d', holding(third));
    assert.equal(open.peek('a', 0), undefined, 'the oldest made room');
    for (const id of ['b', 'c', 'd']) assert.ok(open.peek(id, 0), id);
  });

  it('an edit whose named paths were all outside the workspace (scope files, none named) records nothing: the user\'s recent work is never journaled as its change', async () => {
    const s = await setup();
    try {
      s.write('mine.txt', 'the user\'s\n');
      await s.recorder.settleQuiet();
      const pre = await s.recorder.hookedCall(call('pre', 'claude-code:Edit', [], 'toolu_out', 'files'));
      assert.match(pre.skipped.map((k) => k.reason).join(), /names no file inside the workspace/);
      s.write('mine.txt', 'the user\'s, edited meanwhile\n');
      const post = await s.recorder.hookedCall(call('post', 'claude-code:Edit', [], 'toolu_out', 'files'));
      assert.deepEqual(post.files, []);
      assert.match(post.skipped.map((k) => k.reason).join(), /names no file inside the workspace/);
      assert.ok(!s.store.list('mine.txt').some((e) => e.writer?.kind === 'agent_tool'), JSON.stringify(s.store.list('mine.txt')));
    } finally { await s.close(); }
  });

  it('a post that fails before its change is journaled leaves the call open: the post delivered again records it', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'before\n');
      await s.recorder.settleQuiet();
      const a = path.join(s.ws, 'a.txt');
      await s.recorder.hookedCall(call('pre', 'codex:apply_patch', [a], 'call_f'));
      s.write('a.txt', 'after\n');
      const list = s.store.list.bind(s.store);
      let failures = 1;
      s.store.list = (p) => { if (failures-- > 0) throw new Error('ENOSPC: no space left on device'); return list(p); };
      await assert.rejects(s.recorder.hookedCall(call('post', 'codex:apply_patch', [a], 'call_f')), /ENOSPC/);
      const again = await s.recorder.hookedCall(call('post', 'codex:apply_patch', [a], 'call_f'));
      assert.deepEqual(again.files.map((f) => f.path), ['a.txt']);
      assert.deepEqual(list('a.txt').map((e) => e.writer), [{ kind: 'agent_tool', name: 'codex:apply_patch' }]);
    } finally { await s.close(); }
  });

  it('a post delivered twice is journaled once and answered the same both times; an id used again later is a new call', async () => {
    const s = await setup();
    try {
      s.write('a.txt', 'one\n');
      await s.recorder.settleQuiet();
      const a = path.join(s.ws, 'a.txt');
      await s.recorder.hookedCall(call('pre', 'gemini-cli:write_file', [a], 'same-id'));
      s.write('a.txt', 'two\n');
      const first = await s.recorder.hookedCall(call('post', 'gemini-cli:write_file', [a], 'same-id'));
      const second = await s.recorder.hookedCall(call('post', 'gemini-cli:write_file', [a], 'same-id'));
      assert.deepEqual(second, first);
      assert.equal(s.store.list('a.txt').length, 1, 'journaled once');
      await s.recorder.hookedCall(call('pre', 'gemini-cli:write_file', [a], 'same-id'));
      s.write('a.txt', 'three\n');
      const third = await s.recorder.hookedCall(call('post', 'gemini-cli:write_file', [a], 'same-id'));
      assert.deepEqual(third.files.map((f) => f.path), ['a.txt'], 'the id\'s second call is recorded, not answered from the first');
      assert.equal(s.store.list('a.txt').length, 2);
    } finally { await s.close(); }
  });

  it('a named call does not wait behind a walk that only takes the turn\'s base (the first call of a turn on a large folder); its change is journaled once', async () => {
    const s = await setup({ checkpointAtTurnStart: true });
    try {
      s.write('a.txt', 'before\n');
      await s.recorder.settleQuiet();
      const a = path.join(s.ws, 'a.txt');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const take = s.checkpoints.takeAll.bind(s.checkpoints);
      s.checkpoints.takeAll = async (paths) => { await gate; return take(paths); };
      const within = <T>(p: Promise<T>) => Promise.race([p.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waited for the walk'), 2000))]);
      assert.equal(await within(s.recorder.hookedCall(call('pre', 'claude-code:Edit', [a], 'first-of-turn'))), 'answered');
      s.write('a.txt', 'after\n');
      const post = s.recorder.hookedCall(call('post', 'claude-code:Edit', [a], 'first-of-turn'));
      assert.equal(await within(post), 'answered');
      assert.deepEqual((await post).files.map((f) => f.path), ['a.txt']);
      release();
      s.tick(5000);
      await s.recorder.settle();
      assert.deepEqual(s.store.list('a.txt').map((e) => e.writer), [{ kind: 'agent_tool', name: 'claude-code:Edit' }], 'journaled once, by the agent\'s tool');
    } finally { await s.close(); }
  });
});

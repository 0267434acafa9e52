import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { BackupStore } from '../../../src/history/backupStore';
import { sha256Text } from '../../../src/core/hash';
import { blobPath, directoryBytes, randomText, sourceText, tempRoot } from './helpers';

async function openStore(root: string, options = {}): Promise<BackupStore> {
  const store = new BackupStore(root, options);
  const opened = await store.open();
  assert.ok(opened.ok, JSON.stringify(opened));
  return store;
}

async function mustRead(store: BackupStore, sha: string): Promise<string> {
  const read = await store.readText(sha);
  assert.ok(read.ok, JSON.stringify(read));
  return read.text;
}

/** begin + finish(applied) of one edit; returns the entry id. */
async function edit(store: BackupStore, file: string, before: string, after: string, tool = 'write_file', turnId?: string): Promise<string> {
  const begun = await store.begin({ tool, path: file, beforeText: before, turnId });
  assert.ok(begun.ok, JSON.stringify(begun));
  const finished = await store.finish(begun.id, { afterText: after, outcome: 'applied' });
  assert.ok(finished.ok, JSON.stringify(finished));
  return begun.id;
}

describe('BackupStore', () => {
  let root: string;
  let store: BackupStore;
  beforeEach(async () => { root = tempRoot(); store = await openStore(root); });
  afterEach(async () => { await store.close(); fs.rmSync(root, { recursive: true, force: true }); });

  describe('snapshots', () => {
    const cases: Record<string, string> = {
      crlf: 'line one\r\nline two\r\n\r\nlast\r\n',
      mixedEndings: 'a\r\nb\nc\rd\n',
      unicode: 'héllo wörld ✓\n日本語のテキスト\nemoji 🎉👩‍👩‍👧\n\u2028separator\n',
      empty: '',
      noFinalNewline: 'int main() {\n  return 0;\n}',
      onlyNewline: '\n',
      bomCharacterInside: 'x\uFEFFy\n',
    };
    for (const [name, text] of Object.entries(cases)) {
      it(`restores ${name} text byte for byte`, async () => {
        const snap = await store.snapshot('f.txt', text);
        assert.ok(snap.ok);
        assert.equal(snap.sha256, sha256Text(text));
        const restored = await mustRead(store, snap.sha256);
        assert.equal(Buffer.compare(Buffer.from(restored, 'utf8'), Buffer.from(text, 'utf8')), 0);
        // And again from a fresh instance (from disk, not memory), as a journaled backup.
        const begun = await store.begin({ tool: 'write_file', path: 'f.txt', beforeText: text });
        assert.ok(begun.ok && begun.before_sha256 === snap.sha256);
        await store.close();
        store = await openStore(root);
        assert.equal(await mustRead(store, snap.sha256), text);
      });
    }

    it('deduplicates identical texts (one blob, second write not created)', async () => {
      const text = sourceText(50_000);
      const first = await store.snapshot('a.ts', text);
      const second = await store.snapshot('b.ts', text);
      assert.ok(first.ok && second.ok);
      assert.equal(first.created, true);
      assert.equal(second.created, false);
      assert.equal(first.sha256, second.sha256);
      assert.equal(fs.readdirSync(path.join(root, 'blobs'), { recursive: true }).filter((n) => String(n).length > 10).length, 1);
    });

    it('keeps a snapshot no entry refers to for this session only (collected after reopening)', async () => {
      const snap = await store.snapshot('orphan.txt', 'orphan\n');
      const cleared = await store.snapshot('orphan.txt', 'cleared\n');
      assert.ok(snap.ok && cleared.ok);
      await edit(store, 'other.txt', 'o1\n', 'o2\n');
      assert.ok((await store.clear('other.txt')).ok); // runs a garbage collection
      assert.equal(await mustRead(store, snap.sha256), 'orphan\n');
      await store.close();
      store = await openStore(root);
      // open itself collects nothing any more: the first collection comes after it
      assert.equal(store.has(snap.sha256), true, 'not collected by open');
      assert.ok((await store.applyCap({ collect: true })).ok);
      assert.equal(store.has(snap.sha256), false);
      assert.ok((await store.snapshot('orphan.txt', 'cleared\n')).ok);
      assert.ok((await store.clear()).ok); // clearing everything drops pinned snapshots too
      assert.equal(store.has(cleared.sha256), false);
    });

    it('compresses: a 200 kB source text costs far less on disk', async () => {
      const text = sourceText(200_000);
      const snap = await store.snapshot('a.ts', text);
      assert.ok(snap.ok);
      assert.ok(fs.statSync(blobPath(root, snap.sha256)).size < text.length / 3);
    });

    it('stores later versions of a file as deltas against a keyframe and restores every one exactly', async () => {
      let text = sourceText(300_000);
      const versions: string[] = [text];
      const kinds: string[] = [];
      for (let i = 0; i < 30; i++) {
        const lines = text.split('\n');
        const at = (i * 7919) % lines.length;
        lines.splice(at, i % 3, `  // agent edit ${i}\r`, `  const x${i} = ${i};`);
        text = lines.join('\n');
        versions.push(text);
      }
      for (const v of versions) {
        const snap = await store.snapshot('big.ts', v);
        assert.ok(snap.ok);
        kinds.push(snap.kind);
        assert.ok((await store.recordAttempt({ tool: 'write_file', path: 'big.ts', outcome: 'failed', beforeText: v })).ok);
      }
      assert.equal(kinds[0], 'key');
      assert.ok(kinds.filter((k) => k === 'delta').length >= 25, kinds.join(','));
      await store.close();
      store = await openStore(root);
      for (const v of versions) assert.equal(await mustRead(store, sha256Text(v)), v);
    });

    it('starts a new keyframe after maxDeltasPerKeyframe deltas, and old versions still restore', async () => {
      await store.close();
      store = await openStore(root, { maxDeltasPerKeyframe: 2 });
      let text = sourceText(40_000);
      const versions: string[] = [];
      const kinds: string[] = [];
      for (let i = 0; i < 7; i++) {
        text = text.replace('\n', `\n// step ${i}\n`);
        versions.push(text);
        const begun = await store.begin({ tool: 'write_file', path: 'k.ts', beforeText: text });
        assert.ok(begun.ok);
        kinds.push(store.has(begun.before_sha256) ? fs.readFileSync(blobPath(root, begun.before_sha256)).subarray(0, 20).toString('latin1').split(' ')[2] : '?');
        assert.ok((await store.finish(begun.id, { outcome: 'failed' })).ok);
      }
      assert.deepEqual(kinds, ['key', 'delta', 'delta', 'key', 'delta', 'delta', 'key']);
      for (const v of versions) assert.equal(await mustRead(store, sha256Text(v)), v);
    });

    it('writes a keyframe when the delta would not be small enough', async () => {
      await store.close();
      store = await openStore(root, { deltaMaxRatio: 0.0001 });
      const a = await store.snapshot('r.ts', sourceText(30_000));
      const b = await store.snapshot('r.ts', sourceText(30_000) + 'x\n');
      assert.ok(a.ok && b.ok);
      assert.deepEqual([a.kind, b.kind], ['key', 'key']);
    });

    it('after reopening, continues deltas against the file\'s keyframe found through the journal', async () => {
      const v0 = sourceText(100_000);
      const v1 = v0.replace('\n', '\n// one\n');
      const v2 = v1.replace('\n', '\n// two\n');
      await edit(store, 'j.ts', v0, v1);
      await store.close();
      store = await openStore(root);
      const begun = await store.begin({ tool: 'write_file', path: 'j.ts', beforeText: v1 });
      assert.ok(begun.ok);
      const finished = await store.finish(begun.id, { afterText: v2, outcome: 'applied' });
      assert.ok(finished.ok);
      assert.deepEqual([finished.entry.lines_added, finished.entry.lines_removed], [1, 0]);
      assert.ok(fs.readFileSync(blobPath(root, sha256Text(v2))).subarray(0, 20).toString('latin1').includes(' delta '));
      assert.equal(await mustRead(store, sha256Text(v2)), v2);
    });

    it('a damaged keyframe is not used as a base: the next snapshot becomes a keyframe', async () => {
      const v0 = sourceText(50_000);
      await edit(store, 'dk.ts', v0, v0 + 'a\n');
      await store.close();
      const file = blobPath(root, sha256Text(v0));
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 50] ^= 0xff;
      fs.writeFileSync(file, bytes);
      store = await openStore(root);
      const next = await store.snapshot('dk.ts', v0 + 'a\nb\n');
      assert.ok(next.ok);
      assert.equal(next.kind, 'key');
      assert.equal(await mustRead(store, next.sha256), v0 + 'a\nb\n');
    });

    it('restores random edit sequences exactly (property)', async () => {
      const lineArb = fc.tuple(fc.constantFrom('a', 'b', '', 'héllo ✓', 'x\r', '}'), fc.constantFrom('\n', '\r\n')).map(([t, e]) => t + e);
      await fc.assert(fc.asyncProperty(
        fc.array(lineArb, { maxLength: 40 }),
        fc.array(fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.array(lineArb, { maxLength: 3 })), { maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (initial, editRounds, dropFinalNewline) => {
          const file = `p${Math.random()}.txt`;
          const lines = initial.slice();
          const versions: string[] = [];
          for (const round of editRounds) {
            for (const [at, del, ins] of round) lines.splice(lines.length ? at % (lines.length + 1) : 0, del, ...ins);
            let text = lines.join('');
            if (dropFinalNewline) text = text.replace(/\r?\n$/, '');
            versions.push(text);
            const snap = await store.snapshot(file, text);
            assert.ok(snap.ok);
          }
          for (const v of versions) assert.equal(await mustRead(store, sha256Text(v)), v);
        }), { numRuns: 60 });
    });
  });

  describe('corruption', () => {
    async function twoVersions(): Promise<{ keySha: string; deltaSha: string; v2: string }> {
      const v1 = sourceText(100_000);
      const v2 = v1.replace('\n', '\n// changed\n');
      const a = await store.snapshot('c.ts', v1);
      const b = await store.snapshot('c.ts', v2);
      assert.ok(a.ok && b.ok);
      assert.equal(a.kind, 'key');
      assert.equal(b.kind, 'delta');
      return { keySha: a.sha256, deltaSha: b.sha256, v2 };
    }

    function flipByte(file: string, offsetFromEnd: number): void {
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - offsetFromEnd] ^= 0x55;
      fs.writeFileSync(file, bytes);
    }

    it('detects a damaged keyframe, and the delta built on it', async () => {
      const { keySha, deltaSha } = await twoVersions();
      flipByte(blobPath(root, keySha), 100);
      for (const sha of [keySha, deltaSha]) {
        const read = await store.readText(sha);
        assert.equal(read.ok, false);
        assert.ok(!read.ok && read.failure.backup_corrupt === true && read.failure.error_type === 'INTERNAL_ERROR');
      }
    });

    it('detects a damaged or truncated delta', async () => {
      const { deltaSha } = await twoVersions();
      const file = blobPath(root, deltaSha);
      const original = fs.readFileSync(file);
      flipByte(file, 10);
      assert.equal((await store.readText(deltaSha)).ok, false);
      fs.writeFileSync(file, original.subarray(0, original.length - 5));
      assert.equal((await store.readText(deltaSha)).ok, false);
      fs.writeFileSync(file, original);
      assert.equal((await store.readText(deltaSha)).ok, true);
    });

    it('detects a well-formed blob whose text does not match its sha256', async () => {
      const real = await store.snapshot('d.txt', 'the real text\n');
      const other = await store.snapshot('e.txt', 'another text\n');
      assert.ok(real.ok && other.ok);
      fs.copyFileSync(blobPath(root, other.sha256), blobPath(root, real.sha256));
      const read = await store.readText(real.sha256);
      assert.ok(!read.ok && read.failure.backup_corrupt === true, JSON.stringify(read));
    });

    it('reports an unknown sha256 as NO_BACKUPS', async () => {
      const read = await store.readText(sha256Text('never stored'));
      assert.ok(!read.ok && read.failure.error_type === 'NO_BACKUPS');
      const bad = await store.readText('not-a-sha');
      assert.ok(!bad.ok && bad.failure.error_type === 'INVALID_INPUT');
    });
  });

  describe('journal', () => {
    it("keeps a change's writer (a program execute_program ran) across a reopen; a malformed writer line is skipped", async () => {
      const begun = await store.begin({ tool: 'execute_program', path: 'gen.ts', beforeText: 'old\n', writer: { kind: 'execute_program', argv: ['node', 'gen.js'] } });
      assert.ok(begun.ok, JSON.stringify(begun));
      assert.ok((await store.finish(begun.id, { afterText: 'new\n', outcome: 'applied' })).ok);
      await store.close();
      const journal = path.join(root, 'journal.jsonl');
      const put = (entry: object) => fs.appendFileSync(journal, JSON.stringify({ op: 'put', entry }) + '\n');
      put({ ...store.get(begun.id), id: 'x-1', writer: { kind: 'someone', argv: [1] } });
      put({ ...store.get(begun.id), id: 'x-2', writer: { kind: 'outside' } });
      store = await openStore(root);
      assert.deepEqual(store.get(begun.id)?.writer, { kind: 'execute_program', argv: ['node', 'gen.js'] });
      assert.equal(store.get('x-1'), undefined);
      assert.deepEqual(store.get('x-2')?.writer, { kind: 'outside' }, 'the same line with a well-formed writer is read');
    });

    it('records begin/finish with line counts, sizes and outcome; lists newest first', async () => {
      const v0 = 'a\nb\nc\n';
      const v1 = 'a\nB\nc\nd\n';
      const v2 = 'a\nB\n';
      const id1 = await edit(store, 'src/x.ts', v0, v1, 'write_file');
      const id2 = await edit(store, 'src/x.ts', v1, v2, 'edit_lines');
      await edit(store, 'src/y.ts', '', 'new\n', 'write_file');
      const list = store.list('src/x.ts');
      assert.deepEqual(list.map((e) => e.id), [id2, id1]);
      const first = store.get(id1);
      assert.ok(first);
      assert.deepEqual(
        [first.tool, first.before_sha256, first.after_sha256, first.bytes, first.after_bytes, first.lines_added, first.lines_removed, first.outcome, first.has_snapshot],
        ['write_file', sha256Text(v0), sha256Text(v1), 6, 8, 2, 1, 'applied', true]);
      assert.deepEqual([list[0].lines_added, list[0].lines_removed], [0, 2]);
      assert.deepEqual(store.listFiles().map((f) => [f.path, f.entries]), [['src/y.ts', 1], ['src/x.ts', 2]]);
      // The after text is stored too, so a stale agent's version is known.
      assert.equal(await mustRead(store, sha256Text(v2)), v2);

      await store.close();
      store = await openStore(root);
      assert.deepEqual(store.list('src/x.ts').map((e) => [e.id, e.outcome]), [[id2, 'applied'], [id1, 'applied']]);
      const stats = await store.stats();
      assert.deepEqual([stats.entries, stats.files], [3, 2]);
      assert.ok(stats.bytes > 0 && stats.oldest !== null);
    });

    it('records blocked and failed attempts without storing a snapshot', async () => {
      const text = 'unchanged\n';
      const blocked = await store.recordAttempt({ tool: 'write_file', path: 'z.c', outcome: 'blocked', beforeText: text, message: 'SIZE_REDUCTION_BLOCKED' });
      assert.ok(blocked.ok);
      assert.equal(blocked.entry.has_snapshot, false);
      assert.equal(store.has(sha256Text(text)), false);
      assert.equal((await store.readText(sha256Text(text))).ok, false);
      const failed = await store.recordAttempt({ tool: 'safe_patch', path: 'z.c', outcome: 'failed', before_sha256: sha256Text(text) });
      assert.ok(failed.ok);
      assert.deepEqual(store.list('z.c').map((e) => e.outcome), ['failed', 'blocked']);
      const noBase = await store.recordAttempt({ tool: 'safe_patch', path: 'z.c', outcome: 'failed' });
      assert.ok(!noBase.ok && noBase.failure.error_type === 'INVALID_INPUT');
    });

    it('finish: blocked without after text keeps after = before; rejects unknown or finished ids', async () => {
      const begun = await store.begin({ tool: 'replace_in_file', path: 'q.ts', beforeText: 'x\n' });
      assert.ok(begun.ok);
      const done = await store.finish(begun.id, { outcome: 'blocked', message: 'validation failed' });
      assert.ok(done.ok);
      assert.equal(done.entry.after_sha256, done.entry.before_sha256);
      const again = await store.finish(begun.id, { outcome: 'applied', afterText: 'y\n' });
      assert.ok(!again.ok && again.failure.error_type === 'INVALID_INPUT');
      const unknown = await store.finish('nope', { outcome: 'applied', afterText: 'y\n' });
      assert.ok(!unknown.ok && unknown.failure.error_type === 'INVALID_INPUT');
    });

    it('repairs a torn last line and keeps every complete record', async () => {
      const id1 = await edit(store, 'a.ts', 'one\n', 'two\n');
      const id2 = await edit(store, 'a.ts', 'two\n', 'three\n');
      await store.close();
      const journal = path.join(root, 'journal.jsonl');
      const sizeBefore = fs.statSync(journal).size;
      fs.appendFileSync(journal, '{"op":"update","id":"' + id2 + '","set":{"outcome":"fai');
      store = await openStore(root);
      assert.equal(fs.statSync(journal).size, sizeBefore);
      assert.deepEqual(store.list('a.ts').map((e) => [e.id, e.outcome]), [[id2, 'applied'], [id1, 'applied']]);
      // The store keeps working after the repair, and the file is well-formed again.
      await edit(store, 'a.ts', 'three\n', 'four\n');
      await store.close();
      const text = fs.readFileSync(journal, 'utf8');
      assert.ok(text.endsWith('\n'));
      for (const line of text.trim().split('\n')) JSON.parse(line);
      store = new BackupStore(root);
      const again = await store.open();
      assert.ok(again.ok && again.recovery.tornBytes === 0 && again.recovery.badLines === 0);
      assert.equal(store.list('a.ts').length, 3);
    });

    it('reports the torn bytes it cut', async () => {
      await edit(store, 'a.ts', 'one\n', 'two\n');
      await store.close();
      fs.appendFileSync(path.join(root, 'journal.jsonl'), '{"op":"put","ent');
      store = new BackupStore(root);
      const opened = await store.open();
      assert.ok(opened.ok);
      assert.equal(opened.recovery.tornBytes, '{"op":"put","ent'.length);
      assert.equal(opened.recovery.badLines, 0);
    });

    it('serializes concurrent begins and finishes from many callers', async () => {
      const texts = Array.from({ length: 40 }, (_, i) => `file ${i % 5} version ${i}\n`.repeat(10 + i));
      const ids = await Promise.all(texts.map(async (text, i) => {
        const begun = await store.begin({ tool: 'write_file', path: `f${i % 5}.txt`, beforeText: text });
        assert.ok(begun.ok);
        const finished = await store.finish(begun.id, { afterText: text + 'more\n', outcome: 'applied' });
        assert.ok(finished.ok);
        return begun.id;
      }));
      assert.equal(new Set(ids).size, 40);
      await store.close();
      store = await openStore(root);
      const stats = await store.stats();
      assert.equal(stats.entries, 40);
      for (const text of texts) assert.equal(await mustRead(store, sha256Text(text)), text);
    });

    it('clear(path) removes one file\'s entries and unneeded snapshots; clear() removes all', async () => {
      await edit(store, 'a.ts', 'a1\n', 'a2\n');
      await edit(store, 'b.ts', 'b1\n', 'b2\n');
      const cleared = await store.clear('a.ts');
      assert.ok(cleared.ok && cleared.removed === 1);
      assert.deepEqual(store.listFiles().map((f) => f.path), ['b.ts']);
      assert.equal(store.has(sha256Text('a1\n')), false);
      assert.equal(await mustRead(store, sha256Text('b1\n')), 'b1\n');
      const all = await store.clear();
      assert.ok(all.ok && all.removed === 1);
      assert.deepEqual(await store.stats().then((s) => [s.entries, s.files]), [0, 0]);
      assert.equal(store.has(sha256Text('b1\n')), false);
      await store.close();
      store = await openStore(root);
      assert.equal(store.listFiles().length, 0);
    });
  });

  describe('retention', () => {
    it('keeps N versions per file, the oldest among them, and collects the rest', async () => {
      await store.close();
      store = await openStore(root, { maxEntriesPerFile: 3 });
      const versions = Array.from({ length: 8 }, (_, i) => `version ${i}\n`);
      for (let i = 0; i + 1 < versions.length; i++) await edit(store, 'r.ts', versions[i], versions[i + 1]);
      await edit(store, 'other.ts', 'o1\n', 'o2\n');
      const kept = store.list('r.ts');
      // the newest versions, and the text before the agent's first edit (never evicted by count)
      assert.deepEqual(kept.map((e) => e.before_sha256), [versions[6], versions[5], versions[0]].map(sha256Text));
      assert.equal(store.has(sha256Text(versions[3])), false);
      assert.equal(store.list('other.ts').length, 1);
      for (const v of [versions[0], ...versions.slice(5)]) assert.equal(await mustRead(store, sha256Text(v)), v);
      const [record] = store.evictions();
      assert.equal(record.path, 'r.ts');
      assert.equal(record.reason, 'count_limit');
    });

    it('a 3.4 KB file rewritten once and then failed on 100 times still rolls back to its original', async () => {
      const original = sourceText(3400);
      const rewritten = '}\n';
      await edit(store, 'calculate.c', original, rewritten);
      for (let i = 0; i < 100; i++) {
        if (i % 2) {
          const begun = await store.begin({ tool: 'safe_patch', path: 'calculate.c', beforeText: rewritten });
          assert.ok(begun.ok);
          assert.ok((await store.finish(begun.id, { outcome: 'failed', message: `attempt ${i}` })).ok);
        } else {
          assert.ok((await store.recordAttempt({ tool: 'write_file', path: 'calculate.c', outcome: 'blocked', beforeText: rewritten })).ok);
        }
      }
      await store.close();
      store = await openStore(root); // and from disk, as after a restart
      const versions = store.list('calculate.c').filter((e) => e.outcome === 'applied');
      assert.equal(versions.length, 1);
      const restored = await mustRead(store, versions[0].before_sha256);
      assert.equal(Buffer.compare(Buffer.from(restored), Buffer.from(original)), 0);
      assert.equal(store.list('calculate.c').length, 51, 'the rewrite plus the 50 newest attempts');
      assert.deepEqual(store.evictions().map((r) => [r.reason, r.versions]), Array(store.evictions().length).fill(['count_limit', 0]));
    });

    it('keeps each turn\'s before-state under a count limit of 1', async () => {
      await store.close();
      store = await openStore(root, { maxEntriesPerFile: 1 });
      let text = 'v0\n';
      const turnStarts: string[] = [];
      for (const turn of ['t1', 't2', 't3']) {
        turnStarts.push(text);
        for (let k = 0; k < 3; k++) {
          const next = `${turn}.${k}\n`;
          await edit(store, 'a.ts', text, next, 'write_file', turn);
          text = next;
        }
      }
      const kept = store.list('a.ts').map((e) => e.before_sha256);
      for (const t of turnStarts) assert.ok(kept.includes(sha256Text(t)), `the before-state ${JSON.stringify(t)} was evicted`);
      for (const t of turnStarts) assert.equal(await mustRead(store, sha256Text(t)), t);
    });

    it('records what the size budget evicted, and keeps the record across a restart', async () => {
      await store.close();
      store = await openStore(root, { maxTotalBytes: 60_000 });
      for (let i = 0; i < 4; i++) await edit(store, 'big.txt', randomText(50_000), randomText(50_000), 'write_file', `turn${i}`);
      const records = store.evictions();
      assert.ok(records.some((r) => r.reason === 'size_budget' && r.path === 'big.txt' && r.versions > 0), JSON.stringify(records));
      await store.close();
      store = await openStore(root, { maxTotalBytes: 60_000 });
      assert.deepEqual(store.evictions(), records);
    });

    it('keeps total snapshot bytes under the limit, oldest first, never a file\'s newest snapshot', async () => {
      await store.close();
      store = await openStore(root, { maxTotalBytes: 120_000 });
      // Random hex compresses about 2:1, so each 50 kB text costs about 25 kB.
      const files = ['a.txt', 'b.txt', 'c.txt'];
      const newest = new Map<string, string>();
      for (let round = 0; round < 4; round++) {
        for (const file of files) {
          const before = randomText(50_000);
          const begun = await store.begin({ tool: 'write_file', path: file, beforeText: before });
          assert.ok(begun.ok);
          assert.ok((await store.finish(begun.id, { outcome: 'failed' })).ok);
          newest.set(file, before);
        }
      }
      const blobBytes = directoryBytes(path.join(root, 'blobs'));
      assert.ok(blobBytes <= 120_000, `blobs take ${blobBytes}`);
      assert.ok((await store.stats()).entries < 12);
      for (const [file, text] of newest) {
        assert.equal(store.list(file)[0].before_sha256, sha256Text(text));
        assert.equal(await mustRead(store, sha256Text(text)), text);
      }
    });

    it('keeps a file\'s newest snapshot even when it alone exceeds the byte limit', async () => {
      await store.close();
      store = await openStore(root, { maxTotalBytes: 1_000 });
      const big = randomText(20_000);
      await edit(store, 'big.txt', big, big + 'x\n');
      assert.equal(store.list('big.txt').length, 1);
      assert.equal(await mustRead(store, sha256Text(big)), big);
    });
  });
});

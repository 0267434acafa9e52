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
import { COMPACT_SCENARIO } from './killCompactScenario';
import { Checkpoints } from '../../../src/history/checkpoints/checkpoints';
import { readCheckpoint } from '../../../src/history/checkpoints/readManifest';

const CHILD = path.join(__dirname, 'killChild.js');
const COMPACT_CHILD = path.join(__dirname, 'killCompactChild.js');
const CHECKPOINT_CHILD = path.join(__dirname, 'checkpointKillChild.js');

function runChild(root: string, at: number, child = CHILD): { stdout: string; signal: NodeJS.Signals | null } {
  const r = spawnSync(process.execPath, [child, root, String(at)], { encoding: 'utf8', timeout: 30_000 });
  return { stdout: r.stdout, signal: r.signal };
}

/**
 * The compaction scenario's starting store: a snapshot only this session pins (the child's
 * open collects it), and failed attempts on another file, each beyond the limit dropped again,
 * until the journal holds a few dead lines short of a compaction (it compacts past 200).
 * Returns the keys of its live entries.
 */
async function seedCompactionStore(dir: string): Promise<Set<string>> {
  const store = new BackupStore(dir, COMPACT_SCENARIO.options);
  const pinned = await store.snapshot('src/pinned.ts', 'kept only while the seeding session lasts\n');
  assert.ok(pinned.ok);
  const deadLines = (): number => fs.readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').split('\n').length - 1 - store.listAll().length;
  for (let i = 0; deadLines() < 196; i++) {
    const attempt = await store.recordAttempt({ tool: 'safe_patch', path: 'src/noise.ts', outcome: 'failed', beforeText: `noise ${i}\n` });
    assert.ok(attempt.ok);
  }
  const keys = new Set(store.listAll().map(COMPACT_SCENARIO.key));
  await store.close();
  return keys;
}

/** The "STATE <n> <keys>" lines a compaction child printed, by n. */
function printedStates(stdout: string): Array<Set<string>> {
  return [...stdout.matchAll(/^STATE (\d+) (.*)$/gm)].map((m) => new Set(JSON.parse(m[2]) as string[]));
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

  it('a process killed at each step of retention, garbage collection and journal compaction loses nothing', async function () {
    this.timeout(300_000);
    const seed = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-kill-seed-'));
    const seedKeys = await seedCompactionStore(seed);
    const copyOfSeed = (): string => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-kill-'));
      fs.cpSync(seed, root, { recursive: true });
      return root;
    };
    const dry = runChild(copyOfSeed(), -1, COMPACT_CHILD);
    const names = JSON.parse(/^STEPS \d+ (.*)$/m.exec(dry.stdout)?.[1] ?? 'null') as string[] | null;
    assert.ok(names, `the dry run did not finish: ${dry.stdout}`);
    for (const step of ['gc:removed', 'retention:recorded', 'retention:dropped', 'compact:written', 'compact:renamed', 'compact:synced']) {
      assert.ok(names.includes(step), `the scenario never reaches ${step}: ${names.join(' ')}`);
    }
    // open collects nothing (issue 35); the snapshot only the seeding session pinned goes with
    // the first round that drops a version
    assert.ok(names.indexOf('gc:removed') > names.indexOf('finish:journal'), 'the first collection comes after open, in a retention round');
    assert.ok(names.lastIndexOf('gc:removed') > names.indexOf('compact:synced'), 'garbage is collected after the compaction too');
    const states = printedStates(dry.stdout);
    assert.equal(states.length, 1 + 2 * COMPACT_SCENARIO.edits);

    for (let at = 0; at < names.length; at++) {
      const root = copyOfSeed();
      const run = runChild(root, at, COMPACT_CHILD);
      const where = `killed at step ${at} (${names[at]})`;
      assert.equal(run.signal, 'SIGKILL', `${where}: the child was not killed (${run.stdout})`);
      // The last state printed is the last operation that returned; the kill hit the next one.
      const printed = printedStates(run.stdout);
      printed.forEach((keys, n) => assert.deepEqual(keys, states[n], `${where}: the run differs from the dry run at state ${n}`));
      const before = printed.length === 0 ? seedKeys : states[printed.length - 1];
      const after = states[printed.length] ?? before;
      // Reopened without a count limit: what the kill left, not what retention makes of it now
      // (an interrupted edit counts as a version, so with the limit open would drop one more).
      const store = new BackupStore(root, { ...COMPACT_SCENARIO.options, maxEntriesPerFile: 1000 });
      const opened = await store.open();
      assert.ok(opened.ok, `${where}: open failed: ${JSON.stringify(opened)}`);
      const live = new Set(store.listAll().map(COMPACT_SCENARIO.key));
      for (const key of before) if (after.has(key)) assert.ok(live.has(key), `${where}: entry ${key} is lost`);
      for (const key of live) assert.ok(before.has(key) || after.has(key), `${where}: entry ${key} is back from the dead`);
      for (const entry of store.listAll()) {
        if (!entry.has_snapshot) continue;
        const shas = [entry.before_sha256, ...(entry.outcome === 'applied' && entry.after_sha256 ? [entry.after_sha256] : [])];
        for (const sha of shas) {
          const read = await store.readText(sha);
          assert.ok(read.ok && sha256Text(read.text) === sha, `${where}: a snapshot of ${entry.path} does not restore: ${JSON.stringify(read)}`);
        }
      }
      if (live.has(`${COMPACT_SCENARIO.path} ${sha256Text(COMPACT_SCENARIO.before(0))}`)) {
        const original = await store.readText(sha256Text(COMPACT_SCENARIO.before(0)));
        assert.ok(original.ok && original.text === COMPACT_SCENARIO.before(0), `${where}: the original does not restore`);
      }
      await store.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
    fs.rmSync(seed, { recursive: true, force: true });
  });

  it('checkpoints: a process killed at each step of a cold take, an incremental take and a prune leaves a store that opens, with every checkpoint it holds whole', async function () {
    this.timeout(300_000);
    const seedWorkspace = (): { ws: string; store: string } => {
      const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-kill-ckpt-'));
      const ws = path.join(base, 'ws');
      fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
      fs.writeFileSync(path.join(ws, 'src/a.ts'), 'export const a = 1;\n');
      fs.writeFileSync(path.join(ws, 'src/b.ts'), 'export const b = 1;\r\n');
      fs.writeFileSync(path.join(ws, 'data.bin'), Buffer.from([0, 1, 2, 3]));
      fs.writeFileSync(path.join(ws, 'README'), 'no final newline');
      return { ws, store: path.join(base, 'store') };
    };
    const run = (ws: string, store: string, at: number) => {
      const r = spawnSync(process.execPath, [CHECKPOINT_CHILD, ws, store, String(at)], { encoding: 'utf8', timeout: 60_000 });
      return { stdout: r.stdout, stderr: r.stderr, signal: r.signal };
    };
    const dry = seedWorkspace();
    const full = run(dry.ws, dry.store, -1);
    const count = Number(/STEPS (\d+)/.exec(full.stdout)?.[1]);
    assert.ok(count >= 15, `expected the steps of two takes, an edit and a prune, got: ${full.stdout} ${full.stderr}`);
    for (let at = 0; at < count; at++) {
      const { ws, store } = seedWorkspace();
      const killed = run(ws, store, at);
      const where = `killed at step ${at}`;
      assert.equal(killed.signal, 'SIGKILL', `${where}: the child was not killed (${killed.stdout} ${killed.stderr})`);
      const taken = [...killed.stdout.matchAll(/^TAKEN (\S+)$/gm)].map((m) => m[1]);
      const pruned = JSON.parse(/^PRUNED (.*)$/m.exec(killed.stdout)?.[1] ?? '[]') as string[];
      const reopened = new BackupStore(store);
      const opened = await reopened.open();
      assert.ok(opened.ok, `${where}: open failed`);
      const checkpoints = new Checkpoints(reopened, { workerScript: null });
      const held = (await checkpoints.list()).map((c) => c.id);
      // A prune the kill cut short may have removed what it planned to (never the folder's newest).
      const pruning = killed.stdout.includes('PRUNE START');
      for (const id of taken) {
        const mayBeGone = pruned.includes(id) || (pruning && id !== taken[taken.length - 1]);
        if (!mayBeGone) assert.ok(held.includes(id), `${where}: checkpoint ${id} is gone`);
      }
      for (const id of held) {
        const { manifest } = await readCheckpoint(store, id);
        for (const e of manifest.entries) {
          if (e.kind !== 'file') continue;
          const read = await reopened.readSnapshot(e.sha256);
          assert.ok(read.ok, `${where}: ${e.path} of checkpoint ${id} does not restore`);
        }
      }
      // and a checkpoint taken now, after the crash, works and matches the disk
      const again = await checkpoints.take(ws);
      assert.ok(again.ok, `${where}: a new checkpoint fails`);
      await reopened.close();
      fs.rmSync(path.dirname(ws), { recursive: true, force: true });
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

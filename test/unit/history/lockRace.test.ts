import assert from 'node:assert/strict';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { sha256Text } from '../../../src/core/hash';
import { tempRoot } from './helpers';

/** The compiled child next to this compiled test (out/test/unit/history/lockRaceChild.js). */
const CHILD = path.join(__dirname, 'lockRaceChild.js');
const ROUNDS = 40;
const PROCESSES = 4;
const EDITS = 3;
const ATTEMPTS_PER_EDIT = 12;

interface Child {
  process: ChildProcess;
  lines: string[];
  exited: Promise<void>;
}

/** Every child started, so that a failing round leaves none behind waiting for "go". */
const started: ChildProcess[] = [];

function startChild(root: string, label: string): Child {
  const child = spawn(process.execPath, [CHILD, root, label, String(EDITS), String(ATTEMPTS_PER_EDIT)], { stdio: ['pipe', 'pipe', 'pipe'] });
  started.push(child);
  const lines: string[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout!.on('data', (d) => {
    buffered += String(d);
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      lines.push(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
    }
  });
  child.stderr!.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGKILL') lines.push(`CRASHED ${code ?? signal} ${stderr}`);
      resolve();
    }),
  );
  return { process: child, lines, exited };
}

function startRound(root: string, round: number): Child[] {
  return Array.from({ length: PROCESSES }, (_, i) => startChild(root, `r${round}p${i}`));
}

async function until(children: Child[], done: (c: Child) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!children.every((c) => done(c) || c.lines.some((l) => l.startsWith('CRASHED')))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(children.map((c) => c.lines))}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const crashed = children.flatMap((c) => c.lines.filter((l) => l.startsWith('CRASHED')));
  assert.deepEqual(crashed, [], 'no child may crash');
}

/** A pid that no process has now: one of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('BackupStore lock: processes starting together on a store with a stale lock', () => {
  let root: string;
  beforeEach(() => {
    root = tempRoot();
  });
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(`${ROUNDS} rounds x ${PROCESSES} processes: exactly one owner each round; no journal entry lost, every original restorable`, async function () {
    this.timeout(600_000);
    // What a crashed earlier version leaves: an old-format lock naming a dead process.
    fs.writeFileSync(path.join(root, 'store.lock'), JSON.stringify({ pid: deadPid(), time: Date.now() }));
    const written = new Map<string, string>(); // entry id -> original text
    const owners: number[] = [];
    let next = startRound(root, 0);
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 5 === 4) fs.writeFileSync(path.join(root, 'store.lock'), JSON.stringify({ pid: deadPid(), time: Date.now() }));
      const children = next;
      await until(children, (c) => c.lines.includes('READY'), 'READY');
      for (const c of children) c.process.stdin!.write('go\n');
      // The next round's processes start up (load their code) while this round runs.
      if (round + 1 < ROUNDS) next = startRound(root, round + 1);
      await until(children, (c) => c.lines.includes('DONE') || c.lines.some((l) => l.startsWith('LOSER ')), 'the owner to finish and the others to give up');
      const owning = children.filter((c) => c.lines.includes('OWNER'));
      owners.push(owning.length);
      assert.equal(owning.length, 1, `round ${round}: ${owning.length} processes own the store: ${JSON.stringify(children.map((c) => c.lines.slice(0, 2)))}`);
      const [owner] = owning;
      for (const c of children) {
        if (c === owner) continue;
        assert.equal(
          c.lines.find((l) => l.startsWith('LOSER ')),
          'LOSER 0',
          `round ${round}: a refused process wrote to the store`,
        );
      }
      // The owner's open is a restart of the store: every entry of the earlier rounds is there.
      const seen = new Set(JSON.parse(owner.lines.find((l) => l.startsWith('SEEN '))!.slice(5)) as string[]);
      const missing = [...written.keys()].filter((id) => !seen.has(id));
      assert.deepEqual(missing, [], `round ${round}: entries lost since the earlier rounds`);
      for (const m of owner.lines.map((l) => /^WROTE (\S+) (.*)$/.exec(l)).filter((m) => m !== null)) written.set(m[1], JSON.parse(m[2]) as string);
      // Killed: the next round starts on its stale lock.
      owner.process.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exited));
    }
    assert.deepEqual(owners, Array(ROUNDS).fill(1));
    assert.equal(written.size, ROUNDS * EDITS);
    // The owners compacted the journal along the way (without compaction it would hold every line written).
    const journalLines = fs.readFileSync(path.join(root, 'journal.jsonl'), 'utf8').split('\n').length - 1;
    assert.ok(journalLines < ROUNDS * EDITS * (2 + ATTEMPTS_PER_EDIT), `the journal was never compacted (${journalLines} lines)`);

    const store = new BackupStore(root, { maxEntriesPerFile: 10 });
    const opened = await store.open();
    assert.ok(opened.ok, JSON.stringify(opened));
    try {
      for (const [id, original] of written) {
        const entry = store.get(id);
        assert.ok(entry, `entry ${id} is lost`);
        assert.equal(entry.before_sha256, sha256Text(original));
        const read = await store.readText(entry.before_sha256);
        assert.ok(read.ok && read.text === original, `the original of ${entry.path} does not restore: ${JSON.stringify(read)}`);
      }
    } finally {
      await store.close();
    }
  });
});

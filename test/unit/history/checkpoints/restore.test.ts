import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { tempWorkspace, writeTree } from './helpers';
import { restoreFiles } from '../../../../src/history/checkpoints/restoreFiles';
import { FileEntry, ManifestIndex } from '../../../../src/history/checkpoints/manifest';
import { sha256Bytes } from '../../../../src/core/hash';

const settle = () => new Promise((r) => setTimeout(r, 120)); // past the racy margin: the next checkpoint may trust stat values

async function setup(): Promise<{ t: ReturnType<typeof tempWorkspace>; backups: BackupStore; checkpoints: Checkpoints; take: () => Promise<string> }> {
  const t = tempWorkspace();
  const backups = new BackupStore(t.store);
  assert.ok((await backups.open()).ok);
  const checkpoints = new Checkpoints(backups, { workerScript: null });
  const take = async () => {
    const r = await checkpoints.take(t.ws);
    assert.ok(r.ok, JSON.stringify(r));
    return r.checkpoint.id;
  };
  return { t, backups, checkpoints, take };
}

const BINARY = Buffer.from([0, 0xff, 0xfe, 0x10, 0x0d, 0x0a, 0x0d, 0x80]);

describe('history/checkpoints: diff and restore', () => {
  it('restores bytes and mode exactly (CRLF, no final newline, BOM, binary, executable), re-creates deleted files, deletes created ones; redo puts the result back', async () => {
    const { t, backups, take, checkpoints } = await setup();
    try {
      writeTree(t.ws, { 'crlf.txt': 'a\r\nb\r\n', 'nofinal.ts': 'x = 1', 'bom.txt': '\ufeffhello\n', 'data.bin': BINARY, 'bin/run.sh': '#!/bin/sh\necho hi\n', 'gone/deep.txt': 'deep\n' });
      fs.chmodSync(path.join(t.ws, 'bin/run.sh'), 0o751);
      const original = new Map(['crlf.txt', 'nofinal.ts', 'bom.txt', 'data.bin', 'bin/run.sh', 'gone/deep.txt'].map((p) => [p, fs.readFileSync(path.join(t.ws, p))]));
      await settle();
      const before = await take();
      // an agent's turn: rewrites, a mode change, a delete (with its folder), a new file
      fs.writeFileSync(path.join(t.ws, 'crlf.txt'), 'a\nb\n');
      fs.writeFileSync(path.join(t.ws, 'nofinal.ts'), 'x = 2\n');
      fs.writeFileSync(path.join(t.ws, 'bom.txt'), 'hello\n');
      fs.writeFileSync(path.join(t.ws, 'data.bin'), Buffer.from('text now'));
      fs.chmodSync(path.join(t.ws, 'bin/run.sh'), 0o644);
      fs.rmSync(path.join(t.ws, 'gone'), { recursive: true });
      fs.writeFileSync(path.join(t.ws, 'new.txt'), 'created\n');
      await settle();
      const after = await take();

      const diff = await checkpoints.diff(before, after);
      assert.ok(diff.ok);
      assert.deepEqual(diff.diff.created.map((c) => c.path), ['new.txt']);
      assert.deepEqual(diff.diff.deleted.map((c) => c.path), ['gone/deep.txt']);
      assert.deepEqual(diff.diff.changed.map((c) => c.path), ['bin/run.sh', 'bom.txt', 'crlf.txt', 'data.bin', 'nofinal.ts']);
      const mode = diff.diff.changed.find((c) => c.path === 'bin/run.sh')!;
      assert.ok(mode.before?.kind === 'file' && mode.after?.kind === 'file' && mode.before.sha256 === mode.after.sha256 && mode.before.mode === 0o751 && mode.after.mode === 0o644);

      const paths = [...diff.diff.created, ...diff.diff.deleted, ...diff.diff.changed].map((c) => c.path);
      const restored = await checkpoints.restore({ root: t.ws, paths, from: before, expected: after });
      assert.ok(restored.ok);
      const outcome = Object.fromEntries(restored.outcomes.map((o) => [o.path, o.outcome]));
      assert.deepEqual(outcome, { 'new.txt': 'deleted', 'gone/deep.txt': 'recreated', 'bin/run.sh': 'restored', 'bom.txt': 'restored', 'crlf.txt': 'restored', 'data.bin': 'restored', 'nofinal.ts': 'restored' });
      for (const [p, bytes] of original) assert.ok(fs.readFileSync(path.join(t.ws, p)).equals(bytes), `${p} byte for byte`);
      assert.equal(fs.statSync(path.join(t.ws, 'bin/run.sh')).mode & 0o7777, 0o751);
      assert.equal(fs.existsSync(path.join(t.ws, 'new.txt')), false);
      assert.deepEqual(fs.readdirSync(t.ws).filter((n) => n.includes('.ase-')), [], 'no temp file left');

      // Redo: the turn's result back, from `after`, expecting the rolled-back state.
      await settle();
      const rolledBack = await take();
      const redo = await checkpoints.restore({ root: t.ws, paths, from: after, expected: rolledBack });
      assert.ok(redo.ok);
      assert.ok(redo.outcomes.every((o) => ['restored', 'recreated', 'deleted'].includes(o.outcome)), JSON.stringify(redo.outcomes));
      assert.equal(fs.readFileSync(path.join(t.ws, 'new.txt'), 'utf8'), 'created\n');
      assert.equal(fs.existsSync(path.join(t.ws, 'gone/deep.txt')), false);
      assert.equal(fs.statSync(path.join(t.ws, 'bin/run.sh')).mode & 0o7777, 0o644);
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('never overwrites or deletes a file that changed after the expected state, unless asked (and never deletes it)', async () => {
    const { t, backups, take, checkpoints } = await setup();
    try {
      writeTree(t.ws, { 'a.txt': 'v1\n' });
      await settle();
      const before = await take();
      writeTree(t.ws, { 'a.txt': 'agent\n', 'made.txt': 'agent made\n' });
      await settle();
      const after = await take();
      writeTree(t.ws, { 'a.txt': 'user typed since\n', 'made.txt': 'user kept working on it\n' });
      const r = await checkpoints.restore({ root: t.ws, paths: ['a.txt', 'made.txt'], from: before, expected: after });
      assert.ok(r.ok);
      assert.deepEqual(r.outcomes.map((o) => o.outcome), ['conflict', 'conflict']);
      assert.equal(fs.readFileSync(path.join(t.ws, 'a.txt'), 'utf8'), 'user typed since\n');
      const forced = await checkpoints.restore({ root: t.ws, paths: ['a.txt', 'made.txt'], from: before, expected: after, overwriteChanged: true });
      assert.ok(forced.ok);
      assert.deepEqual(forced.outcomes.map((o) => o.outcome), ['restored', 'conflict']);
      assert.equal(fs.readFileSync(path.join(t.ws, 'a.txt'), 'utf8'), 'v1\n');
      assert.equal(fs.readFileSync(path.join(t.ws, 'made.txt'), 'utf8'), 'user kept working on it\n');
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('a path the checkpoint left out is never "restored" (deleted as if it had not existed); .git and the store are refused', async () => {
    const { t, backups, take, checkpoints } = await setup();
    try {
      writeTree(t.ws, { '.gitignore': 'secret.env\n', 'secret.env': 'KEY=1\n', 'big.bin': Buffer.alloc(100) });
      const before = (await checkpoints.take(t.ws, { maxFileBytes: 50 }));
      assert.ok(before.ok);
      // later, the ignore rule goes and the cap rises: both files are recorded in `after`
      fs.writeFileSync(path.join(t.ws, '.gitignore'), '');
      await settle();
      const after = await take();
      const diff = await checkpoints.diff(before.checkpoint.id, after);
      assert.ok(diff.ok);
      assert.deepEqual(diff.diff.created.map((c) => c.path), []);
      assert.deepEqual(diff.diff.unknown.map((u) => [u.path, u.side, u.reason]), [['big.bin', 'before', 'too_large'], ['secret.env', 'before', 'gitignore']]);
      const r = await checkpoints.restore({ root: t.ws, paths: ['secret.env', 'big.bin', '.git/config', '../x', 'a/../b'], from: before.checkpoint.id, expected: after });
      assert.ok(r.ok);
      assert.deepEqual(r.outcomes.map((o) => o.outcome), ['before_unknown', 'before_unknown', 'refused', 'refused', 'refused']);
      assert.equal(fs.readFileSync(path.join(t.ws, 'secret.env'), 'utf8'), 'KEY=1\n');
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('never writes through a symbolic link: a folder replaced by a link out of the workspace is refused', async () => {
    const { t, backups, take, checkpoints } = await setup();
    try {
      const outside = path.join(path.dirname(t.ws), 'outside');
      fs.mkdirSync(outside);
      writeTree(t.ws, { 'src/a.txt': 'mine\n' });
      await settle();
      const before = await take();
      fs.rmSync(path.join(t.ws, 'src'), { recursive: true });
      fs.symlinkSync(outside, path.join(t.ws, 'src'));
      await settle();
      const after = await take();
      const r = await checkpoints.restore({ root: t.ws, paths: ['src/a.txt'], from: before, expected: after });
      assert.ok(r.ok);
      assert.equal(r.outcomes[0].outcome, 'refused');
      assert.deepEqual(fs.readdirSync(outside), [], 'nothing written outside');
      // restoring the link itself puts the folder's place back as it was recorded: a link stays a link
      const links = await checkpoints.restore({ root: t.ws, paths: ['src'], from: after, expected: after });
      assert.ok(links.ok);
      assert.equal(links.outcomes[0].outcome, 'already');
      await backups.close();
    } finally { t.cleanup(); }
  });

  describe('a folder on the path replaced by a link while restoring: refused, nothing written outside', () => {
    const text = Buffer.from('mine\n');
    const entry = (p: string): FileEntry => ({ kind: 'file', path: p, sha256: sha256Bytes(text), size: text.length, mode: 0o644, mtimeMs: 1, ctimeMs: 1, ino: 1 });
    const setup = () => {
      const t = tempWorkspace();
      const outside = path.join(path.dirname(t.ws), 'outside');
      fs.mkdirSync(outside);
      fs.mkdirSync(path.join(t.ws, 'src'));
      const swap = () => { fs.rmSync(path.join(t.ws, 'src'), { recursive: true }); fs.symlinkSync(outside, path.join(t.ws, 'src')); };
      return { t, outside, swap };
    };

    it('a deleted file re-created while its folder becomes a link (after the first check): refused, the outside folder untouched', async () => {
      const { t, outside, swap } = setup();
      try {
        const restore = (p: string, readBlob: () => Promise<Buffer>) => restoreFiles({
          root: t.ws, storeRoot: t.store, paths: [p], from: new ManifestIndex([entry(p)]), expected: new ManifestIndex([]), readBlob,
        });
        // without a swap, the deleted file is re-created
        assert.deepEqual(await restore('src/b.txt', async () => text), [{ path: 'src/b.txt', outcome: 'recreated' }]);
        assert.equal(fs.readFileSync(path.join(t.ws, 'src/b.txt'), 'utf8'), 'mine\n');
        // src/a.txt was deleted since the checkpoint too; while its bytes are read from the store, src is swapped for a link
        assert.deepEqual(await restore('src/a.txt', async () => { swap(); return text; }), [{ path: 'src/a.txt', outcome: 'refused', reason: 'src is a symbolic link' }]);
        assert.deepEqual(fs.readdirSync(outside), [], 'nothing written outside, no temp file left there');
      } finally { t.cleanup(); }
    });
  });
});

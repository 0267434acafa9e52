import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { carriesOwnBom, textBytes, writeBytesChecked, writeClosedFileChecked } from '../../../src/files/write-direct';
import { sha256Bytes } from '../../../src/core/hash';

// The direct write path for closed files with mixed line endings (issue 19, item 8).
describe('writeClosedFileChecked', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-direct-')); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the new bytes (BOM kept) and keeps the file mode, leaving no temp file', async () => {
    const f = path.join(dir, 'm.txt');
    fs.writeFileSync(f, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\r\nb\n')]));
    fs.chmodSync(f, 0o640);
    const r = await writeClosedFileChecked(f, { text: 'a\r\nb\n', bom: true }, 'a\r\nB\n', 'm.txt');
    assert.equal(r.ok, true);
    assert.deepEqual(fs.readFileSync(f), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a\r\nB\n')]));
    assert.equal(fs.statSync(f).mode & 0o777, 0o640);
    assert.deepEqual(fs.readdirSync(dir), ['m.txt']);
  });

  it('refuses when the disk changed since the read (a concurrent writer is never overwritten)', async () => {
    const f = path.join(dir, 'm.txt');
    fs.writeFileSync(f, 'a\r\nb\nsomeone else\n');
    const r = await writeClosedFileChecked(f, { text: 'a\r\nb\n', bom: false }, 'x\n', 'm.txt');
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.failure.error_type, 'HASH_MISMATCH');
    assert.equal(fs.readFileSync(f, 'utf8'), 'a\r\nb\nsomeone else\n');
  });

  it('writes through to the real file when given the real path: a symlink stays a symlink', async () => {
    const real = path.join(dir, 'real.txt');
    const link = path.join(dir, 'link.txt');
    fs.writeFileSync(real, 'a\r\nb\n');
    fs.symlinkSync(real, link);
    const r = await writeClosedFileChecked(fs.realpathSync(link), { text: 'a\r\nb\n', bom: false }, 'c\r\nd\n', 'link.txt');
    assert.equal(r.ok, true);
    assert.equal(fs.lstatSync(link).isSymbolicLink(), true);
    assert.equal(fs.readFileSync(link, 'utf8'), 'c\r\nd\n');
  });
});

// A rollback over a file that is not text (issue 19, item 7): checked by the sha256 of its bytes.
describe('writeBytesChecked', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-direct-')); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const binary = Buffer.from([0, 1, 2, 0xff, 0]);

  it('replaces bytes that still hash as read; refuses bytes that changed since', async () => {
    const f = path.join(dir, 'b.bin');
    fs.writeFileSync(f, binary);
    const stale = await writeBytesChecked(f, sha256Bytes(Buffer.from('other')), Buffer.from('text\n'), 'b.bin');
    assert.equal(stale.ok, false);
    if (!stale.ok) assert.equal(stale.failure.error_type, 'HASH_MISMATCH');
    assert.deepEqual(fs.readFileSync(f), binary);
    const r = await writeBytesChecked(f, sha256Bytes(binary), Buffer.from('text\n'), 'b.bin');
    assert.equal(r.ok, true);
    assert.equal(fs.readFileSync(f, 'utf8'), 'text\n');
  });

  it('with no expected hash the file must not exist: it is created, and one that appeared meanwhile is kept', async () => {
    const f = path.join(dir, 'new.bin');
    assert.equal((await writeBytesChecked(f, null, binary, 'new.bin')).ok, true);
    assert.deepEqual(fs.readFileSync(f), binary);
    const again = await writeBytesChecked(f, null, Buffer.from('x'), 'new.bin');
    assert.equal(again.ok, false);
    assert.deepEqual(fs.readFileSync(f), binary);
  });
});

describe('one byte order mark at most, and a file\'s own two kept', () => {
  const bom = [0xef, 0xbb, 0xbf];
  it('a text that carries its own BOM (a raw backup read as text) over a BOM file is written with one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-bom-'));
    try {
      const file = path.join(dir, 'b.txt');
      fs.writeFileSync(file, Buffer.from([...bom, 0x42, 0x0a]));
      assert.ok((await writeClosedFileChecked(file, { text: 'B\n', bom: true }, '\uFEFFa\r\n', 'b.txt')).ok);
      assert.deepEqual([...fs.readFileSync(file)], [...bom, 0x61, 0x0d, 0x0a]);
      // A file that has two BOMs on disk keeps both through an edit that keeps its text's first one.
      fs.writeFileSync(file, Buffer.from([...bom, ...bom, 0x78]));
      assert.ok((await writeClosedFileChecked(file, { text: '\uFEFFx', bom: true }, '\uFEFFy', 'b.txt')).ok);
      assert.deepEqual([...fs.readFileSync(file)], [...bom, ...bom, 0x79]);
    } finally { fs.rmSync(dir, { recursive: true, force: true }); }
  });
  it('carriesOwnBom and textBytes', () => {
    assert.equal(carriesOwnBom({ text: 'a', bom: true }, '\uFEFFa'), true);
    assert.equal(carriesOwnBom({ text: '\uFEFFa', bom: true }, '\uFEFFb'), false);
    assert.equal(carriesOwnBom({ text: 'a', bom: false }, '\uFEFFa'), false);
    assert.deepEqual([...textBytes('a\r\n', true)], [...bom, 0x61, 0x0d, 0x0a]);
    assert.deepEqual([...textBytes('\uFEFFa', false)], [...bom, 0x61]);
  });
});

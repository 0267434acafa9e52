import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeClosedFileChecked } from '../../../src/workspace/write-direct';

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

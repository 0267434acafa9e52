import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, sha256, writeBytes } from './helpers';

describe('safe_read_file through vscode.lm.invokeTool', () => {
  before(async () => {
    await activateExtension();
  });
  afterEach(closeAllEditors);

  it('returns content, line count, EOL and the sha256 of a saved file', async () => {
    const d = freshDir('read');
    const text = 'int main(void) {\n  return 0;\n}\n';
    writeBytes(path.join(d.abs, 'a.c'), text);
    const r = await invoke('safe_read_file', { path: `${d.rel}/a.c` });
    assert.equal(r.success, true, r.message);
    assert.equal(r.path, `${d.rel}/a.c`);
    assert.equal(r.sha256, sha256(text));
    assert.equal(r.line_count, 3);
    assert.equal(r.eol, 'LF');
    assert.equal(r.content, text);
  });

  it('hashes a CRLF file with its CRLFs and a BOM file without its BOM, the same open or closed', async () => {
    const d = freshDir('bom');
    const text = 'line one\r\nline two\r\n';
    const abs = path.join(d.abs, 'b.txt');
    writeBytes(abs, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    const closed = await invoke('safe_read_file', { path: `${d.rel}/b.txt` });
    assert.equal(closed.sha256, sha256(text));
    assert.equal(closed.eol, 'CRLF');
    assert.equal(closed.bom, true);
    await vscode.window.showTextDocument(vscode.Uri.file(abs));
    const open = await invoke('safe_read_file', { path: `${d.rel}/b.txt` });
    assert.equal(open.sha256, closed.sha256);
  });

  it('returns the unsaved buffer and its hash for an open file with unsaved edits', async () => {
    const d = freshDir('dirty');
    const abs = path.join(d.abs, 'c.py');
    writeBytes(abs, 'x = 1\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(abs));
    await editor.edit((e) => e.insert(new vscode.Position(1, 0), 'y = 2\n'));
    assert.equal(editor.document.isDirty, true);
    const r = await invoke('safe_read_file', { path: `${d.rel}/c.py` });
    assert.equal(r.content, 'x = 1\ny = 2\n');
    assert.equal(r.sha256, sha256('x = 1\ny = 2\n'));
    assert.equal(r.unsaved_changes, true);
    assert.equal(fs.readFileSync(abs, 'utf8'), 'x = 1\n', 'reading must not save the buffer');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('returns a line range with the hash of the whole file', async () => {
    const d = freshDir('range');
    const text = ['a', 'b', 'c', 'd', 'e'].join('\n') + '\n';
    writeBytes(path.join(d.abs, 'r.txt'), text);
    const r = await invoke('safe_read_file', { path: `${d.rel}/r.txt`, start_line: 2, end_line: 4 });
    assert.equal(r.content, 'b\nc\nd\n');
    assert.equal(r.start_line, 2);
    assert.equal(r.end_line, 4);
    assert.equal(r.sha256, sha256(text));
  });

  describe('bad input gets a JSON error, never an exception', () => {
    const cases: [string, () => object, string][] = [
      ['a missing path', () => ({}), 'INVALID_INPUT'],
      ['a path of the wrong type', () => ({ path: 42 }), 'INVALID_INPUT'],
      ['a path outside the workspace', () => ({ path: '../../../../etc/passwd' }), 'PATH_DENIED'],
      ['an absolute path outside the workspace', () => ({ path: '/etc/hostname' }), 'PATH_DENIED'],
      ['a directory', () => ({ path: '.' }), 'IS_DIRECTORY'],
      ['a missing file', () => ({ path: 'no/such/file.txt' }), 'FILE_NOT_FOUND'],
    ];
    for (const [label, input, type] of cases) {
      it(label, async () => {
        const r = await invoke('safe_read_file', input());
        assert.equal(r.success, false);
        assert.equal(r.error_type, type, r.message);
        assert.ok(typeof r.message === 'string' && r.message.length > 10);
      });
    }

    it('a binary file', async () => {
      const d = freshDir('bin');
      writeBytes(path.join(d.abs, 'x.bin'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0]));
      const r = await invoke('safe_read_file', { path: `${d.rel}/x.bin` });
      assert.equal(r.error_type, 'BINARY_FILE');
    });

    it('a line range out of bounds', async () => {
      const d = freshDir('oob');
      writeBytes(path.join(d.abs, 'x.txt'), 'one\ntwo\n');
      const past = await invoke('safe_read_file', { path: `${d.rel}/x.txt`, start_line: 3 });
      assert.equal(past.error_type, 'LINE_RANGE_OUT_OF_BOUNDS');
      const reversed = await invoke('safe_read_file', { path: `${d.rel}/x.txt`, start_line: 2, end_line: 1 });
      assert.equal(reversed.error_type, 'LINE_RANGE_OUT_OF_BOUNDS');
      const zero = await invoke('safe_read_file', { path: `${d.rel}/x.txt`, start_line: 0 });
      assert.equal(zero.error_type, 'INVALID_INPUT');
    });
  });
});

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Running, startServer, tempDir } from './harness';

const LATIN1 = Buffer.from('caf\xe9 cr\xe8me\n', 'latin1');
const modeOf = (p: string) => fs.statSync(p).mode & 0o7777;

// Nothing comes back without its bytes and mode (issue 34), through the headless server: a
// mode is part of a file's state, and a backup kept as bytes goes back as bytes, one file or a group.
describe('headless MCP server: modes and bytes come back as they were', function () {
  this.timeout(30_000);
  let root: string;
  let store: string;
  let server: Running;
  beforeEach(async () => {
    root = tempDir('modes-root');
    store = tempDir('modes-store');
    server = await startServer(root, store, ['--allow-exec']);
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(store, { recursive: true, force: true });
  });

  /** A formatter's way: write a copy (mode 0644) and move it over the file. */
  function formatter(name: string, content: string | null): string {
    const body = content === null ? `require('fs').readFileSync(${JSON.stringify(name)})` : JSON.stringify(content);
    return `const fs = require('fs'); fs.writeFileSync('.tmp-copy', ${body}, { mode: 0o644 }); fs.chmodSync('.tmp-copy', 0o644); fs.renameSync('.tmp-copy', ${JSON.stringify(name)});\n`;
  }

  it('a change of mode alone (a formatter moving a 0644 copy over a 0755 script) is recorded, and rolling it back makes the script executable again', async () => {
    const script = path.join(root, 'run.sh');
    fs.writeFileSync(script, '#!/bin/sh\necho hi\n');
    fs.chmodSync(script, 0o755);
    fs.writeFileSync(path.join(root, 'fmt.js'), formatter('run.sh', null));
    const run = await server.call('execute_program', { program: process.execPath, args: ['fmt.js'] });
    assert.equal(run.success, true, JSON.stringify(run));
    assert.equal(modeOf(script), 0o644);
    assert.deepEqual(run.files_changed, [{ path: 'run.sh', change: 'modified' }], `a mode change is a change: ${JSON.stringify(run)}`);
    const back = await server.call('rollback_file', { path: 'run.sh' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(modeOf(script), 0o755, 'executable again');
    assert.equal(fs.readFileSync(script, 'utf8'), '#!/bin/sh\necho hi\n');
    // The rollback is itself a change of mode that can be rolled back.
    const again = await server.call('rollback_file', { path: 'run.sh' });
    assert.equal(again.success, true, JSON.stringify(again));
    assert.equal(modeOf(script), 0o644);
  });

  it('a formatter that rewrites a 0755 script and drops its mode: rolling back the run gives back the text and the mode', async () => {
    const script = path.join(root, 'build.sh');
    fs.writeFileSync(script, '#!/bin/sh\n  echo   built\n');
    fs.chmodSync(script, 0o755);
    fs.writeFileSync(path.join(root, 'fmt.js'), formatter('build.sh', '#!/bin/sh\necho built\n'));
    const run = await server.call('execute_program', { program: process.execPath, args: ['fmt.js'] });
    assert.deepEqual(run.files_changed, [{ path: 'build.sh', change: 'modified' }], JSON.stringify(run));
    const back = await server.call('rollback_file', { path: 'build.sh' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(script, 'utf8'), '#!/bin/sh\n  echo   built\n');
    assert.equal(modeOf(script), 0o755);
  });

  it('a file that is not text, deleted by a program, is re-created from its raw backup with its bytes and its mode', async () => {
    const notes = path.join(root, 'notes.txt');
    fs.writeFileSync(notes, LATIN1);
    fs.chmodSync(notes, 0o640);
    fs.writeFileSync(path.join(root, 'clean.js'), "require('fs').rmSync('notes.txt');\n");
    const run = await server.call('execute_program', { program: process.execPath, args: ['clean.js'] });
    assert.deepEqual(run.files_changed, [{ path: 'notes.txt', change: 'deleted' }], JSON.stringify(run));
    const back = await server.call('rollback_file', { path: 'notes.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(notes), LATIN1, 'byte for byte');
    assert.equal(modeOf(notes), 0o640, 'with its mode, not the default');
  });

  it('a group rollback writes a backup kept as bytes back as bytes (not text, over a file that is no longer text), with each file\'s mode', async () => {
    const a = path.join(root, 'a.txt');
    const b = path.join(root, 'b.dat');
    const c = path.join(root, 'tool.sh');
    fs.writeFileSync(a, 'plain text\n');
    fs.writeFileSync(b, LATIN1);
    fs.writeFileSync(c, '#!/bin/sh\n');
    fs.chmodSync(c, 0o700);
    // The program turns the text into bytes that are not text, the bytes into text, and drops the script's mode.
    fs.writeFileSync(path.join(root, 'gen.js'), "const fs = require('fs'); fs.writeFileSync('a.txt', Buffer.from([0xff, 0xfe, 0x00, 0x41])); fs.writeFileSync('b.dat', 'now text\\n'); fs.chmodSync('tool.sh', 0o600); fs.writeFileSync('tool.sh', '#!/bin/sh\\necho\\n');\n");
    const run = await server.call('execute_program', { program: process.execPath, args: ['gen.js'] });
    assert.equal(run.files_changed.length, 3, JSON.stringify(run));
    assert.ok(run.backup_group_id, 'one change');
    const back = await server.call('rollback_file', { path: 'b.dat' });
    assert.equal(back.success, true, `a group with backups kept as bytes is restored as one change: ${JSON.stringify(back)}`);
    assert.equal(fs.readFileSync(a, 'utf8'), 'plain text\n');
    assert.deepEqual(fs.readFileSync(b), LATIN1, 'byte for byte');
    assert.equal(fs.readFileSync(c, 'utf8'), '#!/bin/sh\n');
    assert.equal(modeOf(c), 0o700);
    // And the group rollback can itself be rolled back, bytes and modes too.
    const redo = await server.call('rollback_file', { path: 'a.txt' });
    assert.equal(redo.success, true, JSON.stringify(redo));
    assert.deepEqual(fs.readFileSync(a), Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    assert.equal(fs.readFileSync(b, 'utf8'), 'now text\n');
    assert.equal(modeOf(c), 0o600);
  });
});

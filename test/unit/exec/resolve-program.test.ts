import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { resolveProgram, ResolveProgramOptions } from '../../../src/exec/resolve-program';
import { resolveCwd } from '../../../src/exec/resolve-cwd';

describe('resolveProgram', () => {
  let base: string;
  let ws: string;
  let bin: string;
  let opts: ResolveProgramOptions;

  function script(p: string, mode = 0o755): void {
    fs.mkdirSync(nodePath.dirname(p), { recursive: true });
    fs.writeFileSync(p, '#!/bin/sh\necho hi\n', { mode });
    fs.chmodSync(p, mode);
  }

  before(() => {
    base = fs.realpathSync(fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-resolve-')));
    ws = nodePath.join(base, 'ws');
    bin = nodePath.join(base, 'bin');
    script(nodePath.join(ws, 'demo', 'calculate'));
    script(nodePath.join(ws, 'demo', 'notes.txt'), 0o644);
    script(nodePath.join(ws, '.git', 'hooks', 'pre-commit'));
    script(nodePath.join(ws, 'shadow', 'ls'));
    script(nodePath.join(bin, 'mytool'));
    script(nodePath.join(base, 'outside', 'prog'));
    fs.symlinkSync(nodePath.join(base, 'outside', 'prog'), nodePath.join(ws, 'demo', 'link-out'));
    fs.symlinkSync('calculate', nodePath.join(ws, 'demo', 'link-in'));
    fs.symlinkSync('.git', nodePath.join(ws, 'link-git'));
    fs.linkSync(nodePath.join(ws, 'demo', 'calculate'), nodePath.join(ws, 'demo', 'calc-hardlink'));
    opts = { workspaceRoots: [ws], pathEnv: [bin, '/usr/bin', '/bin'].join(':') };
  });

  after(() => fs.rmSync(base, { recursive: true, force: true }));

  it('resolves workspace programs given with a slash, from the root or from cwd', async () => {
    for (const [program, cwd] of [['./demo/calculate', undefined], ['demo/calculate', undefined], ['./calculate', nodePath.join(ws, 'demo')], ['demo/link-in', undefined], ['demo/calc-hardlink', undefined]] as const) {
      const r = await resolveProgram(program, { ...opts, cwd });
      assert.ok(r.ok, `${program}: ${JSON.stringify(r)}`);
      assert.equal(r.via, 'workspace');
      assert.ok(r.path.startsWith(ws + nodePath.sep));
    }
  });

  it('looks bare names up on PATH in order', async () => {
    const r = await resolveProgram('mytool', opts);
    assert.deepEqual(r, { ok: true, path: nodePath.join(bin, 'mytool'), via: 'path' });
    const sh = await resolveProgram('sh', opts);
    assert.ok(sh.ok && sh.via === 'path' && /\/s?bin\/sh$/.test(sh.path));
  });

  it('never finds a bare name in the workspace, and says to use ./name', async () => {
    const r = await resolveProgram('calculate', { ...opts, cwd: nodePath.join(ws, 'demo') });
    assert.ok(!r.ok);
    assert.equal(r.failure.error_type, 'PROGRAM_NOT_FOUND');
    assert.match(r.failure.message, /\.\/calculate/);
  });

  it('skips relative PATH entries so a workspace file cannot shadow a system program', async () => {
    const r = await resolveProgram('ls', { ...opts, cwd: nodePath.join(ws, 'shadow'), pathEnv: ['.', '', 'shadow', '/usr/bin', '/bin'].join(':') });
    assert.ok(r.ok);
    assert.ok(!r.path.startsWith(ws), r.path);
  });

  it('allows absolute paths to real programs outside the workspace', async () => {
    const r = await resolveProgram('/bin/sh', opts);
    assert.deepEqual(r, { ok: true, path: '/bin/sh', via: 'absolute' });
    const inside = await resolveProgram(nodePath.join(ws, 'demo', 'calculate'), opts);
    assert.ok(inside.ok && inside.via === 'workspace');
  });

  const refused: [string, (() => Partial<ResolveProgramOptions>) | undefined, string, string][] = [
    ['.git/hooks/pre-commit', undefined, 'PATH_DENIED', 'GIT_INTERNALS'],
    ['<abs>/.git/hooks/pre-commit', undefined, 'PATH_DENIED', 'GIT_INTERNALS'],
    ['../outside/prog', undefined, 'PATH_DENIED', 'PARENT_ESCAPE'],
    ['demo/link-out', undefined, 'PATH_DENIED', 'SYMLINK_ESCAPE'],
    ['demo/notes.txt', undefined, 'PROGRAM_NOT_FOUND', 'NOT_EXECUTABLE'],
    ['./demo', undefined, 'PROGRAM_NOT_FOUND', 'NOT_A_FILE'],
    ['./demo/missing', undefined, 'PROGRAM_NOT_FOUND', 'NOT_FOUND'],
    ['/no/such/program', undefined, 'PROGRAM_NOT_FOUND', 'NOT_FOUND'],
    ['no-such-program-xyz', undefined, 'PROGRAM_NOT_FOUND', 'NOT_FOUND'],
    ['', undefined, 'PATH_DENIED', 'EMPTY'],
    ['ca\u0000t', undefined, 'PATH_DENIED', 'NUL_BYTE'],
    ['~/bin/tool', undefined, 'PATH_DENIED', 'HOME_EXPANSION'],
    ['http://evil.example/x.sh', undefined, 'PATH_DENIED', 'URI_SCHEME'],
    ['<abs>/.ase/tool', () => ({ protectedDirs: [nodePath.join(ws, '.ase')] }), 'PATH_DENIED', 'PROTECTED_STORAGE'],
    ['.ase/tool', () => ({ protectedDirs: [nodePath.join(ws, '.ase')] }), 'PATH_DENIED', 'PROTECTED_STORAGE'],
    ['link-git/hooks/pre-commit', undefined, 'PATH_DENIED', 'GIT_INTERNALS'],
  ];
  for (const [program, extra, type, reason] of refused) {
    it(`refuses ${JSON.stringify(program)} (${type}/${reason})`, async () => {
      if (program.includes('.ase/') && !fs.existsSync(nodePath.join(ws, '.ase', 'tool'))) script(nodePath.join(ws, '.ase', 'tool'));
      const p = program.replace('<abs>', ws);
      const r = await resolveProgram(p, { ...opts, ...(extra ? extra() : {}) });
      assert.ok(!r.ok, JSON.stringify(r));
      assert.equal(r.failure.error_type, type);
      assert.equal(r.failure.reason, reason, r.failure.message);
    });
  }

  it('never throws on junk', async () => {
    for (const junk of [undefined, null, 42, {}, [], 'x'.repeat(10_000)]) {
      const r = await resolveProgram(junk, opts);
      assert.equal(r.ok, false);
    }
    const r = await resolveProgram('mytool', undefined as unknown as ResolveProgramOptions);
    assert.equal(typeof r.ok, 'boolean');
  });
});

describe('resolveCwd', () => {
  let ws: string;
  before(() => {
    ws = fs.realpathSync(fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-cwd-')));
    fs.mkdirSync(nodePath.join(ws, 'demo'));
    fs.writeFileSync(nodePath.join(ws, 'demo', 'file.c'), '');
  });
  after(() => fs.rmSync(ws, { recursive: true, force: true }));

  it('defaults to the first root and confines the rest', async () => {
    assert.deepEqual(await resolveCwd(undefined, [ws]), { ok: true, path: ws });
    assert.deepEqual(await resolveCwd('', [ws]), { ok: true, path: ws });
    assert.deepEqual(await resolveCwd('demo', [ws]), { ok: true, path: nodePath.join(ws, 'demo') });
    const up = await resolveCwd('..', [ws]);
    assert.ok(!up.ok && up.failure.error_type === 'PATH_DENIED' && up.failure.field === 'cwd');
    const file = await resolveCwd('demo/file.c', [ws]);
    assert.ok(!file.ok && file.failure.error_type === 'INVALID_INPUT' && file.failure.field === 'cwd');
    const missing = await resolveCwd('nope', [ws]);
    assert.ok(!missing.ok && missing.failure.error_type === 'FILE_NOT_FOUND');
    const none = await resolveCwd(undefined, []);
    assert.ok(!none.ok && none.failure.reason === 'NO_WORKSPACE');
  });
});

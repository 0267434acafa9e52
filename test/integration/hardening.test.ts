import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import * as fc from 'fast-check';
import { activateExtension, closeAllEditors, freshDir, invoke, workspaceRoot, writeBytes } from './helpers';

/** A fingerprint of every file under a directory (relative path → sha256), to prove nothing changed. */
function fingerprint(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.set(path.relative(dir, p), createHash('sha256').update(fs.readFileSync(p)).digest('hex'));
      else out.set(path.relative(dir, p), e.isSymbolicLink() ? `link:${fs.readlinkSync(p)}` : 'special');
    }
  };
  walk(dir);
  return out;
}

const PATH_TOOLS: [string, (p: string) => object][] = [
  ['safe_read_file', (p) => ({ path: p })],
  ['safe_patch', (p) => ({ path: p, base_sha256: 'a'.repeat(64), unified_diff: '@@ @@\n-x\n+y\n' })],
  ['replace_in_file', (p) => ({ path: p, old_text: 'root', new_text: 'owned' })],
  ['edit_lines', (p) => ({ path: p, base_sha256: 'a'.repeat(64), mode: 'insert', start_line: 1, new_lines: ['owned'] })],
  ['write_file', (p) => ({ path: p, content: 'owned\n', create_dirs: true })],
  ['rollback_file', (p) => ({ path: p })],
  ['list_backups', (p) => ({ path: p })],
  ['patch_html', (p) => ({ path: p, base_sha256: 'a'.repeat(64), patches: [{ selector: '#a', op: 'remove' }] })],
];

describe('hardening: confinement, consent, concurrency, fuzz', () => {
  let api: any;
  let outside: string;
  let outsideBefore: Map<string, string>;
  let parentBefore: string[];
  before(async () => {
    api = await activateExtension();
    // A directory outside the workspace that hostile paths aim at; it must never change.
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'root\n');
    fs.mkdirSync(path.join(outside, 'sub'));
    outsideBefore = fingerprint(outside);
    parentBefore = fs.readdirSync(path.dirname(workspaceRoot())).sort();
  });
  after(() => {
    assert.deepEqual(fingerprint(outside), outsideBefore, 'a file outside the workspace was touched');
    assert.deepEqual(fs.readdirSync(path.dirname(workspaceRoot())).sort(), parentBefore, 'something was created next to the workspace');
  });
  afterEach(closeAllEditors);

  describe('hostile paths are refused by every tool', () => {
    const root = () => workspaceRoot();
    const hostile = (): string[] => {
      const rel = path.relative(root(), outside);
      const d = freshDir('links');
      fs.symlinkSync(outside, path.join(d.abs, 'out-link'));
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(d.abs, 'secret-link.txt'));
      fs.symlinkSync(path.join(outside, 'nowhere.txt'), path.join(d.abs, 'dangling.txt'));
      fs.mkdirSync(path.join(d.abs, 'chain'));
      fs.symlinkSync(path.join(d.abs, 'out-link'), path.join(d.abs, 'chain', 'hop'));
      return [
        `${rel}/secret.txt`, `${rel}/new.txt`, `${rel}/sub/new.txt`, path.join(outside, 'secret.txt'), path.join(outside, 'created.txt'),
        '../../../../../../etc/passwd', 'a/../../outside.txt', `./${rel}/secret.txt`, '..', '../', '..\\..\\x.txt',
        '/etc/passwd', '/etc/hostname', '/proc/self/environ', '/dev/null', '/dev/zero',
        `file://${path.join(outside, 'secret.txt')}`, 'http://example.invalid/x', 'vscode-remote://h/x',
        'a\u0000b.txt', 'CON', 'aux.txt', 'nul', 'COM1.log', 'LPT9', 'con.', 'file.txt:stream', 'C:\\Windows\\win.ini', '\\\\server\\share\\x',
        '\\\\?\\C:\\x', '//server/share/x', '~/.ssh/id_rsa', '~', '', '   ', 'a'.repeat(5000), `${'d/'.repeat(2100)}x`,
        `${d.rel}/out-link/secret.txt`, `${d.rel}/out-link/new.txt`, `${d.rel}/secret-link.txt`, `${d.rel}/dangling.txt`, `${d.rel}/chain/hop/secret.txt`,
        '.git/config', '.git/hooks/pre-commit',
      ];
    };

    it('at least 30 hostile inputs × every path tool: refused, nothing read or written outside', async function () {
      this.timeout(300_000);
      const inputs = hostile();
      assert.ok(inputs.length >= 30);
      fs.mkdirSync(path.join(workspaceRoot(), '.git', 'hooks'), { recursive: true });
      fs.writeFileSync(path.join(workspaceRoot(), '.git', 'config'), '[core]\n');
      for (const [tool, make] of PATH_TOOLS) {
        for (const p of inputs) {
          api.services.guard.reset();
          const r = await invoke(tool, make(p));
          const readOnlyGitOk = (tool === 'safe_read_file' || tool === 'list_backups') && p.startsWith('.git/');
          if (readOnlyGitOk) continue; // reading .git/config inside the workspace is allowed; writing is not
          assert.equal(r.success, false, `${tool} accepted ${JSON.stringify(p).slice(0, 80)}: ${JSON.stringify(r).slice(0, 300)}`);
          assert.ok(['PATH_DENIED', 'INVALID_INPUT', 'FILE_NOT_FOUND', 'NO_BACKUPS', 'HASH_MISMATCH'].includes(r.error_type), `${tool} ${JSON.stringify(p).slice(0, 80)}: ${r.error_type} ${r.message}`);
          if (r.error_type === 'FILE_NOT_FOUND' || r.error_type === 'NO_BACKUPS' || r.error_type === 'HASH_MISMATCH') {
            // Only acceptable for paths that resolve INSIDE the workspace (e.g. "a/../../x" never does).
            assert.ok(!p.includes(path.relative(workspaceRoot(), outside)) && !p.startsWith('/') && !p.startsWith('..'), `${tool} ${p}: ${r.error_type}`);
          }
          assert.equal(typeof r.content, 'undefined', `${tool} returned content for ${p}`);
        }
      }
      assert.equal(fs.readFileSync(path.join(workspaceRoot(), '.git', 'config'), 'utf8'), '[core]\n');
    });
  });

  describe('sensitive files need the user\'s consent', () => {
    afterEach(() => api.services.setConsentAnswerForTests(undefined));
    it('a declined consent leaves .vscode/settings.json untouched (PERMISSION_DENIED)', async () => {
      const abs = path.join(workspaceRoot(), '.vscode', 'settings.json');
      writeBytes(abs, '{\n  "editor.tabSize": 2\n}\n');
      const r0 = await invoke('safe_read_file', { path: '.vscode/settings.json' });
      api.services.setConsentAnswerForTests('deny');
      const r = await invoke('replace_in_file', { path: '.vscode/settings.json', base_sha256: r0.sha256, old_text: '"editor.tabSize": 2', new_text: '"chat.tools.autoApprove": true' });
      assert.equal(r.error_type, 'PERMISSION_DENIED', JSON.stringify(r));
      assert.equal(fs.readFileSync(abs, 'utf8'), '{\n  "editor.tabSize": 2\n}\n');
      api.services.setConsentAnswerForTests('allow');
      const ok = await invoke('replace_in_file', { path: '.vscode/settings.json', base_sha256: r0.sha256, old_text: '"editor.tabSize": 2', new_text: '"editor.tabSize": 4' });
      assert.equal(ok.success, true, JSON.stringify(ok));
      assert.match(fs.readFileSync(abs, 'utf8'), /"editor.tabSize": 4/);
    });
    it('a protected file created through write_file asks too (.github/workflows)', async () => {
      api.services.setConsentAnswerForTests('deny');
      const r = await invoke('write_file', { path: '.github/workflows/ci.yml', content: 'on: push\n', create_dirs: true });
      assert.equal(r.error_type, 'PERMISSION_DENIED');
      assert.equal(fs.existsSync(path.join(workspaceRoot(), '.github/workflows/ci.yml')), false);
    });
  });

  it('50 concurrent edits to one file end as if applied one by one, nothing lost', async function () {
    this.timeout(180_000);
    const d = freshDir('fifty');
    const abs = path.join(d.abs, 'many.txt');
    const lines = Array.from({ length: 50 }, (_, i) => `item ${i} = old`);
    writeBytes(abs, lines.join('\n') + '\n');
    api.services.guard.reset();
    const results = await Promise.all(lines.map((_, i) => invoke('replace_in_file', { path: `${d.rel}/many.txt`, old_text: `item ${i} = old`, new_text: `item ${i} = new` })));
    for (const r of results) assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fs.readFileSync(abs, 'utf8'), lines.map((l) => l.replace('old', 'new')).join('\n') + '\n');
    const shas = new Set(results.map((r) => r.sha256));
    assert.equal(shas.size, 50, 'every edit saw a distinct version');
  });

  it('10,000 random and malformed inputs across all tools: no exception, invalid calls change nothing, nothing outside touched', async function () {
    this.timeout(900_000);
    const d = freshDir('fuzz');
    writeBytes(path.join(d.abs, 'a.txt'), 'alpha\nbeta\ngamma\n');
    writeBytes(path.join(d.abs, 'b.html'), '<div id="x"><p id="y">hi</p></div>\n');
    writeBytes(path.join(d.abs, 'c.json'), '{ "k": [1, 2, 3] }\n');
    const tools = ['safe_read_file', 'safe_patch', 'replace_in_file', 'edit_lines', 'write_file', 'rollback_file', 'list_backups', 'execute_program', 'patch_html'];
    const pathArb = fc.oneof(
      fc.constantFrom(`${d.rel}/a.txt`, `${d.rel}/b.html`, `${d.rel}/c.json`, `${d.rel}/missing.txt`, '../x', '/etc/passwd', '', '.git/config', `${d.rel}/../../x`),
      fc.string({ maxLength: 40 }),
    );
    const valueArb = fc.oneof(fc.string({ maxLength: 60 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }), fc.object({ maxDepth: 2 }), pathArb);
    const keyArb = fc.constantFrom('path', 'base_sha256', 'unified_diff', 'old_text', 'new_text', 'mode', 'start_line', 'end_line', 'new_lines', 'content', 'revision', 'backup_id', 'patches', 'program', 'args', 'cwd', 'timeout_ms', 'stdin', 'expected_replacements', 'allow_size_reduce', 'create_dirs', '__proto__', 'constructor', 'extra');
    const inputArb = fc.oneof(
      { weight: 6, arbitrary: fc.dictionary(keyArb, valueArb, { maxKeys: 6 }) },
      { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.constant(undefined), fc.string(), fc.integer(), fc.array(fc.anything(), { maxLength: 3 })) },
    );
    const samples = fc.sample(fc.tuple(fc.constantFrom(...tools), inputArb), { numRuns: 10_000, seed: 4242 });
    // A random path may name a protected file: the consent dialog must not block the run.
    api.services.setConsentAnswerForTests('deny');
    let before = fingerprint(d.abs);
    let invalid = 0;
    for (let i = 0; i < samples.length; i++) {
      if (i % 200 === 0) api.services.guard.reset();
      let [tool, input] = samples[i];
      // Never let random input run arbitrary programs: execute_program gets only malformed input.
      if (tool === 'execute_program' && input && typeof input === 'object') input = { ...(input as object), program: 42 };
      const r = await invoke(tool, (input ?? {}) as object);
      assert.equal(typeof r.success, 'boolean', `call ${i}: no result object: ${String(JSON.stringify(r)).slice(0, 200)}`);
      assert.notEqual(r.error_type, 'INTERNAL_ERROR', `call ${i} ${tool} ${String(JSON.stringify(input)).slice(0, 200)}: ${r.message}`);
      const now = fingerprint(d.abs);
      if (!r.success) {
        invalid++;
        assert.deepEqual(now, before, `call ${i}: failed ${tool} (${r.error_type}) changed a file`);
      }
      before = now;
    }
    api.services.setConsentAnswerForTests(undefined);
    assert.ok(invalid > 9000, `expected mostly invalid calls, got ${invalid}`);
  });
});

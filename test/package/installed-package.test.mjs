import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { withoutOuterNpm } from '../runner/npm-env.mjs';

// The npm package as a user gets it: `npm pack` (its prepack builds dist/), installed into an
// empty folder with --omit=dev and an empty cache, offline, and both bins run from THERE, so a
// file the bundles load at run time but the tarball lacks, or a dependency left outside the
// bundles, fails here and not on a user's machine.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VERSION = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).version;
// An npm started from `npm test` must not take the outer npm's description of itself.
const ENV = withoutOuterNpm(process.env);

function npm(args, cwd) {
  return execFileSync('npm', args, { cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('the npm package (npm pack, installed with --omit=dev into an empty folder)', function () {
  let work;
  let tarball;
  let installed;
  let bin;

  before(function () {
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-package-')));
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], REPO));
    tarball = path.join(work, packed[0].filename);
    const project = path.join(work, 'project');
    fs.mkdirSync(project);
    // --offline with a cache of its own: the install may fetch nothing, so it needs nothing.
    npm(['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--cache', path.join(work, 'cache'), tarball], project);
    installed = path.join(project, 'node_modules', 'agent-safe-edit');
    bin = (name) => path.join(project, 'node_modules', '.bin', name);
  });

  after(function () {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('holds the bins, the workers and the grammars they load, and nothing from the source tree; installs no other package', () => {
    const files = [];
    const walk = (dir) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else files.push(path.relative(installed, p).split(path.sep).join('/'));
      }
    };
    walk(installed);
    const grammars = fs.readdirSync(path.join(REPO, 'dist', 'wasm')).map((f) => `dist/wasm/${f}`);
    assert.ok(grammars.includes('dist/wasm/tree-sitter.wasm'), 'the build copied the grammars');
    const expected = [
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'package.json',
      'dist/cli.js',
      'dist/cli-main.js',
      'dist/hook.js',
      'dist/owner.js',
      'dist/setup.js',
      'dist/mcp-stdio.js',
      'dist/engine-worker.js',
      'dist/checkpoint-worker.js',
      ...grammars,
    ];
    assert.deepEqual(files.sort(), expected.sort());
    assert.deepEqual(
      fs.readdirSync(path.join(installed, '..')).filter((n) => !n.startsWith('.')),
      ['agent-safe-edit'],
    );
    // Every sibling file a bundle names (a worker, the server the CLI loads, a grammar) is there.
    for (const bundle of ['dist/cli.js', 'dist/cli-main.js', 'dist/hook.js', 'dist/owner.js', 'dist/setup.js', 'dist/mcp-stdio.js']) {
      const text = fs.readFileSync(path.join(installed, bundle), 'utf8');
      for (const [, name] of text.matchAll(/([a-z][a-z0-9-]*\.(?:js|wasm))["'`]/g)) {
        const sibling = name.endsWith('.wasm') ? `dist/wasm/${name}` : `dist/${name}`;
        if (fs.existsSync(path.join(REPO, sibling))) assert.ok(files.includes(sibling), `${bundle} loads ${sibling}`);
      }
    }
  });

  it('the installed agent-safe-edit CLI answers --version and help, and replaces text in a file', () => {
    const cli = (args, input) => spawnSync(bin('agent-safe-edit'), args, { cwd: work, env: ENV, encoding: 'utf8', input });
    assert.equal(cli(['--version']).stdout, `${VERSION}\n`);
    assert.equal(cli(['mcp', '--version']).stdout, `${VERSION}\n`);
    assert.match(cli(['help']).stdout, /^Usage: agent-safe-edit COMMAND/);
    fs.writeFileSync(path.join(work, 'greet.txt'), 'hello world\n');
    fs.writeFileSync(path.join(work, 'old.txt'), 'world');
    const r = cli(['replace', 'greet.txt', 'old.txt', '-'], 'there');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'hello there\n');
    assert.equal(fs.readFileSync(path.join(work, 'greet.txt'), 'utf8'), 'hello world\n');
  });

  it('the installed `agent-safe-edit hook` records an agent\'s edit through the background owner it starts (dist/owner.js from the package), `owner stop` ends it, and `setup` prints its diff', () => {
    const root = path.join(work, 'hooked');
    const state = path.join(work, 'state');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'one\n');
    const env = { ...ENV, XDG_STATE_HOME: state, HOME: path.join(work, 'home') };
    const fixture = (name) => fs.readFileSync(path.join(REPO, 'test/fixtures/hooks/claude-code', `${name}.json`), 'utf8').split('__ROOT__').join(root);
    const hook = (name) => spawnSync(bin('agent-safe-edit'), ['hook', 'claude-code'], { cwd: root, env, encoding: 'utf8', input: fixture(name) });
    const pre = hook('edit.pre');
    assert.equal(pre.status, 0, pre.stderr);
    assert.equal(pre.stderr, '');
    fs.writeFileSync(path.join(root, 'src/a.txt'), 'ONE\n');
    const post = hook('edit.post');
    assert.equal(post.stderr, '');
    const status = spawnSync(bin('agent-safe-edit'), ['owner', 'status', '--root', root, '--json'], { cwd: root, env, encoding: 'utf8' });
    assert.equal(status.status, 0, status.stderr);
    assert.equal(JSON.parse(status.stdout).owner.role, 'background');
    const stop = spawnSync(bin('agent-safe-edit'), ['owner', 'stop', '--root', root], { cwd: root, env, encoding: 'utf8' });
    assert.equal(stop.status, 0, stop.stderr);
    const stores = fs.readdirSync(path.join(state, 'agent-safe-edit')).filter((n) => n.startsWith('hooked-'));
    assert.equal(stores.length, 1, 'the root\'s default store');
    const journal = fs.readFileSync(path.join(state, 'agent-safe-edit', stores[0], 'journal.jsonl'), 'utf8');
    assert.match(journal, /"claude-code:Edit"/);
    const setup = spawnSync(bin('agent-safe-edit'), ['setup', 'cursor', '--root', root], { cwd: root, env, encoding: 'utf8' });
    assert.equal(setup.status, 0, setup.stderr);
    assert.match(setup.stdout, /\+\+\+ b\/\.cursor\/hooks\.json/);
    assert.match(setup.stdout, /hook cursor/);
    assert.equal(fs.existsSync(path.join(root, '.cursor')), false, 'nothing written without --yes');
  });

  it('the installed agent-safe-edit-mcp serves the tools over stdio: an edit, a broken one refused, and the rollback', async () => {
    const root = path.join(work, 'workspace');
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'app.py'), 'def total(xs):\n    return sum(xs)\n');
    const transport = new StdioClientTransport({
      command: bin('agent-safe-edit-mcp'),
      args: ['--root', root, '--store', path.join(work, 'store')],
      cwd: work,
      env: ENV,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d) => {
      stderr += d.toString('utf8');
    });
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      assert.equal(client.getServerVersion()?.version, VERSION);
      const names = (await client.listTools()).tools.map((t) => t.name);
      for (const n of ['safe_read_file', 'safe_patch', 'replace_in_file', 'write_file', 'rollback_file']) assert.ok(names.includes(n), `${n} in ${names}`);
      const call = async (name, args) => (await client.callTool({ name, arguments: args })).structuredContent;

      const read = await call('safe_read_file', { path: 'app.py' });
      // The syntax check runs on the tree-sitter grammars the package ships beside the bundle.
      const broken = await call('replace_in_file', { path: 'app.py', base_sha256: read.sha256, old_text: 'def total(xs):', new_text: 'def total(xs:' });
      assert.equal(broken.error_type, 'VALIDATION_FAILED', JSON.stringify(broken));
      const edit = await call('replace_in_file', { path: 'app.py', base_sha256: read.sha256, old_text: 'sum(xs)', new_text: 'sum(xs, 0)' });
      assert.equal(edit.success, true, JSON.stringify(edit));
      assert.equal(fs.readFileSync(path.join(root, 'app.py'), 'utf8'), 'def total(xs):\n    return sum(xs, 0)\n');

      const back = await call('rollback_file', { path: 'app.py' });
      assert.equal(back.success, true, JSON.stringify(back));
      assert.equal(back.restored_backup_id, edit.backup_id);
      assert.equal(fs.readFileSync(path.join(root, 'app.py'), 'utf8'), 'def total(xs):\n    return sum(xs)\n');
    } finally {
      await client.close();
    }
    assert.match(stderr, /serving /);
  });

  it('`npx -y ./TARBALL agent-safe-edit-mcp --root DIR` answers an MCP client (npx runs the CLI bin, which hands over to the server)', async () => {
    const root = path.join(work, 'npx-workspace');
    fs.mkdirSync(root);
    const env = { ...ENV, npm_config_cache: path.join(work, 'npx-cache'), npm_config_offline: 'true' };
    const transport = new StdioClientTransport({
      command: 'npx',
      args: ['-y', `./${path.basename(tarball)}`, 'agent-safe-edit-mcp', '--root', root, '--store', path.join(work, 'npx-store')],
      cwd: work,
      env,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'package-npx-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      assert.equal(client.getServerVersion()?.name, 'agent-safe-edit');
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'rollback_file'));
      const made = (await client.callTool({ name: 'write_file', arguments: { path: 'new.txt', content: 'made by npx\n' } })).structuredContent;
      assert.equal(made.success, true, JSON.stringify(made));
      assert.equal(fs.readFileSync(path.join(root, 'new.txt'), 'utf8'), 'made by npx\n');
    } finally {
      await client.close();
    }
  });
});

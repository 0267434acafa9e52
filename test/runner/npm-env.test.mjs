// The install of Node 24 and code-server must work when started from an npm lifecycle script
// (`npm start`, `npm test`): an inherited npm_config_user_agent of another Node must not reach
// the inner npm. Run by `npm run test:unit` (.mocharc.json lists test/runner/*.test.mjs).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { node24Env, toolPaths } from './install-vscode.mjs';
import { isOuterNpmVariable, withoutOuterNpm } from './npm-env.mjs';

/** What an npm 11 on Node 20 exports to `npm start`, as measured on our machines (trimmed). */
const OUTER_NODE20_SCRIPT_ENV = {
  PATH: '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/bin:/bin',
  HOME: '/home/user',
  NODE: '/usr/bin/node',
  INIT_CWD: '/home/user/agent-safe-edit',
  npm_command: 'start',
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  npm_config_node_gyp: '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  npm_config_nodedir: '/usr',
  npm_config_npm_version: '11.19.1',
  npm_config_prefix: '/usr',
  npm_config_global_prefix: '/usr',
  npm_config_local_prefix: '/home/user/agent-safe-edit',
  npm_config_globalconfig: '/usr/etc/npmrc',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  npm_lifecycle_event: 'start',
  npm_lifecycle_script: 'npm run build && node scripts/start.mjs',
  npm_node_execpath: '/usr/bin/node',
  npm_package_json: '/home/user/agent-safe-edit/package.json',
  npm_package_name: 'agent-safe-edit',
  npm_package_version: '0.1.0',
  // The user's own choices, which must survive:
  npm_config_registry: 'https://registry.example.test/',
  npm_config_cache: '/home/user/.npm',
  npm_config_proxy: 'http://proxy.example.test:3128',
  npm_config_https_proxy: 'http://proxy.example.test:3128',
  npm_config_noproxy: 'localhost',
  npm_config_strict_ssl: 'true',
  npm_config_cafile: '/etc/ssl/certs/ca-certificates.crt',
  HTTPS_PROXY: 'http://proxy.example.test:3128',
};

const USER_CHOICES = [
  'npm_config_registry', 'npm_config_cache', 'npm_config_proxy', 'npm_config_https_proxy',
  'npm_config_noproxy', 'npm_config_strict_ssl', 'npm_config_cafile', 'HTTPS_PROXY', 'HOME',
];

describe('install environment under an npm lifecycle script (npm-env.mjs)', () => {
  it('drops every variable the outer npm exported about itself, in any case', () => {
    const clean = withoutOuterNpm({ ...OUTER_NODE20_SCRIPT_ENV, NPM_CONFIG_USER_AGENT: 'npm/10 node/v18.0.0' });
    const outer = Object.keys(clean).filter((key) => /^npm_|^NODE$|^INIT_CWD$/i.test(key) && !USER_CHOICES.includes(key));
    assert.deepEqual(outer, []);
  });

  it('keeps registry, proxies, cache and certificates the user chose', () => {
    const clean = withoutOuterNpm(OUTER_NODE20_SCRIPT_ENV);
    for (const key of USER_CHOICES) assert.equal(clean[key], OUTER_NODE20_SCRIPT_ENV[key], key);
  });

  it('classifies lifecycle and config variables', () => {
    assert.equal(isOuterNpmVariable('npm_lifecycle_event'), true);
    assert.equal(isOuterNpmVariable('npm_package_dependencies_yaml'), true);
    assert.equal(isOuterNpmVariable('npm_config_user_agent'), true);
    assert.equal(isOuterNpmVariable('npm_config_registry'), false);
    assert.equal(isOuterNpmVariable('@scope:registry'), false);
    assert.equal(isOuterNpmVariable('PATH'), false);
  });

  it("code-server's install env: Node 24 first, its headers, no Node 20 user agent", () => {
    const paths = toolPaths('/opt/ase-tools');
    const env = node24Env(paths, OUTER_NODE20_SCRIPT_ENV);
    assert.equal(env.npm_config_user_agent, undefined);
    assert.equal(env.npm_config_nodedir, paths.nodeHome);
    assert.equal(env.PATH.split(path.delimiter)[0], path.dirname(paths.nodeBin));
    assert.equal(env.npm_config_registry, OUTER_NODE20_SCRIPT_ENV.npm_config_registry);
  });

  it('an npm started with that env reports its own Node, not the inherited one', function () {
    this.timeout(30_000);
    // The mechanism of the bug, end to end: npm reads npm_config_user_agent from the
    // environment as its `user-agent` setting and passes it on to the scripts it runs, which
    // is where code-server's postinstall reads the Node version. Here the "Node 24" folder
    // does not exist, so the npm below runs on this Node; it must say so.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ase-npm-env-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({
        name: 'ase-npm-env-probe',
        private: true,
        scripts: { probe: 'node -e "console.log(process.env.npm_config_user_agent)"' },
      }));
      const inherited = { ...process.env, ...OUTER_NODE20_SCRIPT_ENV, PATH: process.env.PATH, HOME: process.env.HOME,
        npm_config_registry: process.env.npm_config_registry, npm_config_cache: process.env.npm_config_cache,
        npm_config_user_agent: 'npm/9.0.0 node/v16.0.0 linux x64 workspaces/false',
        npm_config_proxy: undefined, npm_config_https_proxy: undefined, HTTPS_PROXY: undefined, npm_config_cafile: undefined };
      const env = node24Env(toolPaths(path.join(dir, 'no-tools')), inherited);
      const result = spawnSync('npm', ['run', '--silent', 'probe'], { cwd: dir, env, encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`node/${process.version.replace(/\./g, '\\.')} `));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

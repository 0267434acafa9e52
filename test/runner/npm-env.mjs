// The environment for an npm that we start from inside an npm lifecycle script (`npm start`,
// `npm test` → install-vscode.mjs → `npm install code-server` under Node 24).
//
// An npm running a script exports variables that describe ITSELF to the script: its
// user agent (with its Node version), its node-gyp, its Node's headers, its prefixes, the
// package and the lifecycle event. An npm started below inherits them and believes them:
// code-server's postinstall reads the Node major from `npm_config_user_agent` and refused to
// install under Node 24 because the outer npm ran on Node 20. So those are dropped.
// Everything else stays, in particular what the user set on purpose: registry, proxies,
// cache, certificates, auth (from .npmrc files, which the inner npm reads again anyway, or
// from `npm_config_*` variables of their shell).

/** npm_config_* keys (lower case, after the prefix) that describe the outer npm, not the user. */
const OUTER_NPM_CONFIG = new Set([
  'user_agent', // "npm/11 node/v20.20.2 linux x64": the outer Node's version
  'node_gyp', // the outer npm's node-gyp
  'nodedir', // headers of the outer Node (native addons must match the Node that runs them)
  'npm_version',
  'prefix',
  'global_prefix',
  'local_prefix', // the outer project's folder
  'globalconfig', // derived from the outer npm's prefix
  'init_module',
]);

/** Variables npm's run-script sets for a script, beside the npm_* ones. */
const OUTER_SCRIPT_VARIABLES = new Set(['NODE', 'INIT_CWD']);

/**
 * True when `key` was put in the environment by an npm running a lifecycle script and
 * describes that npm, its Node or its package rather than the user's wishes.
 * @param {string} key
 */
export function isOuterNpmVariable(key) {
  if (OUTER_SCRIPT_VARIABLES.has(key)) return true;
  const lower = key.toLowerCase();
  if (!lower.startsWith('npm_')) return false;
  // npm_lifecycle_*, npm_package_*, npm_node_execpath, npm_execpath, npm_command, …
  if (!lower.startsWith('npm_config_')) return true;
  return OUTER_NPM_CONFIG.has(lower.slice('npm_config_'.length));
}

/**
 * A copy of `env` without the variables an outer npm lifecycle script exported about itself
 * (see isOuterNpmVariable), with `set` applied last. Undefined values are left out.
 * @param {Record<string, string | undefined>} env
 * @param {Record<string, string>} [set] what the inner install needs (e.g. npm_config_nodedir)
 * @returns {Record<string, string>}
 */
export function withoutOuterNpm(env, set = {}) {
  /** @type {Record<string, string>} */
  const clean = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && !isOuterNpmVariable(key)) clean[key] = value;
  }
  return { ...clean, ...set };
}

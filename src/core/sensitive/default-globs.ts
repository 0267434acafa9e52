/**
 * Files whose edit can change what the editor, the package manager, CI or git DO, not just
 * what the code says — the targets of prompt-injection attacks such as CVE-2025-53773 (an
 * agent writing `"chat.tools.autoApprove": true` into .vscode/settings.json). Editing one
 * needs the user's explicit consent.
 *
 * All match at any depth (`**` + `/`): a nested folder may later be opened as a workspace,
 * nested packages have their own .npmrc and lockfiles, and an extra consent prompt costs
 * less than a missed one.
 */
export const DEFAULT_SENSITIVE_GLOBS: readonly string[] = Object.freeze([
  // Editor configuration: settings, tasks (run commands), launch configs, extensions.
  '**/.vscode/*.json',
  '**/*.code-workspace',
  // CI and agent configuration.
  '**/.github/workflows/**',
  '**/.github/agents/**',
  '**/.github/hooks/**',
  // Secrets and environment (also matches .envrc, which direnv executes).
  '**/.env*',
  // Package manager configuration: registries, tokens, install scripts.
  '**/.npmrc',
  '**/.yarnrc*',
  // Lockfiles: a swapped resolved URL or integrity hash installs someone else's code.
  '**/package-lock.json',
  '**/npm-shrinkwrap.json',
  '**/yarn.lock',
  '**/pnpm-lock.yaml',
  '**/bun.lockb',
  '**/bun.lock',
  '**/Cargo.lock',
  '**/poetry.lock',
  '**/Pipfile.lock',
  '**/composer.lock',
  '**/Gemfile.lock',
  '**/go.sum',
  // Git behaviour: filters/diff drivers (run programs) and submodule URLs.
  '**/.gitattributes',
  '**/.gitmodules',
]);

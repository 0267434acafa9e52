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
  // Git hooks and the managers that install them (their scripts run on commit/checkout),
  // and the repository itself (writes there are refused anyway; listed so the list is
  // a superset of VS Code's own `chat.tools.edits.autoApprove` defaults).
  '**/.husky/**',
  '**/.githooks/**',
  '**/.pre-commit-config.yaml',
  '**/.git/**',
  // Dev containers: the config names images, mounts and commands run on open.
  '**/.devcontainer/**',
  '**/.devcontainer.json',
  // Instructions and tool configuration of coding agents: an edit there steers (or
  // auto-approves) the next agent session.
  '**/.github/copilot-instructions.md',
  '**/.github/instructions/**',
  '**/.github/prompts/**',
  '**/.github/chatmodes/**',
  '**/AGENTS.md',
  '**/.mcp.json',
  '**/.claude/settings*.json',
  '**/.claude/agents/**',
  // Build and package manifests that run code on install/build (VS Code's defaults).
  '**/package.json',
  '**/Cargo.toml',
  '**/build.rs',
  '**/server.xml',
  '**/web.config',
  '**/*.{csproj,fsproj,vbproj,vcxproj,proj,targets,props,gradle,gradle.kts}',
  '**/gradle.properties',
  '**/.pnpmfile.{js,cjs,mjs}',
  '**/pnpm-workspace.yaml',
  '**/ruby_lsp/**',
  // Any other lockfile.
  '**/*.lock',
  '**/*-lock.{yaml,json}',
]);

/**
 * Home-relative globs, checked only when a workspace folder contains the user's home
 * folder (someone opened `~`): every dot-file and dot-folder at its top (`.ssh/**`, shell
 * rc files, `.gitconfig`, `.vscode/extensions/**`, `.config/Code/User/settings.json`), VS
 * Code's user settings on macOS and Windows, and PowerShell profiles.
 */
export const HOME_SENSITIVE_GLOBS: readonly string[] = Object.freeze([
  '.*',
  '.*/**',
  'Library/Application Support/*/User/**',
  'AppData/Roaming/*/User/**',
  'Documents/{PowerShell,WindowsPowerShell}/**',
]);

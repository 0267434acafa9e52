/**
 * VS Code's own always-checked edit paths: the ones whose edit asks for confirmation in
 * Copilot's agent mode whatever the user put in `chat.tools.edits.autoApprove`. Copied
 * verbatim from `ALWAYS_CHECKED_EDIT_PATTERNS` in microsoft/vscode
 * src/vs/platform/chat/common/chatSettings.ts as shipped in VS Code 1.139.1 (read in the
 * built workbench of code-server 4.139.1, the release the tests run on). Kept as VS Code
 * spells them, so a test can compare the two lists pattern by pattern.
 */
export const VSCODE_ALWAYS_CHECKED_GLOBS: readonly string[] = Object.freeze([
  '**/.mcp.json',
  '**/.npmrc',
  '**/.vscode/*.json',
  '**/.github/agents/**',
  '**/.github/hooks/**',
  '**/.claude/agents/**',
  '**/.claude/settings.json',
  '**/.claude/settings.local.json',
  '**/.codex/agents/**',
  '**/.codex/config.toml',
  '**/.codex/hooks.json',
]);

/**
 * Configuration and instructions of other coding agents: each of these either runs commands
 * (hooks, MCP server lists, custom slash commands) or steers the next agent session that
 * reads it (rules, memory files), so a prompt injection that lands there outlives the chat.
 */
export const AGENT_CONFIGURATION_GLOBS: readonly string[] = Object.freeze([
  // Cursor: rules, MCP servers, hooks, commands all live under .cursor/; the legacy rules file.
  '**/.cursor/**',
  '**/.cursorrules',
  // Claude Code: project memory and custom slash commands (settings and agents are above).
  '**/CLAUDE.md',
  '**/.claude/commands/**',
  // Codex CLI: everything under .codex/ (config, hooks, agents, rules).
  '**/.codex/**',
  // Gemini CLI and Zed: settings that name MCP servers and the commands that start them.
  '**/.gemini/settings.json',
  '**/.zed/settings.json',
]);

/**
 * Files whose edit can change what the editor, the package manager, CI, git or a coding
 * agent DO, not just what the code says — the targets of prompt-injection attacks such as
 * CVE-2025-53773 (an agent writing `"chat.tools.autoApprove": true` into
 * .vscode/settings.json). Editing one needs the user's explicit consent.
 *
 * VS Code's always-checked list comes first and unchanged; the rest is a superset of the
 * other defaults of VS Code's `chat.tools.edits.autoApprove` plus our own additions.
 * All match at any depth (`**` + `/`): a nested folder may later be opened as a workspace,
 * nested packages have their own .npmrc and lockfiles, and an extra consent prompt costs
 * less than a missed one.
 */
export const DEFAULT_SENSITIVE_GLOBS: readonly string[] = Object.freeze([
  ...VSCODE_ALWAYS_CHECKED_GLOBS,
  // Multi-root workspace files: settings, tasks (run commands) and launch configs of all folders.
  '**/*.code-workspace',
  // CI configuration.
  '**/.github/workflows/**',
  // Secrets and environment (also matches .envrc, which direnv executes).
  '**/.env*',
  // Package manager configuration: registries, tokens, install scripts.
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
  // Any other Claude settings file (VS Code checks settings.json and settings.local.json).
  '**/.claude/settings*.json',
  ...AGENT_CONFIGURATION_GLOBS,
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

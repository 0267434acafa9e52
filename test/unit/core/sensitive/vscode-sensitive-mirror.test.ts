import * as assert from 'node:assert/strict';
import { isSensitivePath } from '../../../../src/core/sensitive/is-sensitive';
import { samplePaths } from '../../../support/glob-samples';
import { AGENT_CONFIGURATION_GLOBS, DEFAULT_SENSITIVE_GLOBS, VSCODE_ALWAYS_CHECKED_GLOBS } from '../../../../src/core/sensitive/default-globs';

// Our protected list against VS Code 1.139.1's own edit-confirmation defaults, written out
// here independently of the source (microsoft/vscode src/vs/platform/chat/common/chatSettings.ts,
// as built into code-server 4.139.1). test/integration/agent-config-consent.test.ts reads the
// always-checked list from the running VS Code itself.

/** ALWAYS_CHECKED_EDIT_PATTERNS: confirmed whatever `chat.tools.edits.autoApprove` says. */
const VSCODE_ALWAYS_CHECKED = [
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
];

/** The other `false` entries of DEFAULT_EDIT_AUTO_APPROVE_PATTERNS (a user may turn these off; we do not). */
const VSCODE_DEFAULT_CHECKED = [
  '**/.git/**',
  '**/{package.json,server.xml,build.rs,web.config,.gitattributes,.env,Cargo.toml}',
  '**/{.npmrc,.yarnrc,.yarnrc.yml,.pnpmfile.js,.pnpmfile.cjs,.pnpmfile.mjs,pnpm-workspace.yaml}',
  '**/*.{code-workspace,csproj,fsproj,vbproj,vcxproj,proj,targets,props,gradle,gradle.kts}',
  '**/gradle.properties',
  '**/ruby_lsp/*/addon',
  '**/*.lock',
  '**/*-lock.{yaml,json}',
];

describe("protected files mirror VS Code 1.139's own edit confirmations", () => {
  it("VS Code's always-checked list is ours, pattern for pattern and in its order", () => {
    assert.deepEqual([...VSCODE_ALWAYS_CHECKED_GLOBS], VSCODE_ALWAYS_CHECKED);
    assert.deepEqual(DEFAULT_SENSITIVE_GLOBS.slice(0, VSCODE_ALWAYS_CHECKED.length), VSCODE_ALWAYS_CHECKED);
  });

  for (const pattern of VSCODE_ALWAYS_CHECKED) {
    it(`every path of ${pattern} is protected, and reported by VS Code's own pattern`, () => {
      for (const p of samplePaths(pattern)) {
        assert.deepEqual(isSensitivePath(p, [], { caseInsensitive: false }), { sensitive: true, glob: pattern, source: 'default' }, p);
      }
    });
  }

  for (const pattern of VSCODE_DEFAULT_CHECKED) {
    it(`every path of VS Code's default ${pattern} is protected too`, () => {
      for (const p of samplePaths(pattern)) assert.equal(isSensitivePath(p).sensitive, true, p);
    });
  }

  it('samplePaths covers braces, stars and trailing globstars', () => {
    assert.deepEqual(samplePaths('**/.codex/agents/**'), ['.codex/agents/inner/file.txt', 'nested/dir/.codex/agents/inner/file.txt']);
    assert.deepEqual(samplePaths('**/*-lock.{yaml,json}'), ['sample-lock.yaml', 'nested/dir/sample-lock.yaml', 'sample-lock.json', 'nested/dir/sample-lock.json']);
  });
});

describe('configuration of other coding agents is protected', () => {
  const cases: [string, string][] = [
    ['.cursor/rules/style.mdc', 'Cursor rules'],
    ['.cursor/mcp.json', 'Cursor MCP servers'],
    ['.cursor/hooks.json', 'Cursor hooks'],
    ['.cursorrules', 'Cursor legacy rules'],
    ['CLAUDE.md', 'Claude Code memory'],
    ['web/CLAUDE.md', 'Claude Code memory of a package'],
    ['.claude/commands/release.md', 'Claude Code slash command'],
    ['.codex/config.toml', 'Codex configuration'],
    ['.codex/rules/default.rules', 'Codex rules'],
    ['.gemini/settings.json', 'Gemini CLI settings'],
    ['.zed/settings.json', 'Zed settings'],
  ];
  for (const [p, what] of cases) {
    it(`${what} (${p}) needs consent, in any case`, () => {
      assert.equal(isSensitivePath(p).sensitive, true);
      assert.equal(isSensitivePath(p.toUpperCase()).sensitive, true);
    });
  }

  it('every agent-configuration glob is in the default list', () => {
    for (const g of AGENT_CONFIGURATION_GLOBS) assert.ok(DEFAULT_SENSITIVE_GLOBS.includes(g), g);
  });
});

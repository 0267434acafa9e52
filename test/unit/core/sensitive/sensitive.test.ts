import * as assert from 'node:assert/strict';
import { compileGlob, expandBraces, matchName } from '../../../../src/core/sensitive/glob';
import { anchorUserGlob, isSensitivePath } from '../../../../src/core/sensitive/is-sensitive';
import { DEFAULT_SENSITIVE_GLOBS } from '../../../../src/core/sensitive/default-globs';

// Sensitive-file tests of core/sensitive.

describe('glob matcher', () => {
  const cases: [string, string, boolean, { caseInsensitive?: boolean; dot?: boolean }?][] = [
    ['*.json', 'a.json', true],
    ['*.json', 'dir/a.json', false],
    ['*.json', '.eslintrc.json', false],
    ['*.json', '.eslintrc.json', true, { dot: true }],
    ['.*', '.env', true],
    ['?.c', 'a.c', true],
    ['?.c', 'ab.c', false],
    ['?.c', '✓.c', true],
    ['**/*.c', 'a.c', true],
    ['**/*.c', 'x/y/z/a.c', true],
    ['**/*.c', '.hidden/a.c', true],
    ['src/**', 'src', true],
    ['src/**', 'src/a/b', true],
    ['src/**', 'srcx/a', false],
    ['src/**/test/*.ts', 'src/test/a.ts', true],
    ['src/**/test/*.ts', 'src/a/b/test/a.ts', true],
    ['src/**/test/*.ts', 'src/a/b/test/x/a.ts', false],
    ['a**b', 'axyzb', true],
    ['a**b', 'ax/yb', false],
    ['{a,b}.txt', 'b.txt', true],
    ['{a,b}.txt', 'c.txt', false],
    ['{src,lib/x}/*.ts', 'lib/x/y.ts', true],
    ['x{a,b{1,2}}y', 'xb2y', true],
    ['{a}.txt', '{a}.txt', true],
    ['{a,b.txt', '{a,b.txt', true],
    ['[ab].txt', '[ab].txt', true],
    ['[ab].txt', 'a.txt', false],
    ['Cargo.lock', 'cargo.lock', false],
    ['Cargo.lock', 'cargo.lock', true, { caseInsensitive: true }],
    ['.vscode/*.json', '.vscode\\settings.json', true],
    ['.vscode/*.json', './.vscode//settings.json', true],
    ['/root.txt', 'root.txt', true],
    ['*', '', false],
    ['**', '', true],
    ['a*a*a*a*a*a*a*a*b', 'a'.repeat(200), false],
  ];
  for (const [pattern, path, expected, options] of cases) {
    it(`${pattern} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(path).slice(0, 40)}${options ? ' ' + JSON.stringify(options) : ''}`, () => {
      assert.equal(compileGlob(pattern, options).test(path), expected);
    });
  }

  it('expands braces in order and caps the count', () => {
    assert.deepEqual(expandBraces('{a,b}{1,2}'), ['a1', 'a2', 'b1', 'b2']);
    assert.equal(expandBraces('{a,b}'.repeat(20)).length, 1024);
    assert.deepEqual(expandBraces('no-braces'), ['no-braces']);
  });

  it('matchName handles stars and question marks without regexes', () => {
    assert.ok(matchName('*a*b*c', 'xxaxxbxxc'));
    assert.ok(!matchName('*a*b*c', 'xxaxxcxxb'));
    assert.ok(matchName('***', 'anything'));
    assert.ok(!matchName('', 'x'));
  });

  it('never throws on junk', () => {
    for (const p of [undefined, null, 5, '{{{{', '}}}', '**/**/**/**', '\\\\']) {
      const g = compileGlob(p as unknown as string);
      for (const path of [undefined, 7, '', 'a/b'] as unknown[]) assert.equal(typeof g.test(path as string), 'boolean');
    }
  });
});

describe('isSensitivePath', () => {
  const sensitive: [string, string][] = [
    ['.vscode/settings.json', '**/.vscode/*.json'],
    ['.vscode/tasks.json', '**/.vscode/*.json'],
    ['packages/app/.vscode/launch.json', '**/.vscode/*.json'],
    ['my.code-workspace', '**/*.code-workspace'],
    ['deep/dir/team.code-workspace', '**/*.code-workspace'],
    ['.github/workflows/ci.yml', '**/.github/workflows/**'],
    ['.github/workflows/sub/deploy.yaml', '**/.github/workflows/**'],
    ['.github/agents/reviewer.md', '**/.github/agents/**'],
    ['.github/hooks/pre.json', '**/.github/hooks/**'],
    ['.env', '**/.env*'],
    ['.env.local', '**/.env*'],
    ['services/api/.env.production', '**/.env*'],
    ['.envrc', '**/.env*'],
    ['.npmrc', '**/.npmrc'],
    ['packages/x/.npmrc', '**/.npmrc'],
    ['.yarnrc.yml', '**/.yarnrc*'],
    ['.yarnrc', '**/.yarnrc*'],
    ['package-lock.json', '**/package-lock.json'],
    ['npm-shrinkwrap.json', '**/npm-shrinkwrap.json'],
    ['web/yarn.lock', '**/yarn.lock'],
    ['pnpm-lock.yaml', '**/pnpm-lock.yaml'],
    ['bun.lockb', '**/bun.lockb'],
    ['bun.lock', '**/bun.lock'],
    ['crates/a/Cargo.lock', '**/Cargo.lock'],
    ['poetry.lock', '**/poetry.lock'],
    ['Pipfile.lock', '**/Pipfile.lock'],
    ['composer.lock', '**/composer.lock'],
    ['Gemfile.lock', '**/Gemfile.lock'],
    ['go.sum', '**/go.sum'],
    ['.gitattributes', '**/.gitattributes'],
    ['vendor/lib/.gitattributes', '**/.gitattributes'],
    ['.gitmodules', '**/.gitmodules'],
    ['.vscode\\settings.json', '**/.vscode/*.json'],
    ['.husky/pre-commit', '**/.husky/**'],
    ['.githooks/post-checkout', '**/.githooks/**'],
    ['.pre-commit-config.yaml', '**/.pre-commit-config.yaml'],
    ['.git/config', '**/.git/**'],
    ['.devcontainer/devcontainer.json', '**/.devcontainer/**'],
    ['.devcontainer.json', '**/.devcontainer.json'],
    ['.github/copilot-instructions.md', '**/.github/copilot-instructions.md'],
    ['.github/instructions/ts.instructions.md', '**/.github/instructions/**'],
    ['.github/prompts/fix.prompt.md', '**/.github/prompts/**'],
    ['.github/chatmodes/plan.chatmode.md', '**/.github/chatmodes/**'],
    ['AGENTS.md', '**/AGENTS.md'],
    ['pkg/AGENTS.md', '**/AGENTS.md'],
    ['.mcp.json', '**/.mcp.json'],
    ['.claude/settings.json', '**/.claude/settings.json'],
    ['.claude/settings.local.json', '**/.claude/settings.local.json'],
    ['.claude/settings.team.json', '**/.claude/settings*.json'],
    ['.claude/agents/x.md', '**/.claude/agents/**'],
    ['.codex/agents/reviewer.toml', '**/.codex/agents/**'],
    ['.codex/config.toml', '**/.codex/config.toml'],
    ['.codex/hooks.json', '**/.codex/hooks.json'],
    ['.codex/rules/default.rules', '**/.codex/**'],
    ['.cursor/rules/style.mdc', '**/.cursor/**'],
    ['.cursor/mcp.json', '**/.cursor/**'],
    ['.cursorrules', '**/.cursorrules'],
    ['CLAUDE.md', '**/CLAUDE.md'],
    ['packages/api/CLAUDE.md', '**/CLAUDE.md'],
    ['.claude/commands/deploy.md', '**/.claude/commands/**'],
    ['.gemini/settings.json', '**/.gemini/settings.json'],
    ['.zed/settings.json', '**/.zed/settings.json'],
    ['package.json', '**/package.json'],
    ['Cargo.toml', '**/Cargo.toml'],
    ['build.rs', '**/build.rs'],
    ['conf/server.xml', '**/server.xml'],
    ['web.config', '**/web.config'],
    ['App/App.csproj', '**/*.{csproj,fsproj,vbproj,vcxproj,proj,targets,props,gradle,gradle.kts}'],
    ['build.gradle.kts', '**/*.{csproj,fsproj,vbproj,vcxproj,proj,targets,props,gradle,gradle.kts}'],
    ['gradle.properties', '**/gradle.properties'],
    ['.pnpmfile.cjs', '**/.pnpmfile.{js,cjs,mjs}'],
    ['pnpm-workspace.yaml', '**/pnpm-workspace.yaml'],
    ['lib/ruby_lsp/mygem/addon.rb', '**/ruby_lsp/**'],
    ['flake.lock', '**/*.lock'],
    ['deno-lock.json', '**/*-lock.{yaml,json}'],
  ];
  for (const [path, glob] of sensitive) {
    it(`flags ${path} via ${glob}`, () => {
      assert.deepEqual(isSensitivePath(path, [], { caseInsensitive: false }), { sensitive: true, glob, source: 'default' });
    });
  }

  const ordinary = [
    'src/index.ts', 'package.json.md', '.gitignore', 'README.md', '.vscode/notes.md', '.vscode/sub/x.json',
    '.github/ISSUE_TEMPLATE/bug.md', '.github/CODEOWNERS', 'env.ts', 'docs/environment.md', 'src/my.env.ts',
    'go.mod', 'Cargo.toml.orig', 'yarn.lock.bak', 'my-package-lock.json.txt', 'lockfiles/readme.txt', 'npmrc',
    '.github/copilot.md', 'docs/agents.md.txt', '.claude/notes.md', 'docs/CLAUDE.md.txt', 'cursor/rules.md',
    '.gemini/notes.md', '.zed/tasks.md',
  ];
  for (const path of ordinary) {
    it(`does not flag ${path}`, () => {
      assert.deepEqual(isSensitivePath(path, [], { caseInsensitive: false }), { sensitive: false });
    });
  }

  it('is case-insensitive by default on every platform (WSL /mnt/c, CIFS, exFAT, casefold mounts)', () => {
    assert.equal(isSensitivePath('.VSCode/Settings.JSON').sensitive, true);
    assert.equal(isSensitivePath('.GitHub/Workflows/CI.yml').sensitive, true);
    assert.equal(isSensitivePath('Secrets/Key.PEM', ['secrets/*.pem']).sensitive, true);
  });

  it('is case-insensitive when asked (Windows, macOS)', () => {
    assert.equal(isSensitivePath('.VSCode/Settings.JSON', [], { caseInsensitive: true }).sensitive, true);
    assert.equal(isSensitivePath('.VSCode/Settings.JSON', [], { caseInsensitive: false }).sensitive, false);
    assert.equal(isSensitivePath('CARGO.LOCK', [], { caseInsensitive: true }).sensitive, true);
  });

  it('adds user globs with .gitignore habits and reports them as user', () => {
    const user = ['secrets.json', '/config/prod.yml', 'private/', 'certs/**/*.pem', 42, '', null];
    const s = (p: string) => isSensitivePath(p, user, { caseInsensitive: false });
    assert.deepEqual(s('a/b/secrets.json'), { sensitive: true, glob: 'secrets.json', source: 'user' });
    assert.deepEqual(s('config/prod.yml'), { sensitive: true, glob: '/config/prod.yml', source: 'user' });
    assert.deepEqual(s('x/config/prod.yml'), { sensitive: false });
    assert.deepEqual(s('x/private/key.txt'), { sensitive: true, glob: 'private/', source: 'user' });
    assert.deepEqual(s('certs/a/b.pem'), { sensitive: true, glob: 'certs/**/*.pem', source: 'user' });
    assert.deepEqual(s('other/certs/b.pem'), { sensitive: false });
    assert.deepEqual(s('.env'), { sensitive: true, glob: '**/.env*', source: 'default' });
  });

  it('anchorUserGlob follows .gitignore placement rules', () => {
    assert.equal(anchorUserGlob('*.pem'), '**/*.pem');
    assert.equal(anchorUserGlob('/a.txt'), 'a.txt');
    assert.equal(anchorUserGlob('a/b.txt'), 'a/b.txt');
    assert.equal(anchorUserGlob('build/'), '**/build/**');
    assert.equal(anchorUserGlob('./x/y'), 'x/y');
  });

  it('never throws and flags nothing on junk', () => {
    for (const p of [undefined, null, 1, {}] as unknown[]) {
      assert.deepEqual(isSensitivePath(p as string, 'nope' as unknown as string[]), { sensitive: false });
    }
  });

  it('every default glob is exercised by the table above, and the list is frozen', () => {
    const exercised = new Set(sensitive.map(([, glob]) => glob));
    for (const glob of DEFAULT_SENSITIVE_GLOBS) assert.ok(exercised.has(glob), `${glob} has no test case`);
    assert.ok(Object.isFrozen(DEFAULT_SENSITIVE_GLOBS));
  });
});

// ESLint (flat config): typescript-eslint's recommended rules for the TypeScript sources and
// tests, ESLint's for the Node scripts, and the layer rules of docs/ARCHITECTURE.md as import
// rules, so an editor underlines a forbidden import as it is typed.
// test/unit/architecture/layers.test.ts stays the authority on the layers: it also follows
// imports transitively (nothing below the VS Code host may reach `vscode` through another
// module either) and finds type-only loops, which a per-file lint rule cannot see.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Any import of `vscode`, type-only included: the layer must not even describe VS Code's objects. */
const NO_VSCODE = { paths: [{ name: 'vscode', message: 'This layer runs in plain Node (unit tests, the headless bundles): no `vscode` here.' }] };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'dist-vsix/**',
      '.vscode-test/**',
      'test-artifacts/**',
      'bench-dump/**',
      '.bench-cache/**',
      // Inputs and expected outputs of the patch engine: deliberately broken or odd code.
      'test/fixtures/**',
      // The demo workspace is sample code for the agent to edit, not ours to lint.
      'demo/**',
    ],
  },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    rules: {
      // `const { path: _path, ...rest } = x` is how the code drops a field from a copy; a
      // leading underscore marks a binding kept only for its position.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `let [tool, input] = …` with only `input` reassigned reads better than two statements,
      // and a timer declared before the callback that clears it is assigned once, later.
      'prefer-const': ['error', { destructuring: 'all', ignoreReadBeforeAssign: true }],
      // `Result<{}>` is the engine's success with no fields of its own (see src/core/types.ts).
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
      // Path and HTML checks match control characters on purpose: refusing them is the point.
      'no-control-regex': 'off',
    },
  },
  {
    // Lazy loads: the tree-sitter runtime is evaluated on the first syntax check, not at
    // activation; development builds' test hooks are loaded from a file beside the bundle so
    // that they are never bundled into the release; the CLI's `mcp` command loads the server's
    // bundle beside its own rather than carrying a second copy of it; the CLI's dispatcher loads
    // the hook or the engine CLI, and the hook loads the store's code only without an owner.
    files: ['src/validate/syntax/tree-sitter-runtime.ts', 'src/ui/index.ts', 'src/headless/serve-from-cli.ts', 'src/cli.ts', 'src/hook.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // One list of every tool's definition, each generic in its own input type.
    files: ['src/engine/tools/index.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A benchmark times failing cases too: their exception is the outcome, not an error.
    files: ['bench/**/*.mjs'],
    rules: { 'no-empty': ['error', { allowEmptyCatch: true }] },
  },
  {
    // Tests and benchmarks read tool results parsed from JSON field by field; typing each
    // result would restate the tools' contracts in every test.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Our imports are relative paths without extensions and package names: Node's resolution
      // with .ts first is enough (no tsconfig paths), and the TypeScript parser reads the
      // imported files so that no-cycle can follow them.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.d.ts', '.js', '.mjs', '.json', '.node'] })],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      // Cycles between modules make load order matter and blur which module owns what.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/core', from: './src', except: ['./core'], message: 'core/ is pure TypeScript and imports only core/.' },
            { target: './src/files', from: './src', except: ['./core', './files'], message: 'files/ (Node-only file code) imports only core/ and files/.' },
            { target: './src/workers', from: './src', except: ['./core', './workers'], message: 'The engine worker imports only core/ and workers/.' },
            { target: './src/engine', from: ['./src/hosts', './src/commands', './src/ui', './src/mcp', './src/headless'], message: 'The engine is written against the Host interface: it never imports a host or anything above.' },
            { target: './src/hosts/disk', from: './src/hosts/vscode', message: 'The two hosts never import each other.' },
            { target: './src/hosts/vscode', from: './src/hosts/disk', message: 'The two hosts never import each other.' },
            { target: './src/hosts', from: ['./src/commands', './src/ui', './src/mcp', './src/headless'], message: 'A host never imports the layers above it.' },
            { target: './src', from: './test', message: 'No production source imports test code.' },
            { target: './src', from: './bench', message: 'No production source imports benchmark code.' },
          ],
        },
      ],
    },
  },

  // Everything below the VS Code host runs in plain Node and names no VS Code type: core/,
  // files/, history/, exec/, the engine, the disk host, the headless server and the headless
  // bundles (dist/engine.js, dist/cli.js, dist/mcp-stdio.js are built with no externals).
  {
    files: ['src/core/**/*.ts', 'src/workers/**/*.ts', 'src/files/**/*.ts', 'src/history/**/*.ts', 'src/exec/**/*.ts', 'src/engine/**/*.ts', 'src/hosts/disk/**/*.ts', 'src/headless/**/*.ts', 'src/engine.ts', 'src/cli.ts', 'src/mcp-stdio.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', NO_VSCODE] },
  },

  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  // mocha's globals in the plain-Node test files that .mocharc.json runs.
  { files: ['**/*.test.mjs'], languageOptions: { globals: { ...globals.mocha } } },
  // The dashboard's webview script runs in the webview (a browser page with VS Code's API).
  { files: ['media/**/*.js'], languageOptions: { globals: { ...globals.browser, acquireVsCodeApi: 'readonly' } } },
  // Browser-side callbacks passed to playwright's page.evaluate run in the workbench page.
  { files: ['test/browser/**/*.mjs', 'test/runner/workbench.mjs'], languageOptions: { globals: { ...globals.browser } } },
  {
    // The Demo agent's helper extension is CommonJS loaded by VS Code.
    files: ['scripts/demo-agent/extension/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

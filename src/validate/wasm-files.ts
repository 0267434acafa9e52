import { existsSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The tree-sitter runtime used for every grammar. It is the runtime shipped by
 * @vscode/tree-sitter-wasm (tree-sitter 0.25): it loads both that package's grammars
 * (ABI 14/15) and the older tree-sitter-wasms builds (C, HTML), which web-tree-sitter 0.27
 * rejects (it cannot read their dylink section). Its JS half is bundled by esbuild; only
 * the .wasm half ships as a file.
 */
export const TREE_SITTER_RUNTIME_WASM = '@vscode/tree-sitter-wasm/wasm/tree-sitter.wasm';

/**
 * Grammar files by short grammar name, as paths relative to node_modules. C and HTML come
 * from tree-sitter-wasms (not in VS Code's set); the rest from @vscode/tree-sitter-wasm.
 * C# and Ruby are left out on purpose: 7 MB of the vsix for languages not asked for.
 */
export const GRAMMAR_WASM = {
  c: 'tree-sitter-wasms/out/tree-sitter-c.wasm',
  cpp: '@vscode/tree-sitter-wasm/wasm/tree-sitter-cpp.wasm',
  python: '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm',
  javascript: '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm',
  typescript: '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm',
  tsx: '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm',
  go: '@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm',
  rust: '@vscode/tree-sitter-wasm/wasm/tree-sitter-rust.wasm',
  java: '@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm',
  css: '@vscode/tree-sitter-wasm/wasm/tree-sitter-css.wasm',
  bash: '@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm',
  html: 'tree-sitter-wasms/out/tree-sitter-html.wasm',
} as const;

export type GrammarName = keyof typeof GRAMMAR_WASM;

/**
 * Every .wasm file the extension must ship, relative to node_modules. The build copies each
 * one flat into dist/wasm/ (their base names are unique).
 */
export const VALIDATION_WASM_FILES: readonly string[] = [TREE_SITTER_RUNTIME_WASM, ...Object.values(GRAMMAR_WASM)];

/**
 * Directories searched for wasm files, in order: `<dir>/wasm` beside the running code (in the
 * bundle that is dist/wasm, where the build copies them), then `<extensionPath>/dist/wasm`
 * and `<extensionPath>/node_modules` when given, then the node_modules this module resolves
 * from (development and unit tests). Directories that do not exist are kept out.
 */
export function defaultWasmDirs(extensionPath?: string): string[] {
  const dirs = [path.join(__dirname, 'wasm')];
  if (extensionPath) dirs.push(path.join(extensionPath, 'dist', 'wasm'), path.join(extensionPath, 'node_modules'));
  const nodeModules = resolvedNodeModulesDir();
  if (nodeModules) dirs.push(nodeModules);
  return [...new Set(dirs)].filter((d) => existsSync(d));
}

/** The node_modules directory that holds @vscode/tree-sitter-wasm, if it can be resolved. */
function resolvedNodeModulesDir(): string | undefined {
  try {
    // .../node_modules/@vscode/tree-sitter-wasm/package.json → .../node_modules
    return path.dirname(path.dirname(path.dirname(require.resolve('@vscode/tree-sitter-wasm/package.json'))));
  } catch {
    return undefined;
  }
}

/**
 * Finds `relPath` (relative to node_modules) in `dirs`: each dir is tried as a flat copy
 * (`dir/<basename>`, the dist/wasm layout) and as a node_modules root (`dir/<relPath>`).
 * Returns undefined when no directory has it.
 */
export function resolveWasmFile(relPath: string, dirs: readonly string[]): string | undefined {
  for (const dir of dirs) {
    for (const candidate of [path.join(dir, path.basename(relPath)), path.join(dir, relPath)]) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

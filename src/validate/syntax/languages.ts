import type { GrammarName } from '../wasm-files';

/** Which checker handles a VS Code language id. */
export type CheckerSpec =
  | { kind: 'json'; languageId: 'json' | 'jsonc' }
  | { kind: 'yaml' }
  | { kind: 'tree-sitter'; grammar: GrammarName; pythonIndentation?: boolean };

const TREE_SITTER_LANGUAGES: Record<string, GrammarName> = {
  c: 'c',
  cpp: 'cpp',
  'cuda-cpp': 'cpp',
  python: 'python',
  javascript: 'javascript',
  javascriptreact: 'javascript', // the JavaScript grammar parses JSX
  typescript: 'typescript',
  typescriptreact: 'tsx',
  go: 'go',
  rust: 'rust',
  java: 'java',
  css: 'css',
  shellscript: 'bash',
  html: 'html',
};

/** Language ids whose files are plain YAML (compose files and GitHub workflows get their own ids). */
const YAML_LANGUAGES = new Set(['yaml', 'dockercompose', 'github-actions-workflow']);

/**
 * The checker for a VS Code language id, or undefined when none applies (the edit is then
 * not syntax-checked: an unknown language must never block an edit).
 */
export function checkerFor(languageId: string): CheckerSpec | undefined {
  if (languageId === 'json' || languageId === 'jsonc') return { kind: 'json', languageId };
  if (YAML_LANGUAGES.has(languageId)) return { kind: 'yaml' };
  const grammar = TREE_SITTER_LANGUAGES[languageId];
  if (!grammar) return undefined;
  return { kind: 'tree-sitter', grammar, pythonIndentation: grammar === 'python' };
}

/** The language ids that have a built-in syntax check. */
export function checkedLanguageIds(): string[] {
  return ['json', 'jsonc', ...YAML_LANGUAGES, ...Object.keys(TREE_SITTER_LANGUAGES)];
}

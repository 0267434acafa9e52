import * as nodePath from 'node:path';

/** VS Code's language ids for the extensions our checks know, for files not open yet. */
const BY_EXTENSION: Record<string, string> = {
  '.c': 'c', '.h': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.hpp': 'cpp', '.hh': 'cpp',
  '.py': 'python', '.js': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.jsx': 'javascriptreact',
  '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript', '.tsx': 'typescriptreact',
  '.go': 'go', '.rs': 'rust', '.java': 'java', '.css': 'css', '.sh': 'shellscript', '.bash': 'shellscript',
  '.json': 'json', '.jsonc': 'jsonc', '.yaml': 'yaml', '.yml': 'yaml', '.html': 'html', '.htm': 'html',
  '.rb': 'ruby', '.php': 'php', '.cs': 'csharp', '.md': 'markdown',
};
const BY_NAME: Record<string, string> = { 'tsconfig.json': 'jsonc', 'jsconfig.json': 'jsonc', '.eslintrc.json': 'jsonc', 'settings.json': 'jsonc', 'launch.json': 'jsonc', 'tasks.json': 'jsonc', 'extensions.json': 'jsonc', 'devcontainer.json': 'jsonc' };

/**
 * The language id VS Code would give a file from its name alone (no `vscode`: the headless
 * server uses it too; the extension prefers an open document's own language id).
 */
export function languageIdForName(fsPath: string): string {
  const base = nodePath.basename(fsPath).toLowerCase();
  return BY_NAME[base] ?? BY_EXTENSION[nodePath.extname(base)] ?? 'plaintext';
}

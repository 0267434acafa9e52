import * as vscode from 'vscode';
import * as nodePath from 'node:path';
import { findOpenDocument } from './current-text';

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
 * The language id VS Code gives (or would give) the file: the open document's when there is
 * one (it honours the user's files.associations), else a guess from the file name.
 */
export function languageIdFor(uri: vscode.Uri): string {
  const open = findOpenDocument(uri);
  if (open) return open.languageId;
  const base = nodePath.basename(uri.fsPath).toLowerCase();
  return BY_NAME[base] ?? BY_EXTENSION[nodePath.extname(base)] ?? 'plaintext';
}

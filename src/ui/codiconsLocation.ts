import * as fs from 'node:fs';
import * as vscode from 'vscode';

/**
 * Where codicon.css (+ codicon.ttf beside it) lives for the webview: `dist/codicons/` in a
 * packaged extension (copied there at build time by scripts/build.mjs, since the .vsix
 * ships no node_modules), else the installed `@vscode/codicons` package in a development
 * checkout. Undefined when neither exists; the dashboard then shows text without icons.
 */
export function codiconsDir(extensionUri: vscode.Uri): vscode.Uri | undefined {
  const candidates = [
    vscode.Uri.joinPath(extensionUri, 'dist', 'codicons'),
    vscode.Uri.joinPath(extensionUri, 'node_modules', '@vscode', 'codicons', 'dist'),
  ];
  return candidates.find((dir) => extensionUri.scheme !== 'file' || fs.existsSync(vscode.Uri.joinPath(dir, 'codicon.css').fsPath));
}

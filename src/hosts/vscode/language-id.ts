import * as vscode from 'vscode';
import { findOpenDocument } from './current-text';
import { languageIdForName } from '../../files/language-by-name';

/**
 * The language id VS Code gives (or would give) the file: the open document's when there is
 * one (it honours the user's files.associations), else a guess from the file name.
 */
export function languageIdFor(uri: vscode.Uri): string {
  const open = findOpenDocument(uri);
  if (open) return open.languageId;
  return languageIdForName(uri.fsPath);
}

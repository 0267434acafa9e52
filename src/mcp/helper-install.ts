import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { ensurePrivateFolders, writePrivateFile } from '../files/connection-file';

export const HELPER_FILE = 'mcp-connect.js';

/**
 * Puts the connection helper (dist/mcp-connect.js) beside the connection files, in the
 * user-only folder, and returns its path. The client configurations name this copy, not the
 * one inside the extension: the extension's folder changes with every update, this path does
 * not. Rewritten only when it differs (several windows start it with the same text).
 */
export function installHelper(bundledHelper: string, dir: string): string {
  ensurePrivateFolders(dir);
  const target = nodePath.join(dir, HELPER_FILE);
  const text = fs.readFileSync(bundledHelper, 'utf8');
  let current: string | undefined;
  try {
    current = fs.readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== text) writePrivateFile(target, text);
  return target;
}

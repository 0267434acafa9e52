import * as fs from 'node:fs';
import { installPrivateFile } from '../files/connection-file';

export const HELPER_FILE = 'mcp-connect.js';

/**
 * Puts the connection helper (dist/mcp-connect.js) beside the connection files, in the
 * user-only folder, and returns its path. The client configurations name this copy, not the
 * one inside the extension: the extension's folder changes with every update, this path does
 * not. Rewritten only when it differs (several windows start it with the same text).
 */
export function installHelper(bundledHelper: string, dir: string): string {
  return installPrivateFile(dir, HELPER_FILE, fs.readFileSync(bundledHelper, 'utf8'));
}

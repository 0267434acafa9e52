import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { ensurePrivateFolders, writePrivateFile } from '../files/connection-file';

export const LAUNCHER_FILE = 'agent-safe-edit-cli.js';

/** The launcher's text: it runs the extension's current CLI with the command line it was given. */
export function launcherText(extensionCli: string): string {
  return `// Agent Safe Edit: the hook commands the setup wrote run this file, which loads the CLI of the\n// installed extension. The extension rewrites it when its folder changes (at every update).\nrequire(${JSON.stringify(extensionCli)});\n`;
}

/**
 * Puts the CLI launcher in the user-only folder (beside the MCP connection helper) and returns
 * its path. Agents' hook commands name this stable path, not the extension's dist/cli.js: the
 * extension's folder changes with every update, and the launcher is rewritten to the new one
 * at activation and whenever the setup runs (only when its text differs).
 */
export function installCliLauncher(extensionCli: string, dir: string): string {
  ensurePrivateFolders(dir);
  const target = nodePath.join(dir, LAUNCHER_FILE);
  const text = launcherText(extensionCli);
  let current: string | undefined;
  try {
    current = fs.readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== text) writePrivateFile(target, text);
  return target;
}

import { installPrivateFile } from '../files/connection-file';

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
  return installPrivateFile(dir, LAUNCHER_FILE, launcherText(extensionCli));
}

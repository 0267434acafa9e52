/**
 * The environment every program we start gets (execute_program and external validators):
 * the extension host's minus what only makes sense inside it. With ELECTRON_RUN_AS_NODE an
 * Electron app (VS Code itself) would start as plain Node, and the VSCODE_* variables
 * describe this host's IPC channels, not the program's.
 */
export function programEnvironment(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(source)) {
    if (k === 'ELECTRON_RUN_AS_NODE' || k.startsWith('VSCODE_')) continue;
    env[k] = v;
  }
  return env;
}

import * as os from 'node:os';
import * as nodePath from 'node:path';
import { stateDir } from './store-location';

/**
 * Where a VS Code window also publishes its MCP endpoint (the same user-only record as for the
 * connection helper, files/connection-file.ts), under the user's state directory, which
 * agent-safe-edit-mcp can find without knowing VS Code's storage: when the window holds the
 * folder's history, a server started on the folder relays its agent to the window instead of
 * being refused (one owner per folder).
 */
export function relayRecordsDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  return nodePath.join(stateDir(env, home), 'mcp');
}

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** The server as tsc compiled it (npm run compile-tests): the unit tests need no bundle. */
export const SERVER = path.resolve(__dirname, '../../../src/mcp-stdio.js');
/** The repository root (out/test/unit/headless → ../../../..). */
export const REPO = path.resolve(__dirname, '../../../..');

export type Json = Record<string, any>;

export interface Running {
  client: Client;
  /** Calls a tool; the structured content, checked to equal the text content's JSON. */
  call(name: string, args: Record<string, unknown>): Promise<Json>;
  /** Raw MCP result (isError, content, structuredContent). */
  raw(name: string, args: Record<string, unknown>): Promise<Json>;
  stderr(): string;
  /** The server process's id. */
  pid: number | null;
  close(): Promise<void>;
}

export function tempDir(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `ase-headless-${prefix}-`)));
}

/** Spawns `node out/src/mcp-stdio.js --root ROOT --store STORE …` and connects the SDK's client over stdio. */
export async function startServer(root: string, store: string, extra: string[] = [], clientName = 'headless-test', env?: NodeJS.ProcessEnv): Promise<Running> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER, '--root', root, '--store', store, ...extra], stderr: 'pipe', ...(env ? { env: env as Record<string, string> } : {}) });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(transport);
  const raw = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Json;
  return {
    client,
    raw,
    async call(name, args) {
      const r = await raw(name, args);
      const structured = r.structuredContent as Json;
      if (JSON.stringify(JSON.parse(r.content[0].text)) !== JSON.stringify(structured)) throw new Error('text and structuredContent differ');
      if (r.isError !== !structured.success) throw new Error(`isError ${r.isError} but success ${structured.success}`);
      return structured;
    },
    stderr: () => stderr,
    pid: transport.pid,
    close: () => client.close(),
  };
}

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mcpCallResult, mcpToolListings } from '../mcp/tool-bridge';
import type { HeadlessContext } from './context';
import { callHeadlessTool } from './tools';

/**
 * The headless MCP server on any transport (stdio in production): the catalog's tools with
 * the extension's names, descriptions, schemas and annotations (mcp/tool-bridge.ts), each
 * call run by the headless tools as client "mcp:<name from the initialize request>", the
 * result as the extension's MCP server gives it (same JSON as text and structuredContent,
 * isError on failure).
 */
export async function serveHeadless(ctx: HeadlessContext, transport: Transport, version: string): Promise<{ server: Server; idle: () => Promise<void> }> {
  const inFlight = new Set<Promise<unknown>>();
  const server = new Server({ name: 'agent-safe-edit', title: 'Agent Safe Edit (headless)', version }, {
    capabilities: { tools: {} },
    instructions: 'File tools that cannot silently destroy work: read with safe_read_file (it gives the sha256), edit with safe_patch / replace_in_file / edit_lines / write_file passing base_sha256, undo with rollback_file. Every change is backed up first. This headless server edits one file per call.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpToolListings() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const client = `mcp:${server.getClientVersion()?.name ?? 'unknown'}`;
    const running = callHeadlessTool(ctx, { client, signal: extra.signal }, request.params.name, request.params.arguments ?? {});
    inFlight.add(running);
    try {
      const result = await running;
      return mcpCallResult(result, JSON.stringify(result));
    } finally {
      inFlight.delete(running);
    }
  });
  await server.connect(transport);
  // Shutting down waits for the calls in flight: a write between its backup and its journal
  // finish is completed, never cut off (it would be reported as interrupted at the next start).
  const idle = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };
  return { server, idle };
}

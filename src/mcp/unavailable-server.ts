import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mcpCallResult, mcpToolListings } from '../engine/mcp-tools';

/**
 * An MCP server that cannot do its work and says why, to the agent. A server that exits on a
 * problem only writes to stderr, which the agent never reads: its client shows the server as
 * failed (or not at all) and the agent carries on with its own, unguarded file tools. This
 * one answers the handshake with the reason in its instructions, lists the usual tools (so the
 * agent calls one), and answers every call with isError and the reason, which names what the
 * user has to do. Used by the headless server when it cannot start, and by the connection
 * helper when VS Code is not serving the workspace.
 */
export async function serveUnavailable(transport: Transport, o: { name: string; title: string; version: string; reason: string }): Promise<Server> {
  const advice = `${o.reason} Until then none of the Agent Safe Edit tools can work: tell the user, and do not edit files with other tools instead without their agreement.`;
  const server = new Server({ name: o.name, title: o.title, version: o.version }, { capabilities: { tools: {} }, instructions: advice });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpToolListings() }));
  server.setRequestHandler(CallToolRequestSchema, async () => {
    // One of the closed set of failure types, with a reason a client can branch on.
    const result = { success: false, error_type: 'INTERNAL_ERROR', reason: 'SERVER_UNAVAILABLE', message: advice };
    return mcpCallResult(result, JSON.stringify(result));
  });
  await server.connect(transport);
  return server;
}

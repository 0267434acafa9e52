import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { TOOL_NAMES } from '../core/catalog/tool-sets';
import { cancelSignalOf, ToolRunner } from '../engine/runner';
import type { ToolResultJson } from '../engine/results/tool-result';
import { allToolDefinitions } from '../engine/tools';
import type { Host } from '../engine/host';
import { mcpCallResult, mcpToolListings } from '../engine/mcp-tools';

/** The engine's tools on a host, by name: one call = one runner call (input check, guard, one JSON result). */
export function headlessTools(host: Host): (name: string, args: unknown, client: string, signal?: AbortSignal) => Promise<ToolResultJson> {
  const runners = new Map(allToolDefinitions().map((def) => [def.name, new ToolRunner(def, host)]));
  return async (name, args, client, signal) => {
    const runner = runners.get(name);
    if (!runner) return { success: false, error_type: 'INVALID_INPUT', message: `There is no tool "${name}". The tools are: ${TOOL_NAMES.join(', ')}.` };
    // One stdio process is one session: the disk host groups its calls into turns by the quiet gap.
    return (await runner.call(args, cancelSignalOf(signal), undefined, client)).result;
  };
}

/**
 * The headless MCP server on any transport (stdio in production): the catalog's tools with
 * the extension's names, descriptions, schemas and annotations (engine/mcp-tools.ts), each call
 * run by the engine on the disk host as client "mcp:<name from the initialize request>", the
 * result as the extension's MCP server gives it (same JSON as text and structuredContent,
 * isError on failure).
 */
export async function serveHeadless(host: Host, transport: Transport, version: string): Promise<{ server: Server; idle: () => Promise<void> }> {
  const inFlight = new Set<Promise<unknown>>();
  const call = headlessTools(host);
  const server = new Server({ name: 'agent-safe-edit', title: 'Agent Safe Edit (headless)', version }, {
    capabilities: { tools: {} },
    instructions: 'File tools that cannot silently destroy work: read with safe_read_file (it gives the sha256), edit with safe_patch / replace_in_file / edit_lines / write_file passing base_sha256, undo with rollback_file. Every change is backed up first.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpToolListings() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const client = `mcp:${server.getClientVersion()?.name ?? 'unknown'}`;
    const running = call(request.params.name, request.params.arguments ?? {}, client, extra.signal);
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

import { TOOL_CATALOG, ToolSpec } from '../core/catalog/tools';
import { TOOL_NAMES } from '../core/catalog/tool-sets';
import { withStringLimits } from '../core/catalog/string-limits';
import type { ToolResultJson } from './results/tool-result';

/** A tool as MCP's tools/list gives it: the catalog's name, description and input schema. */
export interface McpToolListing {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/**
 * Every tool with the same input schema the manifest gives VS Code (string limits included),
 * so an MCP client and Copilot see one contract. Annotations from the catalog's category:
 * reads and listings are read-only; edits may overwrite text (destructive in MCP's sense,
 * though every one is backed up and can be rolled back) and are idempotent (a repeat finds the
 * text already there, or a changed sha256); a rollback or a program run is neither.
 */
export function mcpToolListings(): McpToolListing[] {
  return TOOL_NAMES.map((name) => {
    const spec: ToolSpec = TOOL_CATALOG[name];
    const readOnly = !spec.editsFiles && spec.category !== 'exec';
    return {
      name,
      title: spec.displayName,
      description: spec.modelDescription,
      inputSchema: withStringLimits(spec.inputSchema) as Record<string, unknown>,
      annotations: {
        title: spec.displayName,
        readOnlyHint: readOnly,
        destructiveHint: !readOnly,
        idempotentHint: readOnly || spec.category === 'edit',
        openWorldHint: spec.category === 'exec',
      },
    };
  });
}

/** A tool's result in MCP's shape: the same JSON as text and as structured content; isError on failure. */
export function mcpCallResult(result: ToolResultJson, text: string): { content: Array<{ type: 'text'; text: string }>; structuredContent: Record<string, unknown>; isError: boolean } {
  return { content: [{ type: 'text', text }], structuredContent: result as Record<string, unknown>, isError: !result.success };
}

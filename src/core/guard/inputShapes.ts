import { TOOL_CATALOG } from '../catalog/tools';
import type { JsonSchema } from '../catalog/json-schema';
import type { ToolName } from './toolNames';

/** A tool's required input shape, as a model should read it, and one valid example. */
export interface ToolInputShape {
  /** TypeScript-like shape; `?` marks optional fields. */
  shape: string;
  /** One valid input object. */
  example: Record<string, unknown>;
}

/**
 * The input shape of every tool, derived from its schema in the catalog (so it cannot drift
 * from what the tool accepts), with the catalog's example; REPEATED_BAD_INPUT shows the entry
 * of the tool that was called.
 */
export const TOOL_INPUT_SHAPES: Readonly<Record<ToolName, ToolInputShape>> = Object.freeze(buildShapes());

function buildShapes(): Record<ToolName, ToolInputShape> {
  const out = {} as Record<ToolName, ToolInputShape>;
  for (const name of Object.keys(TOOL_CATALOG) as ToolName[]) {
    const spec = TOOL_CATALOG[name] as { inputSchema: JsonSchema; example: Record<string, unknown> };
    out[name] = { shape: shapeOf(spec.inputSchema), example: spec.example };
  }
  return out;
}

/** A schema as a TypeScript-like type: `{ a: string, b?: number, c: 'x' | 'y', d: string[] }`. */
export function shapeOf(schema: JsonSchema): string {
  const s = schema as { type?: string; enum?: unknown[]; items?: JsonSchema; properties?: Record<string, JsonSchema>; required?: string[]; additionalProperties?: unknown };
  // a map ({path: sha256}): its value type
  if (s.type === 'object' && typeof s.additionalProperties === 'object' && s.additionalProperties !== null) return `{ [key: string]: ${shapeOf(s.additionalProperties as JsonSchema)} }`;
  if (Array.isArray(s.enum)) return s.enum.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(' | ');
  if (s.type === 'array') return `${s.items ? wrap(shapeOf(s.items)) : 'unknown'}[]`;
  if (s.type === 'object' && s.properties) {
    const required = new Set(s.required ?? []);
    return `{ ${Object.entries(s.properties).map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${shapeOf(v)}`).join(', ')} }`;
  }
  return s.type === 'integer' ? 'number' : s.type ?? 'unknown';
}

function wrap(t: string): string {
  return !t.startsWith('{') && t.includes(' | ') ? `(${t})` : t;
}

/** The shape entry of `tool`, or undefined for a tool this table does not know. */
export function inputShapeOf(tool: string): ToolInputShape | undefined {
  return Object.prototype.hasOwnProperty.call(TOOL_INPUT_SHAPES, tool) ? TOOL_INPUT_SHAPES[tool as ToolName] : undefined;
}

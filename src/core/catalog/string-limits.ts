import type { JsonSchema } from './json-schema';

// Every string input has a maxLength (bounded cost): texts up to the largest file
// the tools edit, names and paths far below. The run-time validator enforces the same numbers,
// since it validates against the schemas package.json declares.
const MAX_TEXT = 10 * 1024 * 1024;
const STRING_LIMITS: Readonly<Record<string, number>> = {
  path: 4096, cwd: 4096, program: 4096, base_sha256: 64, base_hashes: 64, backup_id: 256, selector: 1024, name: 256,
  unified_diff: MAX_TEXT, old_text: MAX_TEXT, new_text: MAX_TEXT, content: MAX_TEXT, stdin: MAX_TEXT, html: MAX_TEXT, value: MAX_TEXT,
  new_lines: MAX_TEXT, args: 131072,
};
const DEFAULT_STRING_LIMIT = 65536;

/** A copy of `schema` with a maxLength on every string (by property name, else the default). */
export function withStringLimits(schema: JsonSchema, key?: string): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (out.type === 'string' && out.maxLength === undefined) out.maxLength = (key !== undefined ? STRING_LIMITS[key] : undefined) ?? DEFAULT_STRING_LIMIT;
  if (out.items) out.items = withStringLimits(out.items, key);
  if (typeof out.additionalProperties === 'object') out.additionalProperties = withStringLimits(out.additionalProperties, key);
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, withStringLimits(v, k)]));
  return out;
}

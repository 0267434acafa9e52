/** Longest piece of a value quoted back in a message. */
const MAX_QUOTE = 40;

/**
 * A short, safe description of any value for a message: its kind and, for small
 * primitives, the value itself (`the string "5"`, `the number 1.5`, `null`, `an array of
 * 3 items`, `a string of 5000000 characters`). Never throws, never echoes a large value.
 */
export function describeValue(value: unknown): string {
  try {
    if (value === null) return 'null';
    if (value === undefined) return 'nothing';
    if (typeof value === 'string') {
      return value.length > MAX_QUOTE ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`;
    }
    if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : `the number ${String(value)}`;
    if (typeof value === 'boolean') return `the boolean ${value}`;
    if (typeof value === 'bigint') return 'a bigint';
    if (typeof value === 'symbol') return 'a symbol';
    if (typeof value === 'function') return 'a function';
    if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
    return 'an object';
  } catch {
    return 'an unreadable value';
  }
}

/** A field name as it appears in a path: `.name` when plain, else `["quoted"]` (cut short). */
export function fieldSegment(key: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) && key.length <= MAX_QUOTE) return key;
  return `[${JSON.stringify(key.length > MAX_QUOTE ? `${key.slice(0, MAX_QUOTE)}…` : key)}]`;
}

/** Joins a parent field path and a key: `patches[2]` + `selector` → `patches[2].selector`. */
export function joinField(parent: string, key: string): string {
  const seg = fieldSegment(key);
  if (parent === '') return seg;
  return seg.startsWith('[') ? `${parent}${seg}` : `${parent}.${seg}`;
}

/**
 * A stable JSON text of a value: object keys sorted at every level, so that two inputs that
 * differ only in key order are the same call for repetition detection. Never throws: cycles
 * and non-JSON values are rendered as markers.
 */
export function canonicalJson(value: unknown): string {
  const seen = new WeakSet<object>();
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'function' || typeof v === 'symbol') return `[${typeof v}]`;
      return v;
    }
    if (seen.has(v)) return '[cycle]';
    seen.add(v);
    if (Array.isArray(v)) return v.map(walk);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = walk((v as Record<string, unknown>)[k]);
    return out;
  };
  try {
    return JSON.stringify(walk(value)) ?? 'undefined';
  } catch {
    return '[unserializable]';
  }
}

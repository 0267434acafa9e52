import { SETTING_SPECS, SettingSpec } from './specs';

/** A setting's values per scope, as VS Code's `WorkspaceConfiguration.inspect()` gives them. */
export interface ScopedValues {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

export interface EffectiveSetting {
  value: unknown;
  /** At most one, naming the setting (`safeEdit.<key>`). */
  warning?: string;
}

type Parsed = { ok: true; value: unknown; note?: string } | { ok: false; note: string };

/**
 * The value one setting takes, from its per-scope values and the window's trust:
 * - the user's own (global) value counts as given; a bad one falls back to the default;
 * - a workspace value (folder before workspace) counts fully in a trusted window; in an
 *   untrusted one only when it tightens the net ({@link SettingSpec}), except neutral ones;
 * - protectedFiles is the union of both scopes (a workspace can only add); validators
 *   come from the workspace only when trusted, merged over the user's like VS Code does;
 * - every value is clamped to its range; a value of the wrong type is ignored.
 * Never throws; at most one warning per setting, naming it.
 */
export function effectiveSetting(key: string, spec: SettingSpec, scoped: ScopedValues, trusted: boolean): EffectiveSetting {
  const name = `safeEdit.${key}`;
  const notes: string[] = [];
  const parse = (raw: unknown, scope: string): Parsed | undefined => {
    if (raw === undefined || raw === null) return undefined;
    const p = parseValue(spec, raw);
    if (p.note) notes.push(`${scope}: ${p.note}`);
    return p;
  };
  const user = parse(scoped.globalValue, 'user settings');
  const wsRaw = scoped.workspaceFolderValue !== undefined ? scoped.workspaceFolderValue : scoped.workspaceValue;
  const ws = parse(wsRaw, 'workspace settings');
  const base = user?.ok ? user.value : defaultOf(spec);
  let value = base;
  if (ws?.ok) {
    const combined = combine(spec, base, ws.value, trusted);
    value = combined.value;
    if (combined.ignored) notes.push('the workspace value would weaken a safeguard and counts only once you trust this workspace');
  }
  return notes.length === 0 ? { value } : { value, warning: `${name}: ${notes.join('; ')}. Using ${describe(value)}.` };
}

/** Every setting of {@link SETTING_SPECS}, with one warning per bad setting. */
export function effectiveSettings(lookup: (key: string) => ScopedValues | undefined, trusted: boolean): { values: Record<string, unknown>; warnings: string[] } {
  const values: Record<string, unknown> = {};
  const warnings: string[] = [];
  for (const [key, spec] of Object.entries(SETTING_SPECS)) {
    let scoped: ScopedValues | undefined;
    try {
      scoped = lookup(key);
    } catch {
      scoped = undefined; // a broken lookup reads as "nothing set"
    }
    const r = effectiveSetting(key, spec, scoped ?? {}, trusted);
    values[key] = r.value;
    if (r.warning) warnings.push(r.warning);
  }
  return { values, warnings };
}

function defaultOf(spec: SettingSpec): unknown {
  switch (spec.kind) {
    case 'globs':
      return [];
    case 'validators':
      return {};
    default:
      return spec.default;
  }
}

function parseValue(spec: SettingSpec, raw: unknown): Parsed {
  switch (spec.kind) {
    case 'integer': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return { ok: false, note: `expected a number, got ${typeName(raw)}` };
      const clamped = Math.min(spec.max, Math.max(spec.min, spec.fractional ? raw : Math.round(raw)));
      return clamped === raw ? { ok: true, value: raw } : { ok: true, value: clamped, note: `${raw} is not a ${spec.fractional ? '' : 'whole '}number within ${spec.min}–${spec.max}, clamped to ${clamped}` };
    }
    case 'enum':
      return typeof raw === 'string' && spec.values.includes(raw) ? { ok: true, value: raw } : { ok: false, note: `expected one of ${spec.values.join(', ')}, got ${typeName(raw)}` };
    case 'boolean':
      return typeof raw === 'boolean' ? { ok: true, value: raw } : { ok: false, note: `expected true or false, got ${typeName(raw)}` };
    case 'globs': {
      if (!Array.isArray(raw)) return { ok: false, note: `expected an array of glob strings, got ${typeName(raw)}` };
      const kept = raw.slice(0, spec.maxEntries).filter((g): g is string => typeof g === 'string' && g.trim() !== '');
      return kept.length === raw.length ? { ok: true, value: kept } : { ok: true, value: kept, note: `${raw.length - kept.length} entries that are not non-empty strings (or past ${spec.maxEntries}) ignored` };
    }
    case 'validators': {
      if (typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, note: `expected an object of argv arrays, got ${typeName(raw)}` };
      const out: Record<string, string[]> = {};
      let dropped = 0;
      for (const [lang, argv] of Object.entries(raw as Record<string, unknown>).slice(0, spec.maxEntries)) {
        if (Array.isArray(argv) && argv.length > 0 && argv.every((a) => typeof a === 'string')) out[lang] = argv as string[];
        else dropped++;
      }
      return dropped === 0 ? { ok: true, value: out } : { ok: true, value: out, note: `${dropped} entries that are not non-empty string arrays ignored` };
    }
  }
}

/** The base (user or default) value combined with a valid workspace value. */
function combine(spec: SettingSpec, base: unknown, ws: unknown, trusted: boolean): { value: unknown; ignored?: boolean } {
  switch (spec.kind) {
    case 'globs':
      return { value: [...new Set([...(base as string[]), ...(ws as string[])])].slice(0, spec.maxEntries) };
    case 'validators':
      return trusted ? { value: { ...(base as object), ...(ws as object) } } : { value: base, ignored: Object.keys(ws as object).length > 0 };
    case 'integer': {
      if (trusted || spec.safer === 'neutral') return { value: ws };
      const stricter = spec.safer === 'higher' ? Math.max(base as number, ws as number) : Math.min(base as number, ws as number);
      return { value: stricter, ignored: stricter !== ws };
    }
    case 'enum': {
      if (trusted) return { value: ws };
      const stricter = spec.values.indexOf(ws as string) <= spec.values.indexOf(base as string) ? ws : base;
      return { value: stricter, ignored: stricter !== ws };
    }
    case 'boolean': {
      if (spec.userOnly) return ws === base ? { value: base } : { value: base, ignored: true };
      if (trusted || ws === base) return { value: ws };
      return ws === spec.safer ? { value: ws } : { value: base, ignored: true };
    }
  }
}

function typeName(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number') return String(v);
  return v === null ? 'null' : `a ${typeof v}`;
}

function describe(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
}

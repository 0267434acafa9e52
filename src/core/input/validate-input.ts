import { fail, Failure } from '../types';
import { ArraySchema, InputSchema, NumberSchema, ObjectSchema, StringSchema } from './schema';
import { describeValue, joinField } from './describe-value';

/** One problem with the input: the field (`patches[2].selector`, '' for the whole input) and why. */
export interface InputError {
  field: string;
  message: string;
  /** What the schema wanted, in words (`an integer ≥ 1`, `one of "insert", "replace"`). */
  expected: string;
}

export interface ValidateOptions {
  /** Stop collecting after this many errors (default 10). */
  maxErrors?: number;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/**
 * Checks a tool's input against its schema at run time and returns a clean copy.
 * (Also exported as `checkInputAgainstSchema`.)
 *
 * Contract:
 * - `{ ok: true, value }`: `value` is a fresh copy holding only the schema's properties
 *   (unknown fields dropped when `additionalProperties` is not false), built without ever
 *   assigning through `__proto__`, and never sharing objects with the input (so later
 *   mutation of the input cannot change it, and cycles in the input are irrelevant: only
 *   the schema's finite shape is walked).
 * - `{ ok: false, failure }`: INVALID_INPUT with `field` (the first bad field, e.g.
 *   `start_line` or `patches[2].op`), `expected` (what it must be), a `message` naming both
 *   and what was received, and `errors` (up to `maxErrors`) when there are several.
 * - An absent optional property with a schema `default` gets that default in the copy.
 * - Optional properties sent as `null` are treated as absent (models often send null for
 *   "not given"); a required property that is null or missing is an error.
 * - Only OWN properties count: a polluted `Object.prototype` cannot supply a field.
 * - Never throws, whatever the input: null, arrays, Proxies with throwing traps, getters
 *   that throw, cyclic objects, huge strings or arrays (length limits are checked before
 *   any walk), `__proto__` / `constructor` keys. An unreadable input is INVALID_INPUT.
 */
export function validateInput<T = unknown>(schema: InputSchema, input: unknown, options: ValidateOptions = {}): Validation<T> {
  const maxErrors = Math.max(1, Math.floor(options.maxErrors ?? 10));
  const errors: InputError[] = [];
  try {
    const value = check(schema, input, '', errors, maxErrors);
    if (errors.length === 0) return { ok: true, value: value as T };
  } catch {
    if (errors.length === 0) {
      errors.push({ field: '', expected: 'a JSON object', message: 'The input could not be read (it is not plain JSON data).' });
    }
  }
  return toFailure(errors);
}

function toFailure(errors: InputError[]): { ok: false; failure: Failure } {
  const first = errors[0];
  const more = errors.length > 1 ? ` (${errors.length - 1} more problem${errors.length > 2 ? 's' : ''} listed in errors)` : '';
  return fail('INVALID_INPUT', `${first.message}${more}`, {
    field: first.field,
    expected: first.expected,
    ...(errors.length > 1 ? { errors: errors.map((e) => ({ field: e.field, message: e.message })) } : {}),
  });
}

/**
 * Ceiling on array length when the schema gives no `maxItems`: a Proxy can claim any length,
 * and walking 2^32 items would hang the extension host.
 */
export const HARD_MAX_ITEMS = 1_000_000;

/** The most entries a map-shaped object (additionalProperties: schema) may have. */
export const MAX_MAP_KEYS = 1000;

/** Marker for "no valid value" inside the walk. */
const INVALID = Symbol('invalid');

function check(schema: InputSchema, value: unknown, field: string, errors: InputError[], maxErrors: number): unknown {
  if (errors.length >= maxErrors) return INVALID;
  switch (schema?.type) {
    case 'object':
      return checkObject(schema, value, field, errors, maxErrors);
    case 'array':
      return checkArray(schema, value, field, errors, maxErrors);
    case 'string':
      return checkString(schema, value, field, errors);
    case 'integer':
    case 'number':
      return checkNumber(schema, value, field, errors);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return report(errors, field, 'a boolean (true or false)', value);
    default:
      errors.push({ field, expected: 'a supported schema', message: `The schema for ${name(field)} is not supported by the validator.` });
      return INVALID;
  }
}

function checkObject(schema: ObjectSchema, value: unknown, field: string, errors: InputError[], maxErrors: number): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return report(errors, field, 'an object', value);
  }
  const source = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const out: Record<string, unknown> = {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const key of Object.keys(properties)) {
    const sub = joinField(field, key);
    const present = Object.prototype.hasOwnProperty.call(source, key);
    const raw = present ? source[key] : undefined;
    if (raw === undefined || (raw === null && !required.has(key))) {
      if (required.has(key)) {
        errors.push({ field: sub, expected: expectedOf(properties[key]), message: `Missing required field \`${sub}\` (${expectedOf(properties[key])}).` });
        if (errors.length >= maxErrors) return INVALID;
      } else if (properties[key] && 'default' in properties[key]) {
        const fallback = defaultOf(properties[key], sub);
        if (fallback !== INVALID) Object.defineProperty(out, key, { value: fallback, enumerable: true, writable: true, configurable: true });
      }
      continue;
    }
    const checked = check(properties[key], raw, sub, errors, maxErrors);
    if (checked !== INVALID) Object.defineProperty(out, key, { value: checked, enumerable: true, writable: true, configurable: true });
    if (errors.length >= maxErrors) return INVALID;
  }
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
    const extra = Object.keys(source).filter((key) => !Object.prototype.hasOwnProperty.call(properties, key));
    if (extra.length > MAX_MAP_KEYS) {
      errors.push({ field, expected: `at most ${MAX_MAP_KEYS} entries`, message: `\`${name(field)}\` has ${extra.length} entries; at most ${MAX_MAP_KEYS} are allowed.` });
      return INVALID;
    }
    for (const key of extra) {
      const checked = check(schema.additionalProperties, source[key], joinField(field, key), errors, maxErrors);
      if (checked !== INVALID) Object.defineProperty(out, key, { value: checked, enumerable: true, writable: true, configurable: true });
      if (errors.length >= maxErrors) return INVALID;
    }
  }
  if (schema.additionalProperties === false) {
    const known = Object.keys(properties);
    for (const key of Object.keys(source)) {
      if (Object.prototype.hasOwnProperty.call(properties, key)) continue;
      const sub = joinField(field, key);
      const list = known.length > 0 ? `expected fields: ${known.join(', ')}` : 'no fields are expected';
      errors.push({ field: sub, expected: 'no such field', message: `Unknown field \`${sub}\`; ${list}.` });
      if (errors.length >= maxErrors) return INVALID;
    }
  }
  return out;
}

function checkArray(schema: ArraySchema, value: unknown, field: string, errors: InputError[], maxErrors: number): unknown {
  if (!Array.isArray(value)) return report(errors, field, expectedOf(schema), value);
  const length = value.length;
  const maxItems = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, HARD_MAX_ITEMS) : HARD_MAX_ITEMS;
  if (length > maxItems) {
    errors.push({ field, expected: `at most ${maxItems} items`, message: `\`${name(field)}\` has ${length} items; at most ${maxItems} are allowed.` });
    return INVALID;
  }
  if (typeof schema.minItems === 'number' && length < schema.minItems) {
    errors.push({ field, expected: `at least ${schema.minItems} items`, message: `\`${name(field)}\` has ${length} item${length === 1 ? '' : 's'}; at least ${schema.minItems} ${schema.minItems === 1 ? 'is' : 'are'} required.` });
    return INVALID;
  }
  const out: unknown[] = [];
  for (let i = 0; i < length; i++) {
    const item = check(schema.items, value[i], `${field}[${i}]`, errors, maxErrors);
    out.push(item);
    if (errors.length >= maxErrors) return INVALID;
  }
  return out;
}

function checkString(schema: StringSchema, value: unknown, field: string, errors: InputError[]): unknown {
  if (typeof value !== 'string') return report(errors, field, expectedOf(schema), value);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return report(errors, field, expectedOf(schema), value);
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength && codePointsExceed(value, schema.maxLength)) {
    errors.push({ field, expected: `at most ${schema.maxLength} characters`, message: `\`${name(field)}\` is ${value.length} characters long; at most ${schema.maxLength} are allowed.` });
    return INVALID;
  }
  if (typeof schema.pattern === 'string') {
    const re = compilePattern(schema.pattern);
    if (re && !re.test(value)) return report(errors, field, expectedOf(schema), value);
  }
  if (typeof schema.minLength === 'number' && !codePointsExceed(value, schema.minLength - 1)) {
    errors.push({ field, expected: `at least ${schema.minLength} character${schema.minLength === 1 ? '' : 's'}`, message: `\`${name(field)}\` must have at least ${schema.minLength} character${schema.minLength === 1 ? '' : 's'}.` });
    return INVALID;
  }
  return value;
}

function checkNumber(schema: NumberSchema, value: unknown, field: string, errors: InputError[]): unknown {
  const ok = typeof value === 'number' && (schema.type === 'integer' ? Number.isInteger(value) : Number.isFinite(value));
  if (!ok) return report(errors, field, expectedOf(schema), value);
  const n = value as number;
  if ((typeof schema.minimum === 'number' && n < schema.minimum) || (typeof schema.maximum === 'number' && n > schema.maximum)) {
    return report(errors, field, expectedOf(schema), value);
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(n)) return report(errors, field, expectedOf(schema), value);
  return n === 0 ? 0 : n; // -0 → 0
}

/** A schema default, validated and copied; INVALID when the default does not fit its own schema. */
function defaultOf(schema: InputSchema, field: string): unknown {
  const scratch: InputError[] = [];
  const value = check(schema, schema.default, field, scratch, 1);
  return scratch.length === 0 ? value : INVALID;
}

const patternCache = new Map<string, RegExp | undefined>();

/** The schema's `pattern` compiled once (Unicode mode when valid there); undefined when it is no valid regex. */
function compilePattern(pattern: string): RegExp | undefined {
  if (patternCache.has(pattern)) return patternCache.get(pattern);
  let re: RegExp | undefined;
  for (const flags of ['u', '']) {
    try {
      re = new RegExp(pattern, flags);
      break;
    } catch {
      re = undefined;
    }
  }
  if (patternCache.size > 256) patternCache.clear();
  patternCache.set(pattern, re);
  return re;
}

/** True when `s` has more than `limit` code points; stops counting as soon as it knows. */
function codePointsExceed(s: string, limit: number): boolean {
  if (s.length <= limit) return false;
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    if (++count > limit) return true;
  }
  return false;
}

function report(errors: InputError[], field: string, expected: string, value: unknown): typeof INVALID {
  const subject = field === '' ? 'The input' : `\`${field}\``;
  errors.push({ field, expected, message: `${subject} must be ${expected}, got ${describeValue(value)}.` });
  return INVALID;
}

function name(field: string): string {
  return field === '' ? 'input' : field;
}

/** What a schema accepts, in words, for messages. */
export function expectedOf(schema: InputSchema): string {
  switch (schema?.type) {
    case 'string':
      if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`;
      if (typeof schema.pattern === 'string') return `a string matching ${schema.pattern}`;
      return 'a string';
    case 'integer':
    case 'number': {
      const kind = schema.type === 'integer' ? 'an integer' : 'a number';
      if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
      const lo = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const hi = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      if (lo !== undefined && hi !== undefined) return `${kind} from ${lo} to ${hi}`;
      if (lo !== undefined) return `${kind} ≥ ${lo}`;
      if (hi !== undefined) return `${kind} ≤ ${hi}`;
      return kind;
    }
    case 'boolean':
      return 'a boolean (true or false)';
    case 'array':
      return `an array of ${plural(expectedOf(schema.items))}`;
    case 'object':
      return 'an object';
    default:
      return 'a supported value';
  }
}

function plural(expected: string): string {
  if (expected === 'a string') return 'strings';
  if (expected === 'an object') return 'objects';
  if (expected === 'an integer') return 'integers';
  if (expected === 'a number') return 'numbers';
  if (expected.startsWith('a boolean')) return 'booleans';
  return `items (each ${expected})`;
}

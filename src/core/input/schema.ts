/**
 * The JSON-schema subset the tools' `inputSchema`s use (package.json `languageModelTools`),
 * as TypeScript types, so one schema object can serve the manifest and the runtime check.
 * Keywords outside this subset are not checked (and `description` is ignored).
 */
export type InputSchema = ObjectSchema | StringSchema | NumberSchema | BooleanSchema | ArraySchema;

/** The name the tool layer uses for the same thing. */
export type JsonSchema = InputSchema;

interface SchemaBase {
  description?: string;
  /**
   * Filled into the validated copy when the property is absent (or null and optional).
   * Must itself satisfy the schema; a default that does not is ignored.
   */
  default?: unknown;
}

export interface StringSchema extends SchemaBase {
  type: 'string';
  enum?: readonly string[];
  /** In Unicode code points, as JSON Schema counts. */
  minLength?: number;
  maxLength?: number;
  /** ECMAScript regular expression the whole value is tested with (unanchored, as JSON Schema). */
  pattern?: string;
}

export interface NumberSchema extends SchemaBase {
  /** `integer`: a finite whole number (1.0 counts, 1.5 does not); `number`: any finite number. */
  type: 'integer' | 'number';
  minimum?: number;
  maximum?: number;
  enum?: readonly number[];
}

export interface BooleanSchema extends SchemaBase {
  type: 'boolean';
}

export interface ArraySchema extends SchemaBase {
  type: 'array';
  items: InputSchema;
  minItems?: number;
  maxItems?: number;
}

export interface ObjectSchema extends SchemaBase {
  type: 'object';
  properties: Readonly<Record<string, InputSchema>>;
  required?: readonly string[];
  /**
   * `false`: fields not in `properties` are reported as unknown. Default: allowed and dropped.
   * A schema: the object is also a map, every other field is checked against it and kept (at
   * most MAX_MAP_KEYS of them).
   */
  additionalProperties?: boolean | InputSchema;
}

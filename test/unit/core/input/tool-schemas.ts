import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { HTML_OPS } from '../../../../src/core/html/types';
import { InputSchema, ObjectSchema } from '../../../../src/core/input/schema';

// Schemas shaped like the tools' (the real ones belong to the tools); used by the tests only.

export const editLinesSchema: ObjectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'base_sha256', 'mode', 'start_line'],
  properties: {
    path: { type: 'string', maxLength: 4096 },
    base_sha256: { type: 'string', minLength: 64, maxLength: 64 },
    mode: { type: 'string', enum: ['insert', 'replace', 'delete'] },
    start_line: { type: 'integer', minimum: 1 },
    end_line: { type: 'integer', minimum: 1 },
    new_lines: { type: 'array', items: { type: 'string' }, maxItems: 10000 },
    check_duplicates: { type: 'boolean' },
  },
};

export const executeProgramSchema: ObjectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['program', 'args'],
  properties: {
    program: { type: 'string', minLength: 1, maxLength: 4096 },
    args: { type: 'array', items: { type: 'string', maxLength: 100000 }, maxItems: 256 },
    cwd: { type: 'string' },
    timeout_ms: { type: 'integer', minimum: 1, maximum: 600000 },
    stdin: { type: 'string', maxLength: 1048576 },
  },
};

export const patchHtmlSchema: ObjectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'patches'],
  properties: {
    path: { type: 'string' },
    base_sha256: { type: 'string' },
    patches: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['selector', 'op'],
        properties: {
          selector: { type: 'string', maxLength: 200 },
          op: { type: 'string', enum: [...HTML_OPS] },
          html: { type: 'string' },
          name: { type: 'string' },
          value: { type: 'string' },
        },
      },
    },
  },
};

/** Allows unknown fields (dropped), and has a `number` with a range. */
export const lenientSchema: ObjectSchema = {
  type: 'object',
  required: ['path'],
  properties: {
    path: { type: 'string' },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    level: { type: 'integer', enum: [1, 2, 3] },
  },
};

export const allSchemas = [editLinesSchema, executeProgramSchema, patchHtmlSchema, lenientSchema];

/** The real tools' schemas from package.json (contributes.languageModelTools), when declared. */
export function manifestSchemas(): InputSchema[] {
  try {
    const pkg = JSON.parse(fs.readFileSync(nodePath.resolve(__dirname, '../../../../../package.json'), 'utf8'));
    const tools = (pkg.contributes?.languageModelTools ?? []) as { inputSchema?: InputSchema }[];
    return tools.map((t) => t.inputSchema).filter((s): s is InputSchema => typeof s === 'object' && s !== null);
  } catch {
    return [];
  }
}

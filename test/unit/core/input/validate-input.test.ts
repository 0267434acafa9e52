import * as assert from 'node:assert/strict';
import { validateInput, HARD_MAX_ITEMS } from '../../../../src/core/input/validate-input';
import { InputSchema } from '../../../../src/core/input/schema';
import { editLinesSchema, executeProgramSchema, lenientSchema, manifestSchemas, patchHtmlSchema } from './tool-schemas';

const SHA = 'a'.repeat(64);

function failure(schema: InputSchema, input: unknown) {
  const r = validateInput(schema, input);
  if (r.ok) assert.fail(`expected a failure, got ${JSON.stringify(r.value).slice(0, 80)}`);
  assert.equal(r.failure.error_type, 'INVALID_INPUT');
  return r.failure;
}

describe('validateInput', () => {
  it('accepts a valid input and returns a copy of the known fields', () => {
    const input = { path: 'src/a.c', base_sha256: SHA, mode: 'insert', start_line: 3, new_lines: ['x', 'y'], check_duplicates: false };
    const r = validateInput(editLinesSchema, input);
    assert.ok(r.ok);
    assert.deepEqual(r.value, input);
    assert.notEqual(r.value, input);
    input.new_lines.push('mutated later');
    assert.deepEqual((r.value as { new_lines: string[] }).new_lines, ['x', 'y']);
  });

  it('drops unknown fields when additionalProperties is not false', () => {
    const r = validateInput(lenientSchema, { path: 'a', extra: 1, ratio: 0.5 });
    assert.ok(r.ok);
    assert.deepEqual(r.value, { path: 'a', ratio: 0.5 });
  });

  it('refuses a non-object input, naming the input', () => {
    for (const input of [null, undefined, [], 'path', 42, true, () => 1, Symbol('s'), 10n]) {
      const f = failure(editLinesSchema, input);
      assert.equal(f.field, '');
      assert.match(f.message, /^The input must be an object, got /);
    }
  });

  it('names a missing required field and its expected type', () => {
    const f = failure(editLinesSchema, { base_sha256: SHA, mode: 'insert', start_line: 1 });
    assert.equal(f.field, 'path');
    assert.equal(f.expected, 'a string');
    assert.match(f.message, /Missing required field `path` \(a string\)/);
  });

  it('names a wrongly typed field, what it expects and what it got', () => {
    const f = failure(editLinesSchema, { path: 'a', base_sha256: SHA, mode: 'insert', start_line: '5' });
    assert.equal(f.field, 'start_line');
    assert.equal(f.message, '`start_line` must be an integer ≥ 1, got the string "5".');
  });

  const numberCases: [unknown, boolean][] = [[1, true], [1.0, true], [0, false], [-3, false], [1.5, false], [Number.NaN, false], [Infinity, false], [2 ** 53, true]];
  for (const [n, ok] of numberCases) {
    it(`integer ≥ 1: ${String(n)} is ${ok ? 'accepted' : 'refused'}`, () => {
      const r = validateInput(editLinesSchema, { path: 'a', base_sha256: SHA, mode: 'delete', start_line: n });
      assert.equal(r.ok, ok);
      if (!r.ok) assert.equal(r.failure.field, 'start_line');
    });
  }

  it('checks number ranges, integer enums and string enums', () => {
    assert.ok(validateInput(lenientSchema, { path: 'a', ratio: 1 }).ok);
    assert.equal(failure(lenientSchema, { path: 'a', ratio: 1.01 }).expected, 'a number from 0 to 1');
    assert.equal(failure(lenientSchema, { path: 'a', level: 4 }).expected, 'one of 1, 2, 3');
    const f = failure(editLinesSchema, { path: 'a', base_sha256: SHA, mode: 'append', start_line: 1 });
    assert.equal(f.field, 'mode');
    assert.equal(f.message, '`mode` must be one of "insert", "replace", "delete", got the string "append".');
  });

  it('counts string lengths in code points and refuses huge strings without echoing them', () => {
    const schema: InputSchema = { type: 'object', properties: { s: { type: 'string', maxLength: 3, minLength: 2 } } };
    assert.ok(validateInput(schema, { s: '😀😀😀' }).ok);
    assert.equal(failure(schema, { s: '😀😀😀😀' }).field, 's');
    assert.equal(failure(schema, { s: '😀' }).expected, 'at least 2 characters');
    const huge = 'x'.repeat(20_000_000);
    const f = failure(executeProgramSchema, { program: 'p', args: [], stdin: huge });
    assert.equal(f.field, 'stdin');
    assert.ok(f.message.length < 200);
  });

  it('names array items and nested object fields', () => {
    assert.equal(failure(executeProgramSchema, { program: 'gcc', args: ['-o', 7] }).field, 'args[1]');
    const f = failure(patchHtmlSchema, { path: 'a.html', patches: [{ selector: '#a', op: 'remove' }, { selector: '#b', op: 'explode' }] });
    assert.equal(f.field, 'patches[1].op');
    assert.equal(failure(patchHtmlSchema, { path: 'a.html', patches: [] }).expected, 'at least 1 items');
    assert.equal(failure(patchHtmlSchema, { path: 'a.html', patches: [{ selector: '#a', op: 'remove', style: 'x' }] }).field, 'patches[0].style');
    const tooMany = failure(executeProgramSchema, { program: 'p', args: Array(257).fill('a') });
    assert.equal(tooMany.field, 'args');
    assert.match(tooMany.message, /257 items; at most 256/);
    assert.equal(failure(executeProgramSchema, { program: 'p', args: 'a b' }).expected, 'an array of strings');
  });

  it('reports unknown fields with the list of expected ones', () => {
    const f = failure(executeProgramSchema, { program: 'p', args: [], shell: true });
    assert.equal(f.field, 'shell');
    assert.match(f.message, /Unknown field `shell`; expected fields: program, args, cwd, timeout_ms, stdin\./);
  });

  it('treats null as absent for optional fields but not for required ones', () => {
    const r = validateInput(executeProgramSchema, { program: 'p', args: [], cwd: null, stdin: null });
    assert.ok(r.ok);
    assert.deepEqual(r.value, { program: 'p', args: [] });
    assert.equal(failure(executeProgramSchema, { program: null, args: [] }).field, 'program');
  });

  it('lists several problems, capped', () => {
    const f = failure(editLinesSchema, { a: 1, b: 2, c: 3 });
    const errors = f.errors as { field: string }[];
    assert.deepEqual(errors.map((e) => e.field), ['path', 'base_sha256', 'mode', 'start_line', 'a', 'b', 'c']);
    assert.match(f.message, /\(6 more problems listed in errors\)/);
    const capped = validateInput(editLinesSchema, Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])), { maxErrors: 5 });
    assert.ok(!capped.ok && (capped.failure.errors as unknown[]).length === 5);
  });

  it('checks a string pattern (as the manifest uses for sha256)', () => {
    const schema: InputSchema = { type: 'object', properties: { sha: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' } } };
    assert.ok(validateInput(schema, { sha: 'aB'.repeat(32) }).ok);
    const f = failure(schema, { sha: 'xyz' });
    assert.equal(f.field, 'sha');
    assert.equal(f.message, '`sha` must be a string matching ^[0-9a-fA-F]{64}$, got the string "xyz".');
    const broken: InputSchema = { type: 'object', properties: { s: { type: 'string', pattern: '([' } } };
    assert.ok(validateInput(broken, { s: 'anything' }).ok);
  });

  it('fills declared defaults for absent or null optional fields, never invalid ones', () => {
    const schema: InputSchema = {
      type: 'object',
      properties: {
        check: { type: 'boolean', default: true },
        n: { type: 'integer', minimum: 1, default: 0 },
        list: { type: 'array', items: { type: 'string' }, default: ['a'] },
      },
    };
    const r = validateInput(schema, { check: null });
    assert.ok(r.ok);
    assert.deepEqual(r.value, { check: true, list: ['a'] });
    (r.value as { list: string[] }).list.push('b');
    const again = validateInput(schema, {});
    assert.ok(again.ok);
    assert.deepEqual((again.value as { list: string[] }).list, ['a']);
    const given = validateInput(schema, { check: false });
    assert.ok(given.ok && (given.value as { check: boolean }).check === false);
  });

  it('validates against the real tool schemas in package.json', () => {
    const schemas = manifestSchemas();
    for (const schema of schemas) {
      const f = failure(schema, { not_a_field: 1 });
      assert.ok(typeof f.field === 'string' && f.field !== '');
    }
  });

  describe('hostile inputs', () => {
    it('reports an own __proto__ key as unknown and pollutes nothing', () => {
      const input = JSON.parse('{"program":"p","args":[],"__proto__":{"polluted":true}}');
      const f = failure(executeProgramSchema, input);
      assert.equal(f.field, '__proto__');
      const lenient = validateInput(lenientSchema, JSON.parse('{"path":"a","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'));
      assert.ok(lenient.ok);
      assert.equal(Object.getPrototypeOf(lenient.value), Object.prototype);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    it('copies a schema property named __proto__ as a plain own field', () => {
      const schema: InputSchema = { type: 'object', properties: JSON.parse('{"__proto__":{"type":"string"}}') };
      const r = validateInput(schema, JSON.parse('{"__proto__":"x"}'));
      assert.ok(r.ok);
      assert.equal(Object.getPrototypeOf(r.value), Object.prototype);
      assert.deepEqual(Object.getOwnPropertyDescriptor(r.value, '__proto__')?.value, 'x');
    });

    it('ignores fields inherited from a polluted Object.prototype', () => {
      const proto = Object.prototype as Record<string, unknown>;
      proto.program = '/bin/sh';
      proto.args = [];
      try {
        const f = failure(executeProgramSchema, {});
        assert.equal(f.field, 'program');
      } finally {
        delete proto.program;
        delete proto.args;
      }
    });

    it('survives cyclic objects', () => {
      const input: Record<string, unknown> = { path: 'a.html', patches: [] };
      (input.patches as unknown[]).push({ selector: '#x', op: 'remove', html: 'ok' });
      input.self = input;
      assert.equal(failure(patchHtmlSchema, input).field, 'self');
      delete input.self;
      const item = (input.patches as Record<string, unknown>[])[0];
      item.back = input;
      assert.equal(failure(patchHtmlSchema, input).field, 'patches[0].back');
      const lenient = validateInput(lenientSchema, Object.assign(input, { path: 'a' }));
      assert.ok(lenient.ok);
      assert.doesNotThrow(() => JSON.stringify(lenient.value));
    });

    it('survives Proxies and getters that throw', () => {
      const trap = () => {
        throw new Error('boom');
      };
      const inputs = [
        new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap }),
        Object.defineProperty({ args: [] }, 'program', { get: trap, enumerable: true }),
        { program: 'p', args: new Proxy(['a'], { get: trap }) },
      ];
      for (const input of inputs) {
        let r;
        assert.doesNotThrow(() => {
          r = validateInput(executeProgramSchema, input);
        });
        assert.equal((r as unknown as { ok: boolean }).ok, false);
      }
    });

    it('refuses an array claiming an absurd length without walking it', () => {
      const liar = new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : Reflect.get(t, k)) });
      const schema: InputSchema = { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } };
      const f = failure(schema, { list: liar });
      assert.equal(f.field, 'list');
      assert.match(f.message, new RegExp(`at most ${HARD_MAX_ITEMS}`));
    });

    it('does not throw on a malformed schema', () => {
      const r = validateInput({ type: 'tuple' } as unknown as InputSchema, {});
      assert.ok(!r.ok && r.failure.error_type === 'INVALID_INPUT');
      const r2 = validateInput(undefined as unknown as InputSchema, {});
      assert.ok(!r2.ok);
    });
  });
});

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { validateInput } from '../../../../src/core/input/validate-input';
import { allSchemas, manifestSchemas } from './tool-schemas';

/** Keys that tempt prototype pollution, plus the tools' real field names. */
const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'path', 'mode', 'start_line', 'program', 'args', 'patches', 'selector', 'op', 'ratio'),
  fc.string(),
);

const anything = fc.anything({
  key,
  maxDepth: 4,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withObjectString: true,
  withBoxedValues: true,
});

/** Inputs close to valid ones, so the walk goes deep (wrong types in the right places). */
const nearValid = fc.record(
  {
    path: fc.oneof(fc.string(), anything),
    base_sha256: fc.oneof(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }), anything),
    mode: fc.oneof(fc.constantFrom('insert', 'replace', 'delete', 'append'), anything),
    start_line: fc.oneof(fc.integer(), fc.double(), anything),
    new_lines: fc.oneof(fc.array(fc.string()), anything),
    program: fc.oneof(fc.string(), anything),
    args: fc.oneof(fc.array(fc.oneof(fc.string(), anything)), anything),
    timeout_ms: fc.oneof(fc.integer(), fc.double(), anything),
    patches: fc.oneof(fc.array(fc.record({ selector: fc.oneof(fc.string(), anything), op: fc.oneof(fc.constantFrom('replace', 'remove'), anything), html: anything }, { requiredKeys: [] })), anything),
    ratio: fc.oneof(fc.double(), anything),
  },
  { requiredKeys: [] },
);

/** Any of the above, sometimes made cyclic. */
const input = fc.tuple(fc.oneof(anything, nearValid, fc.json().map((s) => JSON.parse(s) as unknown)), fc.boolean()).map(([value, cyclic]) => {
  if (cyclic && typeof value === 'object' && value !== null) {
    try {
      (value as Record<string, unknown>).self = value;
      if (Array.isArray((value as Record<string, unknown>).args)) ((value as Record<string, unknown[]>).args).push(value);
    } catch {
      // frozen or boxed values: keep as is
    }
  }
  return value;
});

describe('validateInput (property: 10,000 random and malformed inputs)', () => {
  it('never throws; failures are INVALID_INPUT naming a field; successes are clean, acyclic and stable', function () {
    this.timeout(180_000); // 10,000 generated inputs × every schema; not a timing assertion
    let failures = 0;
    let successes = 0;
    fc.assert(
      fc.property(input, (value) => {
        for (const schema of [...allSchemas, ...manifestSchemas()]) {
          const r = validateInput(schema, value);
          if (r.ok) {
            successes++;
            assert.equal(typeof r.value, 'object');
            assert.doesNotThrow(() => JSON.stringify(r.value));
            const again = validateInput(schema, r.value);
            assert.ok(again.ok);
            assert.deepEqual(again.value, r.value);
          } else {
            failures++;
            assert.equal(r.failure.error_type, 'INVALID_INPUT');
            assert.equal(typeof r.failure.field, 'string');
            assert.equal(typeof r.failure.message, 'string');
            if (r.failure.field !== '') assert.ok(r.failure.message.includes(String(r.failure.field)), r.failure.message);
          }
        }
      }),
      { numRuns: 10_000 },
    );
    assert.ok(successes > 0 && failures > 0, `degenerate generator: ${successes} ok / ${failures} failed`);
    assert.deepEqual(Object.keys(Object.prototype), []);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

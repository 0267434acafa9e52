import assert from 'node:assert/strict';
import { defaultWasmDirs } from '../../../../src/validate/wasm-files';

type RuntimeModule = typeof import('../../../../src/validate/syntax/tree-sitter-runtime');

/** Forgets the runtime module and the UMD package, so the next require evaluates both again. */
function forgetRuntime(): void {
  for (const key of Object.keys(require.cache)) {
    if (key.includes(`${'@vscode'}/tree-sitter-wasm`) || key.includes('tree-sitter-runtime')) delete require.cache[key];
  }
}

describe('validate/tree-sitter runtime', () => {
  const g = globalThis as { define?: unknown };

  afterEach(() => {
    delete g.define;
    forgetRuntime();
  });

  it('loads a grammar when a global AMD define exists (the UMD runtime must not hand its exports to it)', async () => {
    forgetRuntime();
    const amdCalls: unknown[] = [];
    const define = (...args: unknown[]) => amdCalls.push(args);
    (define as unknown as { amd: object }).amd = {};
    g.define = define;
    // A fresh evaluation of the module (after forgetRuntime) is the point: an import would be cached.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadGrammar } = require('../../../../src/validate/syntax/tree-sitter-runtime') as RuntimeModule;
    const load = await loadGrammar('typescript', defaultWasmDirs());
    assert.ok(load.ok, load.ok ? '' : load.reason);
    assert.ok(load.grammar.parser.parse('let x = 1;'), 'the parser parses');
    assert.equal(amdCalls.length, 0, 'the AMD loader was never handed the runtime');
    assert.equal(g.define, define, 'the global define is put back');
  });
});

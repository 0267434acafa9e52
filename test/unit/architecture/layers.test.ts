import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

// The layer rules of docs/ARCHITECTURE.md, checked on the sources: the pure layers run in
// plain Node (unit tests, the headless engine, the CLI), so nothing they reach may import
// `vscode`; core/ depends on nothing but itself; tools/ never reaches into ui/.
const SRC = path.resolve(__dirname, '../../../../src');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** The module specifiers a file imports or re-exports (type-only imports included). */
function importsOf(file: string): string[] {
  return ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

function resolveRelative(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return undefined;
}

/** Every source file reachable from `start` through relative imports, with the chain that reached it. */
function reachable(start: string, importsIn: (file: string) => string[] = importsOf): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const spec of importsIn(file)) {
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(file, spec);
      if (target && !seen.has(target)) {
        seen.set(target, [...seen.get(file)!, target]);
        queue.push(target);
      }
    }
  }
  return seen;
}

/** The module specifiers a file loads at run time: `import type` and `export type` declarations are erased. */
function runtimeImportsOf(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly && ts.isStringLiteral(st.moduleSpecifier)) out.push(st.moduleSpecifier.text);
    if (ts.isExportDeclaration(st) && !st.isTypeOnly && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) out.push(st.moduleSpecifier.text);
    if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference) && ts.isStringLiteral(st.moduleReference.expression)) out.push(st.moduleReference.expression.text);
  }
  return out;
}

/** {@link reachable} through run-time imports only. */
function reachableAtRuntime(start: string): Map<string, string[]> {
  return reachable(start, runtimeImportsOf);
}

const rel = (p: string) => path.relative(SRC, p);
const layer = (p: string) => rel(p).split(path.sep)[0];

describe('architecture: layer imports', () => {
  it('core/, history/ and exec/ never reach `vscode`, directly or through another module', () => {
    const offenders: string[] = [];
    for (const dir of ['core', 'history', 'exec']) {
      for (const file of sources(path.join(SRC, dir))) {
        for (const [reached, chain] of reachable(file)) {
          if (importsOf(reached).includes('vscode')) offenders.push(chain.map(rel).join(' → '));
        }
      }
    }
    assert.deepEqual([...new Set(offenders)], []);
  });

  it('the headless MCP server (src/mcp-stdio.ts and headless/) never loads `vscode`: only type-only imports may name a module that does', () => {
    // dist/mcp-stdio.js is bundled with no externals, so the build fails too; this says where.
    const offenders: string[] = [];
    for (const [reached, chain] of reachableAtRuntime(path.join(SRC, 'mcp-stdio.ts'))) {
      if (runtimeImportsOf(reached).includes('vscode')) offenders.push(chain.map(rel).join(' → '));
    }
    assert.deepEqual(offenders, []);
    assert.ok(reachableAtRuntime(path.join(SRC, 'mcp-stdio.ts')).has(path.join(SRC, 'headless', 'write-transaction.ts')), 'the walk reaches the headless modules');
  });

  it('the engine worker (src/workers/, bundled to dist/engine-worker.js) loads nothing but core/ and Node', () => {
    const start = path.join(SRC, 'workers', 'engine-worker.ts');
    const reached = [...reachableAtRuntime(start).keys()].map(rel);
    assert.ok(reached.includes(path.join('core', 'patch', 'apply.ts')), 'the walk reaches the engine');
    assert.deepEqual(reached.filter((f) => !['core', 'workers'].includes(f.split(path.sep)[0])), []);
    for (const f of reachableAtRuntime(start).keys()) assert.ok(!runtimeImportsOf(f).includes('vscode'), rel(f));
  });

  it('core/ imports nothing outside core/', () => {
    const offenders = sources(path.join(SRC, 'core')).flatMap((file) =>
      importsOf(file).filter((s) => s.startsWith('.')).map((s) => resolveRelative(file, s)).filter((t): t is string => !!t && layer(t) !== 'core').map((t) => `${rel(file)} → ${rel(t)}`));
    assert.deepEqual(offenders, []);
  });

  it('tools/ never imports ui/', () => {
    const offenders = sources(path.join(SRC, 'tools')).flatMap((file) =>
      importsOf(file).filter((s) => s.startsWith('.')).map((s) => resolveRelative(file, s)).filter((t): t is string => !!t && layer(t) === 'ui').map((t) => `${rel(file)} → ${rel(t)}`));
    assert.deepEqual(offenders, []);
  });

  it('the check sees imports at all (a file known to import vscode is found)', () => {
    assert.ok(importsOf(path.join(SRC, 'extension.ts')).includes('vscode'));
  });

  it('the backup journal is opened and finished in exactly one function (the write transaction)', () => {
    const callers = ['tools', 'commands', 'ui', 'workspace', 'validate', 'exec', 'core'].flatMap((dir) =>
      sources(path.join(SRC, dir)).filter((f) => /\bstore\.(begin|beginGroup|finish)\(/.test(fs.readFileSync(f, 'utf8'))).map(rel));
    assert.deepEqual(callers, [path.join('tools', 'write-transaction.ts')]);
    // The headless server has its own, in the same order (no VS Code to write through).
    const headless = sources(path.join(SRC, 'headless')).filter((f) => /\bstore\.(begin|beginGroup|finish)\(/.test(fs.readFileSync(f, 'utf8'))).map(rel);
    assert.deepEqual(headless, [path.join('headless', 'write-transaction.ts')]);
  });

  it('no production source imports test code (test-only code lives under test/)', () => {
    const offenders = sources(SRC).flatMap((file) =>
      importsOf(file).filter((s) => s.startsWith('.')).filter((s) => !path.resolve(path.dirname(file), s).startsWith(SRC + path.sep)).map((s) => `${rel(file)} → ${s}`));
    assert.deepEqual(offenders, []);
  });
});

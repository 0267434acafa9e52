import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

// The layer rules of docs/ARCHITECTURE.md, checked on the sources: every import runs down the
// layers (never up, never sideways between the two hosts), there is no import loop, and
// everything below the VS Code host — the engine and the disk host included — runs in plain
// Node, so nothing it reaches may name `vscode`, not even for types.
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

/** A source file's layer: its first folder (hosts/ by host), or "entry" for the entry points at the top. */
function layerOf(file: string): string {
  const parts = rel(file).split(path.sep);
  if (parts.length === 1) return 'entry';
  return parts[0] === 'hosts' ? `hosts/${parts[1]}` : parts[0];
}

/**
 * The layers from the bottom up: a file may import its own layer and any lower one. Layers of
 * one rank never import each other (the two hosts; commands and the headless glue; ui and mcp).
 */
const RANK: Record<string, number> = {
  core: 0, workers: 1, files: 1, history: 2, exec: 2, validate: 3, engine: 4,
  'hosts/disk': 5, 'hosts/vscode': 5, commands: 6, headless: 6, ui: 7, mcp: 7, hooks: 7, entry: 8,
};

/** The layers that must run without VS Code: nothing they reach names `vscode`, types included. */
const NO_VSCODE = ['core', 'workers', 'files', 'history', 'exec', 'engine', path.join('hosts', 'disk'), 'headless', 'hooks'];

function relativeImports(file: string): string[] {
  return importsOf(file).filter((s) => s.startsWith('.')).map((s) => resolveRelative(file, s)).filter((t): t is string => !!t);
}

/** The import loops of a set of files (strongly connected components of more than one file, or a file importing itself). */
function importLoops(files: string[]): string[][] {
  const edges = new Map(files.map((f) => [f, relativeImports(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) loops.push(component.map(rel).sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return loops;
}

describe('architecture: layer imports', () => {
  it('every source file is in a known layer', () => {
    assert.deepEqual([...new Set(sources(SRC).map(layerOf))].filter((l) => RANK[l] === undefined), []);
  });

  it('imports run down the layers: never up, never between layers of one rank (the two hosts)', () => {
    const offenders = sources(SRC).flatMap((file) => relativeImports(file)
      .filter((t) => { const a = layerOf(file); const b = layerOf(t); return RANK[b] > RANK[a] || (RANK[b] === RANK[a] && a !== b); })
      .map((t) => `${rel(file)} → ${rel(t)}`));
    assert.deepEqual(offenders, []);
  });

  it('there is no import loop anywhere in src/ (type-only imports included)', () => {
    assert.deepEqual(importLoops(sources(SRC)), []);
  });

  it('the loop check finds a loop (a planted two-file cycle)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-loop-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = 1;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a';\nexport const b = 2;\n");
      assert.equal(importLoops([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]).length, 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the engine, the disk host and everything below them never reach `vscode`, not even for types', () => {
    const offenders: string[] = [];
    for (const dir of NO_VSCODE) {
      for (const file of sources(path.join(SRC, dir))) {
        for (const [reached, chain] of reachable(file)) {
          if (importsOf(reached).includes('vscode')) offenders.push(chain.map(rel).join(' → '));
        }
      }
    }
    assert.deepEqual([...new Set(offenders)], []);
  });

  it('the headless entry points (mcp-stdio.ts, engine.ts, cli.ts, cli-main.ts, hook.ts, owner.ts, setup.ts) never reach `vscode`; the headless server runs the engine on the disk host', () => {
    const offenders: string[] = [];
    for (const entry of ['mcp-stdio.ts', 'engine.ts', 'cli.ts', 'cli-main.ts', 'hook.ts', 'owner.ts', 'setup.ts']) {
      for (const [reached, chain] of reachable(path.join(SRC, entry))) {
        if (importsOf(reached).includes('vscode')) offenders.push(chain.map(rel).join(' → '));
      }
    }
    assert.deepEqual(offenders, []);
    const served = reachableAtRuntime(path.join(SRC, 'mcp-stdio.ts'));
    for (const f of [path.join('engine', 'runner.ts'), path.join('engine', 'write', 'transaction.ts'), path.join('hosts', 'disk', 'host.ts')]) {
      assert.ok(served.has(path.join(SRC, f)), `the headless server reaches ${f}`);
    }
  });

  it('the hook bundle (src/hook.ts), which agents run around every tool call, loads no store and no engine: the folder\'s owner holds them (a window, a server, or the background owner dist/owner.js it starts)', () => {
    const reached = [...reachableAtRuntime(path.join(SRC, 'hook.ts')).keys()].map(rel);
    assert.ok(reached.includes(path.join('hooks', 'run-hook.ts')), 'the walk reaches the hook');
    assert.deepEqual(reached.filter((f) => ['history/', 'engine/write/', 'engine/tools/', 'hosts/', 'validate/'].some((l) => f.startsWith(l.split('/').join(path.sep)))), []);
    assert.ok(reachableAtRuntime(path.join(SRC, 'owner.ts')).has(path.join(SRC, 'history', 'backupStore.ts')), 'the background owner is where the store is');
  });

  it('the engine worker (src/workers/, bundled to dist/engine-worker.js) loads nothing but core/ and Node', () => {
    const start = path.join(SRC, 'workers', 'engine-worker.ts');
    const reached = [...reachableAtRuntime(start).keys()].map(rel);
    assert.ok(reached.includes(path.join('core', 'patch', 'apply.ts')), 'the walk reaches the engine');
    assert.deepEqual(reached.filter((f) => !['core', 'workers'].includes(f.split(path.sep)[0])), []);
    for (const f of reachableAtRuntime(start).keys()) assert.ok(!runtimeImportsOf(f).includes('vscode'), rel(f));
  });

  it('the MCP connection helper (src/mcp-connect.ts), which agents run outside VS Code, never reaches `vscode`', () => {
    const offenders: string[] = [];
    const walk = reachable(path.join(SRC, 'mcp-connect.ts'));
    for (const [reached, chain] of walk) {
      if (importsOf(reached).includes('vscode')) offenders.push(chain.map(rel).join(' → '));
    }
    assert.deepEqual(offenders, []);
    assert.ok(walk.has(path.join(SRC, 'files', 'connection-file.ts')), 'the walk reaches the helper\'s modules');
  });

  it('the check sees imports at all (a file known to import vscode is found)', () => {
    assert.ok(importsOf(path.join(SRC, 'extension.ts')).includes('vscode'));
  });

  it('the backup journal is opened and finished in exactly one module (the engine\'s write transaction), for both hosts', () => {
    const callers = sources(SRC).filter((f) => /\bstore\.(begin|beginGroup|finish)\(/.test(fs.readFileSync(f, 'utf8'))).map(rel);
    assert.deepEqual(callers, [path.join('engine', 'write', 'transaction.ts')]);
  });

  it('no production source imports test code (test-only code lives under test/)', () => {
    const offenders = sources(SRC).flatMap((file) =>
      importsOf(file).filter((s) => s.startsWith('.')).filter((s) => !path.resolve(path.dirname(file), s).startsWith(SRC + path.sep)).map((s) => `${rel(file)} → ${s}`));
    assert.deepEqual(offenders, []);
  });
});

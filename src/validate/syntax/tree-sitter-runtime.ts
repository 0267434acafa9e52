import type { Language as TsLanguage, Parser as TsParser } from '@vscode/tree-sitter-wasm';
import { GRAMMAR_WASM, TREE_SITTER_RUNTIME_WASM, resolveWasmFile, type GrammarName } from '../wasm-files';

type TreeSitterModule = typeof import('@vscode/tree-sitter-wasm');

/** A loaded grammar with one parser bound to it (parsing is synchronous, so one suffices). */
export interface LoadedGrammar {
  name: GrammarName;
  parser: TsParser;
  language: TsLanguage;
}

export type GrammarLoad = { ok: true; grammar: LoadedGrammar } | { ok: false; reason: string };

let runtime: Promise<{ ok: true; mod: TreeSitterModule } | { ok: false; reason: string }> | undefined;
/** Loads by grammar name and search dirs: a failure with one set of dirs does not poison another. */
const grammars = new Map<string, Promise<GrammarLoad>>();

/**
 * Loads (once per process) the tree-sitter runtime, then the named grammar (once per
 * grammar), from the first of `dirs` that holds each file. Nothing is loaded before the first
 * check of a language that needs it. Failures are values: a missing file or a wasm that
 * does not instantiate gives { ok: false, reason }, and the caller skips the check.
 * A failed grammar load is remembered (per set of dirs), so a broken install costs one
 * attempt, not one per edit. The runtime starts once per process; a failed start is
 * forgotten so that a later call with other dirs can try again.
 */
export function loadGrammar(name: GrammarName, dirs: readonly string[]): Promise<GrammarLoad> {
  const key = `${name}\0${dirs.join('\0')}`;
  let pending = grammars.get(key);
  if (!pending) {
    pending = loadGrammarUncached(name, dirs);
    grammars.set(key, pending);
  }
  return pending;
}

async function loadGrammarUncached(name: GrammarName, dirs: readonly string[]): Promise<GrammarLoad> {
  const rt = await loadRuntime(dirs);
  if (!rt.ok) return rt;
  const file = resolveWasmFile(GRAMMAR_WASM[name], dirs);
  if (!file) return { ok: false, reason: `grammar ${GRAMMAR_WASM[name]} not found in ${dirs.join(', ')}` };
  try {
    const language = await rt.mod.Language.load(file);
    const parser = new rt.mod.Parser();
    parser.setLanguage(language);
    return { ok: true, grammar: { name, parser, language } };
  } catch (e) {
    return { ok: false, reason: `grammar ${name} failed to load: ${String(e)}` };
  }
}

function loadRuntime(dirs: readonly string[]): NonNullable<typeof runtime> {
  if (!runtime) {
    runtime = (async () => {
      const wasm = resolveWasmFile(TREE_SITTER_RUNTIME_WASM, dirs);
      if (!wasm) return { ok: false as const, reason: `tree-sitter runtime ${TREE_SITTER_RUNTIME_WASM} not found in ${dirs.join(', ')}` };
      try {
        // Required lazily so that activating the extension does not evaluate the runtime.
        const mod = requireWithoutAmd(() => require('@vscode/tree-sitter-wasm') as TreeSitterModule);
        if (typeof mod.Parser?.init !== 'function') return { ok: false as const, reason: 'tree-sitter runtime loaded without its exports' };
        await mod.Parser.init({ locateFile: () => wasm });
        return { ok: true as const, mod };
      } catch (e) {
        return { ok: false as const, reason: `tree-sitter runtime failed to start: ${String(e)}` };
      }
    })();
    const attempt = runtime;
    void attempt.then((r) => {
      if (!r.ok && runtime === attempt) runtime = undefined;
    });
  }
  return runtime;
}

/**
 * The runtime is a UMD module: when a global AMD `define` exists (the extension host can have
 * one, set by code loaded for other purposes, e.g. after a file is encoded in latin1) it hands
 * its exports to that loader and leaves module.exports empty, and every syntax check after that
 * would be skipped. Hiding `define` for the synchronous require makes it take the CommonJS branch.
 */
function requireWithoutAmd<T>(load: () => T): T {
  const g = globalThis as { define?: unknown };
  if (!('define' in g)) return load();
  const saved = g.define;
  g.define = undefined;
  try {
    return load();
  } finally {
    g.define = saved;
  }
}

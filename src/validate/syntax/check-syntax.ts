import { lineTextAt } from '../format-problems';
import { diffLineArrays, splitLines } from '../line-diff';
import { lastNonBlankLine, selectNewProblems } from '../novelty';
import { MAX_PROBLEMS, type ChangedRange, type RawProblem, type SyntaxProblem } from '../types';
import { defaultWasmDirs } from '../wasm-files';
import { bracketBalanceDelta, hintFor } from './hints';
import { jsonProblems } from './json-checker';
import { checkerFor, type CheckerSpec } from './languages';
import { pythonIndentationProblems } from './python-indentation';
import { DEFAULT_PARSE_BUDGET_MS, IncrementalParser } from './incremental-parser';
import { loadGrammar, type LoadedGrammar } from './tree-sitter-runtime';
import { ParseAbandoned, treeSitterProblems } from './tree-sitter-checker';
import { yamlProblems } from './yaml-checker';

export interface CheckSyntaxInput {
  /** VS Code language id of the document (e.g. 'c', 'typescriptreact', 'json'). */
  languageId: string;
  /** The text the edit was computed from. */
  baseText: string;
  /** The text the edit would produce. */
  candidateText: string;
  /** The changed line blocks; computed by a line diff of the two texts when omitted. */
  changedRanges?: ChangedRange[];
  /** Where to find the tree-sitter wasm files; defaults to configureSyntaxChecks() or defaultWasmDirs(). */
  wasmDirs?: readonly string[];
}

export interface SyntaxCheckResult {
  /** False when no checker applies to the language or its grammar could not be loaded. */
  checked: boolean;
  /** Which checker ran: 'jsonc-parser', 'yaml', 'tree-sitter:<grammar>'. */
  checker?: string;
  /** Problems the edit introduced, first MAX_PROBLEMS (10) of them, in text order. */
  newErrors: SyntaxProblem[];
  /** How many problems the edit introduced in all (newErrors is capped). */
  newErrorCount: number;
  /** How many of the candidate's problems were already in the base text. */
  preexisting: number;
  /** Why the text was not checked, when checked is false and a checker was expected. */
  skippedReason?: string;
}

let configuredDirs: readonly string[] | undefined;
let parseBudgetMs = DEFAULT_PARSE_BUDGET_MS;

/** Texts over this many characters are not parsed (a parse of that size outruns MAX_PARSE_MS). */
const MAX_CHECKED_CHARS = 2_000_000;

/**
 * Sets the directories searched for tree-sitter wasm files (the extension passes
 * defaultWasmDirs(context.extensionPath) at activation; grammars already loaded stay loaded)
 * and the base time budget of one parse (default 1000 ms, scaled by 1 + length / 200 000
 * characters; a text whose parse exceeds it is left unchecked, never blocked).
 */
export function configureSyntaxChecks(options: { wasmDirs?: readonly string[]; parseBudgetMs?: number }): void {
  if (options.wasmDirs) configuredDirs = [...options.wasmDirs];
  if (options.parseBudgetMs !== undefined) parseBudgetMs = options.parseBudgetMs;
}

/**
 * Checks the candidate text of an edit for syntax problems the edit introduced.
 *
 * The candidate is parsed first; when it has no problem (the usual case) the base is not
 * parsed at all. Otherwise the base's problems are computed too (cached: the base of the next
 * edit is usually this edit's candidate) and selectNewProblems() keeps only the new ones, so a
 * file already broken elsewhere stays editable. Unknown languages return { checked: false }
 * and never block. Never throws: a checker crash is reported as { checked: false, skippedReason }.
 */
export async function checkSyntax(input: CheckSyntaxInput): Promise<SyntaxCheckResult> {
  const spec = checkerFor(input.languageId);
  const unchecked = (skippedReason?: string): SyntaxCheckResult => ({ checked: false, newErrors: [], newErrorCount: 0, preexisting: 0, ...(skippedReason ? { skippedReason } : {}) });
  if (!spec) return unchecked();
  if (input.candidateText.length > MAX_CHECKED_CHARS) {
    // Such a parse would not finish within its budget anyway (it holds the host while it runs).
    return unchecked(`${input.languageId}: the text is over ${MAX_CHECKED_CHARS / 1_000_000} million characters; the syntax check is skipped for files this large`);
  }
  const runner = await problemRunner(spec, input.wasmDirs ?? configuredDirs ?? defaultWasmDirs());
  if (!runner.ok) return unchecked(runner.reason);
  try {
    const candidateProblems = cachedProblems(runner.checker, input.candidateText, runner.problems);
    const base = { checked: true, checker: runner.checker };
    if (candidateProblems.length === 0 || input.baseText === input.candidateText) {
      return { ...base, newErrors: [], newErrorCount: 0, preexisting: candidateProblems.length };
    }
    const baseProblems = cachedProblems(runner.checker, input.baseText, runner.problems);
    const baseLines = splitLines(input.baseText);
    const candidateLines = splitLines(input.candidateText);
    const ranges = input.changedRanges ?? diffLineArrays(baseLines, candidateLines);
    const ends = { baseLastLine: lastNonBlankLine(baseLines), candidateLastLine: lastNonBlankLine(candidateLines) };
    const { fresh: all, preexisting } = selectNewProblems(baseProblems, candidateProblems, ranges, ends);
    const fresh = onePerPosition(all);
    const balance = bracketBalanceDelta(baseLines, candidateLines, ranges);
    const newErrors = fresh.slice(0, MAX_PROBLEMS).map((p) => ({
      line: p.line,
      column: p.column,
      message: p.message,
      lineText: lineTextAt(candidateLines, p.line),
      hint: hintFor(p, balance),
    }));
    return { ...base, newErrors, newErrorCount: fresh.length, preexisting };
  } catch (e) {
    // A checker that crashes or runs out of time must never block an edit.
    return unchecked(e instanceof ParseAbandoned ? `${runner.checker}: ${e.message}` : `${runner.checker} failed: ${String(e)}`);
  }
}

type Runner = { ok: true; checker: string; problems: (text: string) => RawProblem[] } | { ok: false; reason: string };

async function problemRunner(spec: CheckerSpec, dirs: readonly string[]): Promise<Runner> {
  switch (spec.kind) {
    case 'json':
      return { ok: true, checker: `jsonc-parser:${spec.languageId}`, problems: (t) => jsonProblems(t, spec.languageId) };
    case 'yaml':
      return { ok: true, checker: 'yaml', problems: yamlProblems };
    case 'tree-sitter': {
      const load = await loadGrammar(spec.grammar, dirs);
      if (!load.ok) return load;
      const parser = incrementalParserFor(load.grammar);
      const problems = spec.pythonIndentation
        ? (t: string) => sortByPosition([...treeSitterProblems(parser, t), ...pythonIndentationProblems(t)])
        : (t: string) => treeSitterProblems(parser, t);
      return { ok: true, checker: `tree-sitter:${spec.grammar}`, problems };
    }
  }
}

const parsers = new WeakMap<LoadedGrammar, IncrementalParser>();

/** One incremental parser per loaded grammar, so consecutive edits of a file re-parse only what changed. */
function incrementalParserFor(grammar: LoadedGrammar): IncrementalParser {
  let p = parsers.get(grammar);
  if (!p) {
    p = new IncrementalParser(grammar, parseBudgetMs);
    parsers.set(grammar, p);
  }
  p.budgetMs = parseBudgetMs;
  return p;
}

/**
 * Keeps the first problem at each line:column: parsers sometimes report one mistake twice
 * at the same spot (jsonc-parser: "property name expected" and "value expected" for a trailing
 * comma), which would only cost the model tokens.
 */
function onePerPosition<P extends RawProblem>(problems: readonly P[]): P[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const at = `${p.line}:${p.column}`;
    if (seen.has(at)) return false;
    seen.add(at);
    return true;
  });
}

function sortByPosition(problems: RawProblem[]): RawProblem[] {
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** A few recent (checker, text) → problems results; texts compare by identity of content. */
const CACHE_SIZE = 4;
const cache: Array<{ checker: string; text: string; problems: RawProblem[] }> = [];

function cachedProblems(checker: string, text: string, compute: (t: string) => RawProblem[]): RawProblem[] {
  const hit = cache.findIndex((c) => c.checker === checker && c.text.length === text.length && c.text === text);
  if (hit >= 0) return cache[hit].problems;
  const problems = compute(text);
  cache.unshift({ checker, text, problems });
  if (cache.length > CACHE_SIZE) cache.pop();
  return problems;
}

import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { lineTextAt, oneLine } from '../format-problems';
import { diffLineArrays, splitLines } from '../line-diff';
import { lastNonBlankLine, selectNewProblems } from '../novelty';
import { MAX_PROBLEMS, type ChangedRange, type RawProblem, type SyntaxProblem } from '../types';
import { parseValidatorOutput } from './parse-output';
import { runProcess, type ProcessOutcome } from './run-process';
import { substituteFile } from './substitute';

export const DEFAULT_VALIDATOR_TIMEOUT_MS = 10_000;

export interface ExternalValidatorInput {
  languageId: string;
  /** Program and arguments; `${file}` is replaced by the temp copy's path, `${fileDirname}` by sourceDir. */
  argv: readonly string[];
  baseText: string;
  candidateText: string;
  /** Extension for the temp copy, with or without the dot (e.g. ".c"); compilers pick modes by it. */
  fileExtension: string;
  /** Kill the validator after this long; default 10 000 ms. Applies to each run (base and candidate run in parallel). */
  timeoutMs?: number;
  /** Base name for the temp copy instead of "input<ext>" (Java wants the class name). */
  fileBaseName?: string;
  changedRanges?: ChangedRange[];
  /** Directory of the real document, substituted for `${fileDirname}` (e.g. in `-I${fileDirname}`). */
  sourceDir?: string;
}

export interface ExternalValidatorResult {
  /** False when the validator could not run on the candidate (not found, timed out). */
  ran: boolean;
  /** Problems the edit introduced (at most MAX_PROBLEMS). */
  newErrors: SyntaxProblem[];
  newErrorCount: number;
  /** The validator's exit code on the candidate (null when killed or not started). */
  exitCode: number | null;
  timedOut: boolean;
  /** Why the validator did not run, or its first output line when its output was not parseable. */
  detail?: string;
}

/**
 * Runs an external validator on a temp copy of the candidate text and reports only the
 * problems the edit introduced.
 *
 * Each text is written to its own private temp directory (mkdtemp, same base name, so the
 * validator's messages are comparable) and the directories are removed afterwards, whatever
 * happens. The base text is validated too (in parallel; results for recent base texts are
 * cached) and problems are compared like the syntax checks (selectNewProblems). When the
 * output has no parseable location but the validator fails on the candidate and succeeds on
 * the base, one problem at line 1 carries the first line of its output.
 * Never throws; a timeout gives { ran: false, timedOut: true }, which must not block an edit
 * on its own (the caller decides).
 */
export async function runExternalValidator(input: ExternalValidatorInput): Promise<ExternalValidatorResult> {
  const timeoutMs = input.timeoutMs ?? DEFAULT_VALIDATOR_TIMEOUT_MS;
  const ext = input.fileExtension === '' || input.fileExtension.startsWith('.') ? input.fileExtension : `.${input.fileExtension}`;
  const baseName = input.fileBaseName ? path.basename(input.fileBaseName) : `input${ext}`;
  const [candidate, base] = await Promise.all([
    cachedRun(input.argv, input.candidateText, baseName, timeoutMs, input.sourceDir),
    input.baseText === input.candidateText ? undefined : cachedRun(input.argv, input.baseText, baseName, timeoutMs, input.sourceDir),
  ]);
  const common = { exitCode: candidate.exitCode, timedOut: candidate.timedOut };
  if (!candidate.started || candidate.timedOut) {
    return { ran: false, newErrors: [], newErrorCount: 0, ...common, detail: candidate.timedOut ? `timed out after ${timeoutMs} ms` : candidate.error };
  }
  const candidateLines = splitLines(input.candidateText);
  let candidateProblems = candidate.problems;
  let baseProblems: RawProblem[] = base?.problems ?? candidateProblems;
  if (candidateProblems.length === 0 && candidate.exitCode !== 0 && base && base.exitCode === 0) {
    // Failed without a location we can read: report the failure itself, once.
    const first = firstLine(candidate.stderr) || firstLine(candidate.stdout) || `exited with code ${candidate.exitCode}`;
    candidateProblems = [{ line: 1, column: 1, key: 'EXT:unparsed', message: first }];
    baseProblems = [];
  }
  const baseLines = splitLines(input.baseText);
  const ranges = input.changedRanges ?? diffLineArrays(baseLines, candidateLines);
  const ends = { baseLastLine: lastNonBlankLine(baseLines), candidateLastLine: lastNonBlankLine(candidateLines) };
  const { fresh } = base ? selectNewProblems(baseProblems, candidateProblems, ranges, ends) : { fresh: [] as RawProblem[] };
  // A base that could not be validated excuses nothing: say so, so a block can be explained.
  const detail = base && (!base.started || base.timedOut) ? 'the base text could not be validated; all problems count as new' : undefined;
  const newErrors = fresh.slice(0, MAX_PROBLEMS).map((p) => ({
    line: p.line,
    column: p.column,
    message: oneLine(p.message, 200),
    lineText: lineTextAt(candidateLines, p.line),
    hint: `reported by ${path.basename(input.argv[0] ?? 'validator')}`,
  }));
  return { ran: true, newErrors, newErrorCount: fresh.length, ...common, ...(detail ? { detail } : {}) };
}

interface TextRun extends ProcessOutcome {
  problems: RawProblem[];
}

async function validateText(argv: readonly string[], text: string, baseName: string, timeoutMs: number, sourceDir: string | undefined): Promise<TextRun> {
  let dir: string | undefined;
  try {
    dir = await mkdtemp(path.join(tmpdir(), 'ase-validate-'));
    const work = path.join(dir, 'src');
    await mkdir(work);
    const file = path.join(work, baseName);
    await writeFile(file, text, { encoding: 'utf8', mode: 0o600 });
    const outcome = await runProcess(substituteFile(argv, file, sourceDir ?? work), work, timeoutMs);
    return { ...outcome, problems: parseValidatorOutput(`${outcome.stderr}\n${outcome.stdout}`, baseName) };
  } catch (e) {
    return { started: false, exitCode: null, timedOut: false, stdout: '', stderr: '', error: String(e), problems: [] };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Recent runs by (argv, name, text): the base of the next edit is usually this one's candidate. */
const baseCache: Array<{ key: string; text: string; run: Promise<TextRun> }> = [];
const BASE_CACHE_SIZE = 4;

function cachedRun(argv: readonly string[], text: string, baseName: string, timeoutMs: number, sourceDir: string | undefined): Promise<TextRun> {
  const key = JSON.stringify([argv, baseName, sourceDir ?? '']);
  const hit = baseCache.find((c) => c.key === key && c.text === text);
  if (hit) return hit.run;
  const run = validateText(argv, text, baseName, timeoutMs, sourceDir);
  // Only conclusive runs are worth remembering; a timeout or spawn failure is retried next time.
  void run.then((r) => {
    if (!r.started || r.timedOut) {
      const i = baseCache.findIndex((c) => c.run === run);
      if (i >= 0) baseCache.splice(i, 1);
    }
  });
  baseCache.unshift({ key, text, run });
  if (baseCache.length > BASE_CACHE_SIZE) baseCache.pop();
  return run;
}

function firstLine(s: string): string {
  return oneLine(s.split(/\r?\n/).find((l) => l.trim() !== '') ?? '', 200);
}

import * as nodePath from 'node:path';
import { checkSyntax } from '../../validate/syntax/check-syntax';
import { runExternalValidator } from '../../validate/external/run-external-validator';
import { formatProblems } from '../../validate/format-problems';
import type { SyntaxProblem } from '../../validate/types';
import type { SafeEditSettings } from '../../core/settings';
import type { ToolResultJson } from '../results/tool-result';

export interface CandidateCheck {
  /** Set when the edit must not be applied (mode block and new problems). */
  blocked?: ToolResultJson;
  /** New problems reported without blocking (mode warn), one line each. */
  warnings?: string[];
  /** Which checks ran ("tree-sitter:c", "gcc"), for the result. */
  checkers: string[];
}

/**
 * Checks an edit's candidate text before anything is touched: the built-in syntax check and,
 * when configured for the language, an external validator. Only problems the edit introduced
 * count (a file already broken elsewhere stays editable).
 */
export async function checkCandidate(args: {
  languageId: string;
  displayPath: string;
  /** The file's folder on disk, for validators that resolve includes (${fileDirname}). */
  sourceDir: string;
  baseText: string;
  candidateText: string;
  skip: boolean;
  settings: SafeEditSettings;
}): Promise<CandidateCheck> {
  const { settings } = args;
  if (args.skip || settings.validationMode === 'off') return { checkers: [] };
  const problems: SyntaxProblem[] = [];
  const checkers: string[] = [];
  const syntax = await checkSyntax({ languageId: args.languageId, baseText: args.baseText, candidateText: args.candidateText });
  if (syntax.checked && syntax.checker) checkers.push(syntax.checker);
  problems.push(...syntax.newErrors);
  const argv = settings.validators[args.languageId];
  if (Array.isArray(argv) && argv.length > 0 && argv.every((a) => typeof a === 'string')) {
    const ext = nodePath.extname(args.displayPath);
    const external = await runExternalValidator({
      languageId: args.languageId,
      argv,
      baseText: args.baseText,
      candidateText: args.candidateText,
      fileExtension: ext,
      fileBaseName: nodePath.basename(args.displayPath),
      timeoutMs: settings.validatorTimeoutMs,
      sourceDir: args.sourceDir,
    });
    if (external.ran) checkers.push(argv[0]);
    problems.push(...external.newErrors);
  }
  if (problems.length === 0) return { checkers };
  const lines = formatProblems(problems);
  if (settings.validationMode === 'warn') return { checkers, warnings: lines };
  const first = problems[0];
  return {
    checkers,
    blocked: {
      success: false,
      error_type: 'VALIDATION_FAILED',
      message: `The edit would introduce ${problems.length === 1 ? 'a syntax error' : `${problems.length} syntax errors`} in ${args.displayPath}, first at line ${first.line}:${first.column}: ${first.message}. ${first.hint} Nothing was applied; fix the edit (or pass skip_validation: true if the check is wrong).`,
      path: args.displayPath,
      line: first.line,
      column: first.column,
      line_text: first.lineText,
      hint: first.hint,
      problems: lines,
      checkers,
    },
  };
}

import { checkSyntax } from '../validate/syntax/check-syntax';
import { formatProblems } from '../validate/format-problems';
import type { SafeEditSettings } from '../core/settings';
import type { ToolResultJson } from '../tools/tool-result';
import { languageIdForName } from '../workspace/language-by-name';

export interface HeadlessCheck {
  blocked?: ToolResultJson;
  warnings?: string[];
  checkers: string[];
}

/**
 * The syntax check on an edit's candidate text, before anything is touched: the extension's
 * built-in checks (tree-sitter, JSON, YAML, Python indentation), counting only problems the
 * edit introduced, with the extension's VALIDATION_FAILED result. External validators
 * (safeEdit.validators) come from VS Code settings, which the headless server does not have.
 */
export async function checkHeadlessCandidate(args: { realPath: string; displayPath: string; baseText: string; candidateText: string; skip: boolean; settings: SafeEditSettings }): Promise<HeadlessCheck> {
  if (args.skip || args.settings.validationMode === 'off') return { checkers: [] };
  const syntax = await checkSyntax({ languageId: languageIdForName(args.realPath), baseText: args.baseText, candidateText: args.candidateText });
  const checkers = syntax.checked && syntax.checker ? [syntax.checker] : [];
  const problems = syntax.newErrors;
  if (problems.length === 0) return { checkers };
  const lines = formatProblems(problems);
  if (args.settings.validationMode === 'warn') return { checkers, warnings: lines };
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

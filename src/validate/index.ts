/**
 * Public API of the validation layer (plain Node; diagnostics-settle.ts, which needs
 * `vscode`, is imported separately by the tool layer).
 */
export { checkSyntax, configureSyntaxChecks, type CheckSyntaxInput, type SyntaxCheckResult } from './syntax/check-syntax';
export { checkedLanguageIds } from './syntax/languages';
export { runExternalValidator, DEFAULT_VALIDATOR_TIMEOUT_MS, type ExternalValidatorInput, type ExternalValidatorResult } from './external/run-external-validator';
export { defaultValidators, isOnPath } from './external/defaults';
export { newDiagnostics, formatNewDiagnostics, type EditTexts, type NewDiagnostic, type PlainDiagnostic } from './diagnostics-compare';
export { shouldWaitForDiagnostics, languagesWithActivatingExtensions, BUILTIN_DIAGNOSTIC_LANGUAGES } from './diagnostics-providers';
export { formatProblems } from './format-problems';
export { diffLineRanges, splitLines } from './line-diff';
export { lastNonBlankLine, type TextEnds } from './novelty';
export { VALIDATION_WASM_FILES, defaultWasmDirs, resolveWasmFile } from './wasm-files';
export { MAX_PROBLEMS, type ChangedRange, type SyntaxProblem } from './types';

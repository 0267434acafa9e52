// Source of `contributes.configuration` in package.json (run after editing; rewrites that section).
import { readFileSync, writeFileSync } from 'node:fs';

const int = (def, min, max, description) => ({ type: 'integer', default: def, minimum: min, ...(max !== undefined ? { maximum: max } : {}), description });
const properties = {
  'safeEdit.patchFailureLimit': int(2, 1, 20, 'Consecutive invalid safe_patch diffs on one file after which the tool tells the model to switch to write_file.'),
  'safeEdit.editFailureLoopLimit': int(3, 2, 50, 'Failed edits on one file (by any editing tool, reads in between do not reset it) that count as a failure loop.'),
  'safeEdit.repeatedCall.warnAt': int(5, 2, 100, 'Identical consecutive tool calls after which the result carries a warning.'),
  'safeEdit.repeatedCall.refuseAt': int(10, 3, 200, 'Identical consecutive tool calls after which the call is refused (REPEATED_CALL).'),
  'safeEdit.repeatedBadInputLimit': int(5, 2, 100, 'Identical invalid inputs after which the tool answers with the required input shape and an example.'),
  'safeEdit.counters.idleResetMinutes': int(30, 1, 1440, 'Failure counters and loop memory are cleared after this many idle minutes.'),
  'safeEdit.writeGuard.minBytes': int(1000, 0, undefined, 'write_file\'s shrink guard applies to existing files larger than this many bytes.'),
  'safeEdit.writeGuard.maxShrinkPercent': int(90, 1, 100, 'write_file refuses to shrink such a file by more than this percentage unless allow_size_reduce is true.'),
  'safeEdit.duplicateWindowLines': int(10, 0, 1000, 'edit_lines refuses an insert whose lines already stand within this many lines of the target (0 disables).'),
  'safeEdit.maxFileSizeMB': int(10, 1, 512, 'Largest file the tools read or edit, in MB.'),
  'safeEdit.backups.maxEntriesPerFile': int(50, 1, 10000, 'Automatic backups kept per file (oldest dropped first; the newest is always kept).'),
  'safeEdit.backups.maxTotalMB': int(200, 1, 100000, 'Total size of the backup store, in MB (oldest dropped first).'),
  'safeEdit.turns.quietGapMinutes': int(2, 1, 120, 'Edits separated by more than this gap belong to different agent turns (when the chat request cannot be identified).'),
  'safeEdit.validation.mode': { type: 'string', enum: ['block', 'warn', 'off'], default: 'block', enumDescriptions: ['Refuse an edit that introduces a syntax error (VALIDATION_FAILED).', 'Apply it and report the new syntax errors.', 'No syntax check before applying.'], description: 'What to do when an edit would introduce a syntax error.' },
  'safeEdit.validators': { type: 'object', default: {}, additionalProperties: { type: 'array', items: { type: 'string' } }, markdownDescription: 'External validators per language id, run on a temp copy of the candidate text, argv only (no shell); `${file}` is the temp file. Example: `{"c": ["gcc", "-fsyntax-only", "-x", "c", "${file}"]}`.' },
  'safeEdit.validatorTimeoutMs': int(10000, 100, 120000, 'Timeout of an external validator run.'),
  'safeEdit.diagnostics.maxWaitMs': int(2000, 0, 30000, 'After an edit, how long to wait at most for the file\'s diagnostics to settle.'),
  'safeEdit.diagnostics.includeWarnings': { type: 'boolean', default: false, description: 'Report new warnings too, not only new errors.' },
  'safeEdit.diagnostics.onNewErrors': { type: 'string', enum: ['report', 'rollback'], default: 'report', description: 'When an applied edit produced new error diagnostics: report them in the tool result, or roll the edit back.' },
  'safeEdit.execute.defaultTimeoutMs': int(60000, 100, undefined, 'Default timeout of execute_program.'),
  'safeEdit.execute.maxTimeoutMs': int(600000, 1000, undefined, 'Largest timeout_ms execute_program accepts.'),
  'safeEdit.execute.maxOutputKB': int(64, 1, 10240, 'Captured stdout/stderr per stream (head and tail kept).'),
  'safeEdit.execute.allowInlineCode': { type: 'boolean', default: false, scope: 'machine', markdownDescription: 'Let `execute_program` run code given on its command line (`sh -c`, `python -c`, `node -e`, `pwsh -Command`, `cmd /c`…) and git calls that change what git runs (`git -c`, `git config`, `--exec-path`, `submodule foreach`…). Off: such calls are refused. On: each one is still asked in a dialog every time, even when the tool is always allowed. User settings only; a workspace cannot set it.' },
  'safeEdit.execute.allowProtectedPathArguments': { type: 'boolean', default: false, scope: 'machine', markdownDescription: 'Let `execute_program` take arguments that name a protected file (`.vscode/*.json`, workflows, `.env*`, lockfiles, `safeEdit.protectedFiles`…) or anything inside `.git`. Off: such calls are refused. On: each one is still asked in a dialog every time, even when the tool is always allowed. User settings only; a workspace cannot set it.' },
  'safeEdit.protectedFiles': { type: 'array', items: { type: 'string' }, default: [], description: 'Extra glob patterns (workspace-relative) of files whose edits need your explicit consent, in addition to the built-in list (.vscode/*.json, .github/workflows/**, .env*, lockfiles, …).' },
};

const pkgPath = new URL('../package.json', import.meta.url);
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
pkg.contributes = { ...(pkg.contributes ?? {}), configuration: { title: 'Agent Safe Edit', properties } };
writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
console.log(`wrote ${Object.keys(properties).length} settings into package.json`);

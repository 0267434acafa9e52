import { SETTING_SPECS, type SettingSpec } from '../settings/specs';
import type { JsonSchema } from './json-schema';

/**
 * package.json's `contributes.configuration`, generated: each setting's type, default, range
 * and the sentence on what a workspace may do come from src/core/settings/specs.ts (the values
 * the extension clamps to), so they are written once; only the wording lives here. The order
 * here is the order the Settings editor shows.
 */
interface SettingText {
  /** What the setting does; the generated range and workspace-policy sentences follow it. */
  text: string;
  /** The text uses Markdown (code spans), so it goes to `markdownDescription`. */
  markdown?: true;
  /** One per enum value, in the order the values are shown (see enumValues). */
  enumDescriptions?: readonly string[];
}

export const SETTING_TEXTS: Readonly<Record<string, SettingText>> = Object.freeze({
  patchFailureLimit: { text: 'Consecutive invalid safe_patch diffs on one file after which the tool tells the model to switch to write_file.' },
  editFailureLoopLimit: { text: 'Failed edits on one file (by any editing tool, reads in between do not reset it) that count as a failure loop.' },
  'repeatedCall.warnAt': { text: 'Identical consecutive tool calls after which the result carries a warning.' },
  'repeatedCall.refuseAt': { text: 'Identical consecutive tool calls after which the call is refused (REPEATED_CALL).' },
  repeatedBadInputLimit: { text: 'Identical invalid inputs after which the tool answers with the required input shape and an example.' },
  'counters.idleResetMinutes': { text: 'Failure counters and loop memory are cleared after this many idle minutes.' },
  'writeGuard.minBytes': { text: "write_file's shrink guard applies to existing files larger than this many bytes." },
  'writeGuard.maxShrinkPercent': { text: 'write_file refuses to shrink such a file by more than this percentage unless allow_size_reduce is true.' },
  duplicateWindowLines: { text: 'edit_lines refuses an insert whose lines already stand within this many lines of the target (0 disables).' },
  maxFileSizeMB: { text: 'Largest file the tools read or edit, in MB.' },
  'backups.maxEntriesPerFile': { text: 'Restorable versions kept per file, and failed attempts kept per file, counted apart (oldest dropped first). The oldest version of a file and its state before each agent turn are kept whatever this says.' },
  'backups.maxTotalMB': { text: "Total size of the backup store, in MB: the history's snapshots and the workspace checkpoints together (`safeEdit.checkpoints.*`). Over it, old checkpoints go first (never a folder's newest, nor one a recording still uses), then failed attempts, then older versions, then whole agent turns, oldest first. One checkpoint records at most half of this, and checkpoints still in use never take the history's half. What was evicted, and why the store is over the cap when what it must keep is larger, is shown on the dashboard.", markdown: true },
  'checkpoints.maxFileBytes': { text: 'Workspace checkpoints: a file larger than this many bytes is left out of a checkpoint (listed as `too_large`; a restore never treats it as absent). Default 16 MB.', markdown: true },
  'checkpoints.maxTotalBytes': { text: 'Workspace checkpoints: files are recorded, in path order, until their bytes reach this or half of `safeEdit.backups.maxTotalMB`, whichever is less (100 MB at the defaults: checkpoints are kept in the backup store and count against its size); the rest are left out (listed as `total_cap`; a restore never treats them as absent). Default 1 GB.', markdown: true },
  'turns.quietGapMinutes': { text: 'Edits separated by more than this gap belong to different agent turns (when the chat request cannot be identified).' },
  'writers.recordTurns': { text: "During an agent turn, record in the history what other writers change: Copilot's own edit tools, the terminal, tasks, formatters, other programs (found by a file watcher and workspace checkpoints kept in the backup store, never in .git). Roll Back Agent Turn then restores those files too. Your own typing and saves are recorded as yours and are never rolled back unless you pick them. execute_program's changes are recorded whatever this says." },
  'hooks.recordInWindow': { text: "Let other agents' hooks (`agent-safe-edit hook`, set up by \"Set Up Agent Safe Edit for Other Agents…\") hand their tool calls to this window while it has their folder open: their edits and shell commands are then in this window's Edit History, and Roll Back Agent Turn reaches them. The window listens on 127.0.0.1 with a token new at every start, published only in a file you alone can read (under your state directory, never in a workspace). Off: no endpoint; since the window still holds the folder's history, the hooks cannot record and say so on stderr. A workspace (repository) setting may only turn it on.", markdown: true },
  'writers.turnTailSeconds': { text: "Changes other writers make up to this many seconds after the agent's last activity (a call of our tools, an edit by an agent's own tool) still belong to the agent's turn; later ones are not recorded." },
  'validation.mode': { text: 'What to do when an edit would introduce a syntax error.', enumDescriptions: ['Refuse an edit that introduces a syntax error (VALIDATION_FAILED).', 'Apply it and report the new syntax errors.', 'No syntax check before applying.'] },
  validators: { text: 'External validators per language id, run on a temp copy of the candidate text, argv only (no shell); `${file}` is the temp file. Example: `{"c": ["gcc", "-fsyntax-only", "-x", "c", "${file}"]}`.', markdown: true },
  validatorTimeoutMs: { text: 'Timeout of an external validator run.' },
  'diagnostics.maxWaitMs': { text: "After an edit, how long to wait at most for the file's diagnostics to settle." },
  'diagnostics.includeWarnings': { text: 'Report new warnings too, not only new errors.' },
  'diagnostics.onNewErrors': { text: 'When an applied edit produced new error diagnostics: report them in the tool result, or roll the edit back.' },
  'execute.defaultTimeoutMs': { text: 'Default timeout of execute_program.' },
  'execute.maxTimeoutMs': { text: 'Largest timeout_ms execute_program accepts.' },
  'execute.maxOutputKB': { text: 'Captured stdout/stderr per stream (head and tail kept).' },
  'execute.allowInlineCode': { text: 'Let `execute_program` run code given on its command line (`sh -c`, `python -c`, `node -e`, `pwsh -Command`, `cmd /c`…) and git calls that change what git runs (`git -c`, `git config`, `--exec-path`, `submodule foreach`…). Off: such calls are refused. On: each one is still asked in a dialog every time, even when the tool is always allowed.', markdown: true },
  'execute.allowProtectedPathArguments': { text: 'Let `execute_program` take arguments that name a protected file (`.vscode/*.json`, workflows, `.env*`, lockfiles, `safeEdit.protectedFiles`…) or anything inside `.git`. Off: such calls are refused. On: each one is still asked in a dialog every time, even when the tool is always allowed.', markdown: true },
  'mcp.enabled': { text: 'Serve the tools to MCP clients (Agent Host sessions, Claude Code, Cursor, Codex, Cline…) from a server inside this window, bound to 127.0.0.1. Every request carries a bearer token that is new at every start of the server; clients get it from VS Code or through the helper that "Agent Safe Edit: Write MCP Configuration for Other Agents…" sets up (it reads a file only you can read, removed when the server stops), never from a file in the workspace. Same guards, consent, backups and history as the chat tools. Off: no server listens.' },
  'mcp.offerToVSCode': { text: 'Offer the MCP server to VS Code\'s own chat too (it always is while chat.agentHost.enabled is on): for Agent Host sessions, which take MCP servers but extension tools only from enabled tool sets. Off by default: the chat has the tools already, and each would be offered to the model twice.' },
  'mcp.allowExecuteProgram': { text: 'Let MCP clients (Claude Code, Cursor, Agent Host sessions and other agents that reach the tools over MCP) use `execute_program`. Off: their calls are refused with PERMISSION_DENIED. On: every run is still asked in a dialog here, naming the program, its arguments and its folder.', markdown: true },
  protectedFiles: { text: 'Extra glob patterns (workspace-relative) of files whose edits need your explicit consent, in addition to the built-in list (.vscode/*.json, .github/workflows/**, .env*, lockfiles, …).' },
});

const TITLE = 'Agent Safe Edit';

/** The `contributes.configuration` section; throws when a spec and a text do not pair up. */
export function configurationSection(): { title: string; properties: Record<string, JsonSchema> } {
  const missing = Object.keys(SETTING_SPECS).filter((k) => !(k in SETTING_TEXTS)).concat(Object.keys(SETTING_TEXTS).filter((k) => !(k in SETTING_SPECS)));
  if (missing.length) throw new Error(`settings without both a spec and a text: ${missing.join(', ')}`);
  const properties: Record<string, JsonSchema> = {};
  for (const [key, text] of Object.entries(SETTING_TEXTS)) properties[`safeEdit.${key}`] = settingSchema(SETTING_SPECS[key], text);
  return { title: TITLE, properties };
}

function settingSchema(spec: SettingSpec, text: SettingText): JsonSchema {
  const describe = (sentences: string): JsonSchema => (text.markdown ? { markdownDescription: sentences } : { description: sentences });
  switch (spec.kind) {
    case 'integer':
      return {
        type: spec.fractional ? 'number' : 'integer', default: spec.default, minimum: spec.min, maximum: spec.max,
        ...describe(`${text.text} Range ${spec.min}–${spec.max} (values outside are clamped).${workspaceMay(spec.safer === 'neutral' ? undefined : `${spec.safer === 'lower' ? 'lower' : 'raise'} it`)}`),
      };
    case 'enum':
      return {
        type: 'string', enum: enumValues(spec.values, spec.default), default: spec.default,
        ...(text.enumDescriptions ? { enumDescriptions: [...text.enumDescriptions] } : {}),
        ...describe(`${text.text}${workspaceMay(spec.values.length === 2 ? `choose ${spec.values[0]}` : `make it stricter (${[...spec.values].reverse().join(' → ')})`)}`),
      };
    case 'boolean':
      // A user-only switch is machine-scoped too, so the Settings editor offers it in the user scope only.
      if (spec.userOnly) return { type: 'boolean', default: spec.default, scope: 'machine', ...describe(`${text.text} User settings only; a workspace cannot set it.`) };
      return { type: 'boolean', default: spec.default, ...describe(`${text.text}${workspaceMay(`turn it ${spec.safer ? 'on' : 'off'}`)}`) };
    case 'validators':
      return { type: 'object', default: {}, additionalProperties: { type: 'array', items: { type: 'string' } }, ...describe(`${text.text} Ignored from an untrusted workspace.`) };
    case 'globs':
      return { type: 'array', items: { type: 'string' }, default: [], ...describe(`${text.text} Your user list and the workspace list are combined: a workspace can add protections, never remove yours.`) };
  }
}

/** The sentence on what an untrusted workspace may do (nothing to say for a neutral setting). */
function workspaceMay(move: string | undefined): string {
  return move ? ` A workspace (repository) setting may only ${move} unless the workspace is trusted.` : '';
}

/** Enum values as shown: the default first, then the others strictest first (the spec's order). */
function enumValues(values: readonly string[], def: string): string[] {
  return [def, ...values.filter((v) => v !== def)];
}

import { SETTING_SPECS, type SettingSpec } from '../settings/specs';

/**
 * README.md's settings table: one row per setting, or per pair of settings read together
 * (a warn and a refuse threshold…), with a short meaning of its own. Defaults, ranges and
 * what an untrusted workspace may do come from src/core/settings/specs.ts, the values the
 * extension clamps to. The order is the Settings editor's (SETTING_TEXTS).
 */
interface SettingsRow {
  /** Setting keys without `safeEdit.`; two for a pair, shown as `safeEdit.a.b` / `c`. */
  keys: readonly [string] | readonly [string, string];
  meaning: string;
}

export const README_SETTINGS_ROWS: readonly SettingsRow[] = Object.freeze([
  { keys: ['patchFailureLimit'], meaning: 'invalid safe_patch diffs on a file before the switch-to-write_file message' },
  { keys: ['editFailureLoopLimit'], meaning: 'failed edits of a file that make a failure loop' },
  { keys: ['repeatedCall.warnAt', 'repeatedCall.refuseAt'], meaning: 'identical consecutive calls' },
  { keys: ['repeatedBadInputLimit'], meaning: 'identical invalid inputs before the shape is shown' },
  { keys: ['counters.idleResetMinutes'], meaning: 'idle time that clears the counters' },
  { keys: ['writeGuard.minBytes', 'writeGuard.maxShrinkPercent'], meaning: "write_file's shrink guard" },
  { keys: ['duplicateWindowLines'], meaning: "edit_lines' duplicate search window (0 = off)" },
  { keys: ['maxFileSizeMB'], meaning: 'largest file read or edited' },
  {
    keys: ['backups.maxEntriesPerFile', 'backups.maxTotalMB'],
    meaning:
      "backup retention: restorable versions and failed attempts are counted apart; the oldest version and each turn's before-state are kept whatever the count; only the size budget evicts them (oldest turn first). The size counts workspace checkpoints too: old checkpoints go before any history entry, one checkpoint records at most half of it, and checkpoints still in use never take the history's half",
  },
  { keys: ['checkpoints.maxFileBytes', 'checkpoints.maxTotalBytes'], meaning: 'workspace checkpoint caps in bytes: a file over the first, and the files past the second or past half of `backups.maxTotalMB` (whichever is less; in path order), are left out and listed, never taken for absent' },
  { keys: ['turns.quietGapMinutes'], meaning: 'gap that separates agent turns when the chat request is unknown' },
  { keys: ['writers.recordTurns', 'writers.turnTailSeconds'], meaning: "record other writers' changes during an agent turn (Copilot's own tools, the terminal, other programs), and how long after the agent's last activity they still count as the turn's" },
  { keys: ['hooks.recordInWindow'], meaning: "other agents' hooks hand their tool calls to this window (its Edit History, Roll Back Agent Turn); off: they record into the folder's headless store" },
  { keys: ['validation.mode'], meaning: '`block`, `warn` or `off` for syntax errors an edit introduces' },
  { keys: ['validators'], meaning: 'external validators per language id, argv with `${file}`, e.g. `{"c": ["gcc", "-fsyntax-only", "-x", "c", "${file}"]}`' },
  { keys: ['validatorTimeoutMs'], meaning: 'external validator timeout (a timed-out validator does not block)' },
  {
    keys: ['diagnostics.maxWaitMs'],
    meaning:
      "upper bound of the wait for diagnostics after an edit (0 = don't); the result waits only on a file that already has diagnostics, and problems that arrive later come with the next result as `problems_from_earlier_edits`",
  },
  { keys: ['diagnostics.includeWarnings'], meaning: 'report new warnings too' },
  { keys: ['diagnostics.onNewErrors'], meaning: '`report`, or `rollback` the edit' },
  { keys: ['execute.defaultTimeoutMs', 'execute.maxTimeoutMs'], meaning: 'execute_program timeouts (the default never exceeds the maximum)' },
  { keys: ['execute.maxOutputKB'], meaning: 'captured output per stream (head and tail kept)' },
  { keys: ['execute.allowInlineCode'], meaning: 'allow, each time asked, inline code (`sh -c`, `python -c`…) and git configuration changes in execute_program' },
  { keys: ['execute.allowProtectedPathArguments'], meaning: 'allow, each time asked, execute_program arguments naming protected files or `.git/`' },
  { keys: ['mcp.enabled'], meaning: 'serve the tools over MCP from inside this window (127.0.0.1, a token new at every start)' },
  { keys: ['mcp.offerToVSCode'], meaning: "offer that MCP server to VS Code's own chat even when Agent Host sessions are off" },
  { keys: ['mcp.allowExecuteProgram'], meaning: 'let MCP clients use `execute_program`, each run asked in a dialog' },
  { keys: ['protectedFiles'], meaning: "extra globs that need your consent to edit; the workspace's list is added to yours" },
]);

/** README's settings table (Markdown); throws when a setting has no row or two. */
export function settingsTable(): string {
  const listed = README_SETTINGS_ROWS.flatMap((row) => row.keys);
  const missing = Object.keys(SETTING_SPECS).filter((key) => !listed.includes(key));
  const unknownOrTwice = listed.filter((key, i) => !(key in SETTING_SPECS) || listed.indexOf(key) !== i);
  if (missing.length || unknownOrTwice.length)
    throw new Error(`README settings rows: missing ${missing.join(', ') || 'none'}; unknown or twice ${unknownOrTwice.join(', ') || 'none'}`);
  const lines = [tableLine(['setting', 'default', 'range', 'untrusted workspace may only', 'meaning']), '|---|---|---|---|---|'];
  for (const row of README_SETTINGS_ROWS) {
    const specs = row.keys.map((key) => SETTING_SPECS[key]);
    lines.push(tableLine([settingNames(row.keys), pairOf(specs.map(defaultOf)), pairOf(specs.map(rangeOf)), pairOf(specs.map(untrustedMayOnly), true), row.meaning]));
  }
  return lines.join('\n');
}

/** `safeEdit.a.b` and, for a pair, ` / \`c\`` with the second key's last part. */
function settingNames(keys: SettingsRow['keys']): string {
  const first = `\`safeEdit.${keys[0]}\``;
  return keys.length === 1 ? first : `${first} / \`${keys[1].split('.').pop()}\``;
}

/** A pair's two values as `a / b`; `collapse`: one value when both say the same. */
function pairOf(values: string[], collapse = false): string {
  if (values.every((v) => v === '')) return '';
  return collapse && values.every((v) => v === values[0]) ? values[0] : values.join(' / ');
}

function defaultOf(spec: SettingSpec): string {
  switch (spec.kind) {
    case 'integer':
    case 'boolean':
      return String(spec.default);
    case 'enum':
      return `\`${spec.default}\``;
    case 'validators':
      return '`{}`';
    case 'globs':
      return '`[]`';
  }
}

function rangeOf(spec: SettingSpec): string {
  return spec.kind === 'integer' ? `${spec.min}–${spec.max}` : '';
}

/** What a value from an untrusted workspace may do: the same rule the policy applies (src/core/settings/policy.ts). */
function untrustedMayOnly(spec: SettingSpec): string {
  switch (spec.kind) {
    case 'integer':
      return spec.safer === 'lower' ? 'lower' : spec.safer === 'higher' ? 'raise' : '(any)';
    case 'enum':
      return spec.values.length === 2 ? `choose \`${spec.values[0]}\`` : `tighten (${[...spec.values].reverse().join(' → ')})`;
    case 'boolean':
      if (spec.userOnly) return '(user settings only)';
      return spec.safer ? 'turn on' : 'turn off';
    case 'validators':
      return '(ignored)';
    case 'globs':
      return 'add';
  }
}

/** A table row; an empty cell is written `| |`, as the hand-written table had it. */
function tableLine(cells: string[]): string {
  return `|${cells.map((cell) => (cell ? ` ${cell} ` : ' ')).join('|')}|`;
}

/**
 * Every `safeEdit.*` setting: its default, its allowed range, and which way is SAFER.
 * package.json `contributes.configuration` declares the same defaults and ranges (a unit
 * test keeps them equal); the ranges are the clamps applied to any value from any scope.
 *
 * `safer` says which direction tightens the net: a workspace (repository) value in the
 * other direction counts only in a trusted window. `neutral` settings change behaviour but
 * protect nothing, so a workspace may set them (clamped) even untrusted.
 */
export type Direction = 'higher' | 'lower' | 'neutral';

export type SettingSpec =
  /** `fractional`: not rounded (a fraction of a minute is a meaningful gap). */
  | { kind: 'integer'; default: number; min: number; max: number; safer: Direction; fractional?: boolean }
  /** `values` strictest first: an untrusted workspace may only move towards the front. */
  | { kind: 'enum'; default: string; values: readonly string[] }
  /** `userOnly`: only the user's own value counts, whatever the trust (a loosening switch). */
  | { kind: 'boolean'; default: boolean; safer: boolean; userOnly?: boolean }
  /** protectedFiles: a union over scopes, so no scope can remove another's entries. */
  | { kind: 'globs'; maxEntries: number }
  /** validators: language id → argv; run programs, so never from an untrusted workspace. */
  | { kind: 'validators'; maxEntries: number };

const KB = 1024;
const MB = 1024 * KB;
const int = (def: number, min: number, max: number, safer: Direction): SettingSpec => ({ kind: 'integer', default: def, min, max, safer });

export const SETTING_SPECS: Readonly<Record<string, SettingSpec>> = Object.freeze({
  patchFailureLimit: int(2, 1, 20, 'lower'),
  editFailureLoopLimit: int(3, 2, 50, 'lower'),
  'repeatedCall.warnAt': int(5, 2, 100, 'lower'),
  'repeatedCall.refuseAt': int(10, 3, 200, 'lower'),
  repeatedBadInputLimit: int(5, 2, 100, 'lower'),
  'counters.idleResetMinutes': int(30, 1, 1440, 'higher'),
  'writeGuard.minBytes': int(1000, 0, 100_000, 'lower'),
  'writeGuard.maxShrinkPercent': int(90, 1, 95, 'lower'),
  duplicateWindowLines: int(10, 0, 1000, 'higher'),
  maxFileSizeMB: int(10, 1, 64, 'lower'),
  'backups.maxEntriesPerFile': int(50, 10, 10_000, 'higher'),
  'backups.maxTotalMB': int(200, 50, 100_000, 'higher'),
  // Checkpoint caps, in bytes: a higher cap records more of the workspace (a file over a cap is
  // left out, unknown to a restore), so a repository may only raise them unless trusted.
  'checkpoints.maxFileBytes': int(16 * MB, 64 * KB, 256 * MB, 'higher'), // read whole into memory: bounded
  'checkpoints.maxTotalBytes': int(1024 * MB, 16 * MB, 1024 * 1024 * MB, 'higher'),
  'turns.quietGapMinutes': { ...int(2, 0.1, 120, 'neutral'), fractional: true } as SettingSpec,
  // Recording other writers is the net: a repository may turn it on, never off against the user.
  'writers.recordTurns': { kind: 'boolean', default: true, safer: true },
  'writers.turnTailSeconds': int(60, 5, 3600, 'neutral'),
  // Other agents' writes recorded where the user looks: a repository may turn it on, never off.
  'hooks.recordInWindow': { kind: 'boolean', default: true, safer: true },
  'validation.mode': { kind: 'enum', default: 'block', values: ['block', 'warn', 'off'] },
  validators: { kind: 'validators', maxEntries: 200 },
  // A validator that times out does not block the edit, so a shorter timeout loosens.
  validatorTimeoutMs: int(10_000, 500, 120_000, 'higher'),
  'diagnostics.maxWaitMs': int(2000, 0, 30_000, 'higher'),
  'diagnostics.includeWarnings': { kind: 'boolean', default: false, safer: true },
  'diagnostics.onNewErrors': { kind: 'enum', default: 'report', values: ['rollback', 'report'] },
  'execute.defaultTimeoutMs': int(60_000, 100, 3_600_000, 'lower'),
  'execute.maxTimeoutMs': int(600_000, 1000, 3_600_000, 'lower'),
  'execute.maxOutputKB': int(64, 1, 10_240, 'neutral'),
  protectedFiles: { kind: 'globs', maxEntries: 1000 },
  // Switches that let execute_program run inline code or name protected paths: a repository
  // must never turn them on, trusted or not (package.json declares them machine-scoped too).
  'execute.allowInlineCode': { kind: 'boolean', default: false, safer: false, userOnly: true },
  'execute.allowProtectedPathArguments': { kind: 'boolean', default: false, safer: false, userOnly: true },
  // Off is the tighter choice: a workspace may turn the MCP server off, never on against the user.
  'mcp.enabled': { kind: 'boolean', default: true, safer: false },
  'mcp.offerToVSCode': { kind: 'boolean', default: false, safer: false },
  // An MCP client holds a token, not the chat's confirmation: running programs for it is a
  // choice only the user makes for themselves, never a repository.
  'mcp.allowExecuteProgram': { kind: 'boolean', default: false, safer: false, userOnly: true },
});

import * as vscode from 'vscode';

/**
 * A typed snapshot of the `safeEdit.*` settings; read fresh per tool call so changes apply at
 * once. They are window-scoped, so no resource is passed (VS Code warns when one is).
 */
export interface SafeEditSettings {
  patchFailureLimit: number;
  editFailureLoopLimit: number;
  repeatedCallWarnAt: number;
  repeatedCallRefuseAt: number;
  repeatedBadInputLimit: number;
  idleResetMinutes: number;
  writeGuardMinBytes: number;
  writeGuardMaxShrinkPercent: number;
  duplicateWindowLines: number;
  maxFileBytes: number;
  backupsMaxEntriesPerFile: number;
  backupsMaxTotalBytes: number;
  turnsQuietGapMs: number;
  validationMode: 'block' | 'warn' | 'off';
  validators: Record<string, string[]>;
  validatorTimeoutMs: number;
  diagnosticsMaxWaitMs: number;
  diagnosticsIncludeWarnings: boolean;
  diagnosticsOnNewErrors: 'report' | 'rollback';
  executeDefaultTimeoutMs: number;
  executeMaxTimeoutMs: number;
  executeMaxOutputBytes: number;
  protectedFiles: string[];
  /** execute_program may run inline code and git configuration changes (each call still asked). User settings only. */
  executeAllowInlineCode: boolean;
  /** execute_program may name protected files or .git internals in its arguments (each call still asked). User settings only. */
  executeAllowProtectedPathArguments: boolean;
}

export function readSettings(): SafeEditSettings {
  const c = vscode.workspace.getConfiguration('safeEdit');
  const n = (key: string, def: number) => {
    const v = c.get<number>(key, def);
    return typeof v === 'number' && Number.isFinite(v) ? v : def;
  };
  return {
    patchFailureLimit: n('patchFailureLimit', 2),
    editFailureLoopLimit: n('editFailureLoopLimit', 3),
    repeatedCallWarnAt: n('repeatedCall.warnAt', 5),
    repeatedCallRefuseAt: n('repeatedCall.refuseAt', 10),
    repeatedBadInputLimit: n('repeatedBadInputLimit', 5),
    idleResetMinutes: n('counters.idleResetMinutes', 30),
    writeGuardMinBytes: n('writeGuard.minBytes', 1000),
    writeGuardMaxShrinkPercent: n('writeGuard.maxShrinkPercent', 90),
    duplicateWindowLines: n('duplicateWindowLines', 10),
    maxFileBytes: n('maxFileSizeMB', 10) * 1024 * 1024,
    backupsMaxEntriesPerFile: n('backups.maxEntriesPerFile', 50),
    backupsMaxTotalBytes: n('backups.maxTotalMB', 200) * 1024 * 1024,
    turnsQuietGapMs: n('turns.quietGapMinutes', 2) * 60_000,
    validationMode: oneOf(c.get('validation.mode'), ['block', 'warn', 'off'] as const, 'block'),
    validators: (c.get<Record<string, string[]>>('validators') ?? {}) as Record<string, string[]>,
    validatorTimeoutMs: n('validatorTimeoutMs', 10000),
    diagnosticsMaxWaitMs: n('diagnostics.maxWaitMs', 2000),
    diagnosticsIncludeWarnings: c.get<boolean>('diagnostics.includeWarnings', false) === true,
    diagnosticsOnNewErrors: oneOf(c.get('diagnostics.onNewErrors'), ['report', 'rollback'] as const, 'report'),
    executeDefaultTimeoutMs: n('execute.defaultTimeoutMs', 60000),
    executeMaxTimeoutMs: n('execute.maxTimeoutMs', 600000),
    executeMaxOutputBytes: n('execute.maxOutputKB', 64) * 1024,
    protectedFiles: (c.get<string[]>('protectedFiles') ?? []).filter((s) => typeof s === 'string'),
    executeAllowInlineCode: userOnly(c, 'execute.allowInlineCode'),
    executeAllowProtectedPathArguments: userOnly(c, 'execute.allowProtectedPathArguments'),
  };
}

/**
 * A loosening switch read from the user's own settings only: a repository's
 * .vscode/settings.json (or a workspace file) must not be able to turn it on. The manifest
 * declares these "machine" scoped as well, so VS Code ignores workspace values itself.
 */
function userOnly(c: vscode.WorkspaceConfiguration, key: string): boolean {
  return c.inspect<boolean>(key)?.globalValue === true;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], def: T): T {
  return allowed.includes(value as T) ? (value as T) : def;
}

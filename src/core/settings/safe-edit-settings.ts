/**
 * A typed snapshot of the `safeEdit.*` settings, in the units the code uses (bytes, ms).
 * Built from the values {@link effectiveSettings} returns (already typed and clamped).
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
  /** Record what other writers change during an agent turn (Copilot's own tools, the terminal, other programs). */
  writersRecordTurns: boolean;
  /** How long after the agent's last activity other writers' changes still count as the turn's. */
  writersTurnTailMs: number;
  /** Other agents' hooks hand their calls to this window (src/mcp/hook-window.ts). */
  hooksRecordInWindow: boolean;
  /** Workspace checkpoints: the per-file and total caps, in bytes. */
  checkpointsMaxFileBytes: number;
  checkpointsMaxTotalBytes: number;
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
  /** Serve the tools over MCP on 127.0.0.1 (src/mcp/). */
  mcpEnabled: boolean;
  /** Give VS Code's chat the MCP server's definition even without Agent Host sessions. */
  mcpOfferToVSCode: boolean;
  /** execute_program may run for MCP clients (each call still asked in a dialog). User settings only. */
  mcpAllowExecuteProgram: boolean;
}

export function toSafeEditSettings(v: Record<string, unknown>): SafeEditSettings {
  const n = (key: string) => v[key] as number;
  const executeMaxTimeoutMs = n('execute.maxTimeoutMs');
  return {
    patchFailureLimit: n('patchFailureLimit'),
    editFailureLoopLimit: n('editFailureLoopLimit'),
    repeatedCallWarnAt: n('repeatedCall.warnAt'),
    repeatedCallRefuseAt: n('repeatedCall.refuseAt'),
    repeatedBadInputLimit: n('repeatedBadInputLimit'),
    idleResetMinutes: n('counters.idleResetMinutes'),
    writeGuardMinBytes: n('writeGuard.minBytes'),
    writeGuardMaxShrinkPercent: n('writeGuard.maxShrinkPercent'),
    duplicateWindowLines: n('duplicateWindowLines'),
    maxFileBytes: n('maxFileSizeMB') * 1024 * 1024,
    backupsMaxEntriesPerFile: n('backups.maxEntriesPerFile'),
    backupsMaxTotalBytes: n('backups.maxTotalMB') * 1024 * 1024,
    turnsQuietGapMs: n('turns.quietGapMinutes') * 60_000,
    writersRecordTurns: v['writers.recordTurns'] !== false,
    writersTurnTailMs: n('writers.turnTailSeconds') * 1000,
    hooksRecordInWindow: v['hooks.recordInWindow'] !== false,
    checkpointsMaxFileBytes: n('checkpoints.maxFileBytes'),
    checkpointsMaxTotalBytes: n('checkpoints.maxTotalBytes'),
    validationMode: v['validation.mode'] as SafeEditSettings['validationMode'],
    validators: v.validators as Record<string, string[]>,
    validatorTimeoutMs: n('validatorTimeoutMs'),
    diagnosticsMaxWaitMs: n('diagnostics.maxWaitMs'),
    diagnosticsIncludeWarnings: v['diagnostics.includeWarnings'] as boolean,
    diagnosticsOnNewErrors: v['diagnostics.onNewErrors'] as SafeEditSettings['diagnosticsOnNewErrors'],
    // A default above the maximum would be refused by the maximum anyway; keep them coherent.
    executeDefaultTimeoutMs: Math.min(n('execute.defaultTimeoutMs'), executeMaxTimeoutMs),
    executeMaxTimeoutMs,
    executeMaxOutputBytes: n('execute.maxOutputKB') * 1024,
    protectedFiles: v.protectedFiles as string[],
    executeAllowInlineCode: v['execute.allowInlineCode'] === true,
    executeAllowProtectedPathArguments: v['execute.allowProtectedPathArguments'] === true,
    mcpEnabled: v['mcp.enabled'] === true,
    mcpOfferToVSCode: v['mcp.offerToVSCode'] === true,
    mcpAllowExecuteProgram: v['mcp.allowExecuteProgram'] === true,
  };
}

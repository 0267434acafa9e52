import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { addAgentInstructionsCommand } from './add-instructions';
import { registerBackupDocuments } from './backup-documents';
import { clearBackupsCommand } from './clear-backups';
import { compareWithBackupCommand } from './compare-with-backup';
import { compareWithCurrentCommand, copySha256Command, revealFileCommand, rollbackToBeforeCommand } from './history-actions';
import { openLocalHistoryCommand } from './open-local-history';
import { resetFailureCountersCommand } from './reset-counters';
import { rollbackFileCommand } from './rollback-file';
import { redoTurnCommand } from './redo-turn';
import { rollbackTurnCommand } from './rollback-turn';
import { undoLastAgentEditCommand } from './undo-last-edit';

type Handler = (services: Services, arg: unknown) => unknown;

/** Command id → handler. Ids and titles are contributed in package.json (generated from src/core/catalog/commands.ts). */
const COMMANDS: Record<string, Handler> = {
  'agentSafeEdit.rollbackFile': rollbackFileCommand,
  'agentSafeEdit.undoLastAgentEdit': undoLastAgentEditCommand,
  'agentSafeEdit.compareWithBackup': compareWithBackupCommand,
  'agentSafeEdit.clearBackups': clearBackupsCommand,
  'agentSafeEdit.openLocalHistory': openLocalHistoryCommand,
  'agentSafeEdit.rollbackTurn': rollbackTurnCommand,
  'agentSafeEdit.redoTurn': redoTurnCommand,
  'agentSafeEdit.resetFailureCounters': resetFailureCountersCommand,
  'agentSafeEdit.addAgentInstructions': addAgentInstructionsCommand,
  'agentSafeEdit.history.compareWithCurrent': compareWithCurrentCommand,
  'agentSafeEdit.history.rollbackToBefore': rollbackToBeforeCommand,
  'agentSafeEdit.history.copySha256': copySha256Command,
  'agentSafeEdit.history.revealFile': revealFileCommand,
};

/** Commands that read the turns from the journal. */
const SETTLES_WRITERS = new Set(['agentSafeEdit.rollbackTurn']);

/**
 * Registers the command-palette and history-tree commands and the read-only backup document
 * provider. Each command takes one optional argument (see src/commands/args.ts) and returns
 * a CommandOutcome; an unexpected exception is shown to the user and returned as a failed
 * outcome rather than thrown into VS Code.
 */
export function registerCommands(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(registerBackupDocuments(services));
  for (const [id, handler] of Object.entries(COMMANDS)) {
    context.subscriptions.push(vscode.commands.registerCommand(id, async (arg: unknown) => {
      try {
        // What other writers changed in the current turn is recorded before the turn is read.
        if (SETTLES_WRITERS.has(id)) await services.writers?.settle();
        return await handler(services, arg);
      } catch (e) {
        const message = `Agent Safe Edit: ${id} failed: ${e instanceof Error ? e.message : String(e)}`;
        services.log(message);
        void vscode.window.showErrorMessage(message);
        return { ok: false, message };
      }
    }));
  }
}

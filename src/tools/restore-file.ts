import * as vscode from 'vscode';
import { fail, Result } from '../core/types';
import type { JournalEntry } from '../history/types';
import { runEdit } from './edit-pipeline';
import type { ToolResultJson } from './tool-result';
import type { InvocationContext } from './tool-runner';
import { readCurrentText } from '../workspace/current-text';
import { resolveTarget } from '../workspace/resolve-target';

/**
 * Restores a file to the text before a journaled edit, through the same path as every edit
 * (snapshot of the current text first, WorkspaceEdit, save), so the restore is undoable in
 * the editor, lands in local history, and can itself be rolled back. A file the agent had
 * created is deleted instead, after its text was snapshotted.
 * A file deleted since is re-created.
 */
export async function restoreBefore(ctx: InvocationContext, path: string, entry: JournalEntry, tool = 'rollback_file'): Promise<ToolResultJson> {
  const stored = await ctx.services.store.readText(entry.before_sha256);
  if (!stored.ok) return { success: false, ...stored.failure, path };
  const wasCreated = entry.message === 'created' && entry.bytes === 0;
  if (wasCreated) return deleteCreatedFile(ctx, path, entry, tool);
  const result = await runEdit(ctx, {
    tool,
    path,
    allowCreate: true,
    createDirs: true,
    skipValidation: true,
    plan: () => ({ ok: true, plan: { newText: stored.text, changed: changedAll(stored.text), summary: `Restored ${path} to the state before ${entry.tool} at ${new Date(entry.time).toISOString()} (backup ${entry.id}).` } }),
  });
  return result.success ? { ...result, restored_backup_id: entry.id, excerpt: undefined } : result;
}

function changedAll(text: string) {
  const lines = text.split('\n').length;
  return [{ start_line: 1, end_line: Math.min(lines, 8) }];
}

async function deleteCreatedFile(ctx: InvocationContext, path: string, entry: JournalEntry, tool: string): Promise<ToolResultJson> {
  const { services } = ctx;
  const resolved = await resolveTarget(path, { forWrite: true, allowCreate: true, protectedDirs: [services.storageDir] });
  if (!resolved.ok) return { success: false, ...resolved.failure, path };
  const target = resolved.target;
  return services.locks.run(target.absPath, async () => {
    const read = await readCurrentText(target.uri, path, services.settings().maxFileBytes);
    if (!read.ok) {
      if (read.failure.error_type === 'FILE_NOT_FOUND') return { success: true, message: `${path} was created by ${entry.tool} and no longer exists; nothing to do.`, path, unchanged: true };
      return { success: false, ...read.failure, path };
    }
    const begun = await services.store.begin({ tool, path, beforeText: read.current.text, turnId: services.turnIdFor(ctx.invocationToken) });
    if (!begun.ok) return { success: false, error_type: 'INTERNAL_ERROR', message: `The backup of ${path} could not be written, so it was not removed.`, path };
    const removed = await removeFile(target.uri);
    if (!removed.ok) {
      await services.store.finish(begun.id, { after_sha256: begun.before_sha256, outcome: 'failed', message: removed.failure.message });
      return { success: false, ...removed.failure, path };
    }
    await services.store.finish(begun.id, { afterText: '', outcome: 'applied', message: 'deleted' });
    return {
      success: true,
      message: `${path} had been created by ${entry.tool}; it was deleted. Its last text is backed up (backup ${begun.id}): rollback_file restores it.`,
      path,
      deleted: true,
      backup_id: begun.id,
      restored_backup_id: entry.id,
    };
  });
}

async function removeFile(uri: vscode.Uri): Promise<Result<{}>> {
  const edit = new vscode.WorkspaceEdit();
  edit.deleteFile(uri, { ignoreIfNotExists: true });
  if (await vscode.workspace.applyEdit(edit)) return { ok: true };
  return fail('INTERNAL_ERROR', 'VS Code refused to delete the file.');
}

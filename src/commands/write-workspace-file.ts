import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { lockedTarget } from '../engine/locked-target';
import { writeTransaction } from '../engine/write/transaction';

/** What happened to one file; "-unsaved": written into an open buffer that had unsaved changes, or the save failed (see notes). */
export type FileOutcome = 'created' | 'created-unsaved' | 'overwritten' | 'overwritten-unsaved' | 'unchanged' | 'kept';

/**
 * Writes a file a user's command makes (agent instructions, an MCP client's configuration)
 * through the tools' one write transaction (snapshot, journal, WorkspaceEdit and save), under
 * the file's lock, computing the new text from what the user sees (an open buffer first).
 * Creating it is journaled too, so "Roll Back File…" can remove it again. An existing file is
 * changed only when `mayOverwrite` agrees; a buffer with unsaved changes is edited, not saved.
 */
export async function writeWorkspaceFile(
  services: Services,
  root: vscode.Uri,
  rel: string,
  tool: string,
  compute: (current: string | undefined) => { ok: true; text: string } | { ok: false; message: string },
  mayOverwrite: (rel: string) => boolean | Promise<boolean>,
): Promise<{ ok: true; outcome: FileOutcome; notes?: string[] } | { ok: false; message: string }> {
  type Out = { ok: true; outcome: FileOutcome; notes?: string[] } | { ok: false; message: string };
  const options = { forWrite: true, allowCreate: true };
  return lockedTarget<Out>(services, vscode.Uri.joinPath(root, rel).fsPath, options, async (target) => {
    const read = await services.files.readText(target, services.settings().maxFileBytes);
    if (!read.ok && read.failure.error_type !== 'FILE_NOT_FOUND') return { ok: false, message: read.failure.message };
    const current = read.ok ? read.current : undefined;
    const next = compute(current?.text);
    if (!next.ok) return next;
    if (current?.text === next.text) return { ok: true, outcome: 'unchanged' };
    if (current && !(await mayOverwrite(rel))) return { ok: true, outcome: 'kept' };
    const committed = await writeTransaction(services, { tool, target, current, newText: next.text, createDirs: true, client: 'command' });
    if (!committed.ok) return { ok: false, message: committed.failure.message };
    if (!('applied' in committed.written)) return { ok: false, message: 'unexpected deletion' };
    const { saved, notes } = committed.written.applied;
    const outcome: FileOutcome = current ? (saved ? 'overwritten' : 'overwritten-unsaved') : saved ? 'created' : 'created-unsaved';
    return { ok: true, outcome, notes };
  }, (failure) => ({ ok: false, message: failure.message }));
}

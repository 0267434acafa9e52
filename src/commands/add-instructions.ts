import * as vscode from 'vscode';
import { AGENT_INSTRUCTIONS_PATH, agentInstructionsMarkdown, CUSTOM_AGENT_PATH, customAgentMarkdown } from '../core/instructions';
import type { Services } from '../tools/services';
import { readArgs } from './args';
import { INSTRUCTIONS_TOOL } from './command-tools';
import { applyTextChange, createFileWithText } from '../workspace/apply-text';
import { readCurrentText } from '../workspace/current-text';
import { announce, CommandOutcome } from './restore-support';

/** What happened to one file; "-unsaved": written into an open buffer that had unsaved changes, or the save failed (see notes). */
type FileOutcome = 'created' | 'created-unsaved' | 'overwritten' | 'overwritten-unsaved' | 'unchanged' | 'kept';

/**
 * "Add Agent Instructions to Workspace": writes the instructions file and the custom agent
 * file into the first workspace folder, then opens the instructions file. A file that exists
 * with other content is overwritten only after a modal question (or with `{ overwrite: true }`;
 * `{ overwrite: false }` keeps it without asking); its old text is journaled in the backup
 * store first, so "Roll Back File…" can bring it back. Files are written like the tools
 * write them: through a WorkspaceEdit and a save; an open buffer with unsaved changes is
 * edited but left unsaved.
 */
export async function addAgentInstructionsCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return announce({ ok: false, message: 'Agent Safe Edit: open a folder first; the instructions are written into the workspace.' });
  const files: [string, string][] = [[AGENT_INSTRUCTIONS_PATH, agentInstructionsMarkdown()], [CUSTOM_AGENT_PATH, customAgentMarkdown()]];
  const outcomes: Record<string, FileOutcome> = {};
  const notes: string[] = [];
  for (const [rel, text] of files) {
    const written = await writeOne(services, folder.uri, rel, text, args.overwrite);
    if (!written.ok) return announce({ ok: false, message: `Agent Safe Edit: ${rel} could not be written: ${written.message}`, files: outcomes });
    outcomes[rel] = written.outcome;
    if (written.notes?.length) notes.push(...written.notes.map((n) => `${rel}: ${n}`));
  }
  const instructionsUri = vscode.Uri.joinPath(folder.uri, AGENT_INSTRUCTIONS_PATH);
  await vscode.window.showTextDocument(instructionsUri, { preview: false });
  const summary = Object.entries(outcomes).map(([rel, o]) => `${rel} ${o}`).join('; ');
  return announce({ ok: true, message: `Agent Safe Edit: ${summary}.${notes.length ? ` ${notes.join(' ')}` : ''}`, files: outcomes, notes });
}

/**
 * Writes one template the way the tools write (WorkspaceEdit + save, so it is undoable in the
 * editor and lands in local history), under the file's lock, comparing against what the user
 * sees (an open buffer first). A buffer with unsaved changes is edited but not saved.
 */
async function writeOne(services: Services, root: vscode.Uri, rel: string, text: string, overwrite: boolean | undefined): Promise<{ ok: true; outcome: FileOutcome; notes?: string[] } | { ok: false; message: string }> {
  const uri = vscode.Uri.joinPath(root, rel);
  // The journal knows files by their display path (the folder's name first in a multi-root window).
  const journalPath = (vscode.workspace.workspaceFolders?.length ?? 0) > 1 ? `${vscode.workspace.getWorkspaceFolder(root)?.name ?? ''}/${rel}` : rel;
  return services.locks.run(uri.fsPath, async () => {
    const read = await readCurrentText(uri, journalPath, services.settings().maxFileBytes);
    if (!read.ok && read.failure.error_type !== 'FILE_NOT_FOUND') return { ok: false, message: read.failure.message };
    const existing = read.ok ? read.current.text : undefined;
    if (existing === text) return { ok: true, outcome: 'unchanged' };
    if (existing !== undefined) {
      const replace = overwrite ?? await askOverwrite(rel);
      if (!replace) return { ok: true, outcome: 'kept' };
      // Backed up first: if that fails, the user's file stays as it is.
      const begun = await services.store.begin({ tool: INSTRUCTIONS_TOOL, path: journalPath, beforeText: existing });
      if (!begun.ok) return { ok: false, message: `its current text could not be backed up (${begun.failure.message}), so it was left as it is` };
      const applied = await applyTextChange(uri, existing, text);
      if (!applied.ok) {
        await services.store.finish(begun.id, { after_sha256: begun.before_sha256, outcome: 'failed', message: applied.failure.message });
        return { ok: false, message: applied.failure.message };
      }
      await services.store.finish(begun.id, { afterText: applied.applied.text, outcome: 'applied' });
      return { ok: true, outcome: applied.applied.saved ? 'overwritten' : 'overwritten-unsaved', notes: applied.applied.notes };
    }
    const created = await createFileWithText(uri, text, true, journalPath);
    if (!created.ok) return { ok: false, message: created.failure.message };
    return { ok: true, outcome: created.applied.saved ? 'created' : 'created-unsaved', notes: created.applied.notes };
  });
}

async function askOverwrite(rel: string): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(
    `${rel} already exists with different content. Replace it with the Agent Safe Edit template?`,
    { modal: true, detail: 'Its current text is kept in the Agent Safe Edit backups, so "Roll Back File…" can restore it.' },
    'Replace',
    'Keep Mine',
  );
  return choice === 'Replace';
}

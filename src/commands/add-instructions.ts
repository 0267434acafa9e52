import * as vscode from 'vscode';
import { AGENT_INSTRUCTIONS_PATH, agentInstructionsMarkdown, CUSTOM_AGENT_PATH, customAgentMarkdown } from '../core/instructions';
import type { Services } from '../tools/services';
import { readArgs } from './args';
import { INSTRUCTIONS_TOOL } from './command-tools';
import { lockedTarget } from '../tools/locked-target';
import { writeTransaction } from '../tools/write-transaction';
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
 * Writes one template through the tools' one write transaction (snapshot, journal, WorkspaceEdit
 * and save), under the file's lock, comparing against what the user sees (an open buffer
 * first). Creating it is journaled too, so "Roll Back File…" can remove it again. A buffer
 * with unsaved changes is edited but not saved.
 */
async function writeOne(services: Services, root: vscode.Uri, rel: string, text: string, overwrite: boolean | undefined): Promise<{ ok: true; outcome: FileOutcome; notes?: string[] } | { ok: false; message: string }> {
  type Out = { ok: true; outcome: FileOutcome; notes?: string[] } | { ok: false; message: string };
  const options = { forWrite: true, allowCreate: true, protectedDirs: [services.storageDir] };
  return lockedTarget<Out>(services, vscode.Uri.joinPath(root, rel).fsPath, options, async (target) => {
    const read = await readCurrentText(target.uri, target.displayPath, services.settings().maxFileBytes);
    if (!read.ok && read.failure.error_type !== 'FILE_NOT_FOUND') return { ok: false, message: read.failure.message };
    const current = read.ok ? read.current : undefined;
    if (current?.text === text) return { ok: true, outcome: 'unchanged' };
    if (current && !(overwrite ?? await askOverwrite(rel))) return { ok: true, outcome: 'kept' };
    const committed = await writeTransaction(services, { tool: INSTRUCTIONS_TOOL, target, current, newText: text, createDirs: true });
    if (!committed.ok) return { ok: false, message: committed.failure.message };
    if (!('applied' in committed.written)) return { ok: false, message: 'unexpected deletion' };
    const { saved, notes } = committed.written.applied;
    const outcome: FileOutcome = current ? (saved ? 'overwritten' : 'overwritten-unsaved') : saved ? 'created' : 'created-unsaved';
    return { ok: true, outcome, notes };
  }, (failure) => ({ ok: false, message: failure.message }));
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

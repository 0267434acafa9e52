import * as vscode from 'vscode';
import { AGENT_INSTRUCTIONS_PATH, agentInstructionsMarkdown, CUSTOM_AGENT_PATH, customAgentMarkdown } from '../core/instructions';
import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { INSTRUCTIONS_TOOL } from './command-tools';
import { writeWorkspaceFile } from './write-workspace-file';
import { announce, CommandOutcome } from './restore-support';

import type { FileOutcome } from './write-workspace-file';

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
    const written = await writeWorkspaceFile(services, folder.uri, rel, INSTRUCTIONS_TOOL, () => ({ ok: true, text }), (r) => args.overwrite ?? askOverwrite(r));
    if (!written.ok) return announce({ ok: false, message: `Agent Safe Edit: ${rel} could not be written: ${written.message}`, files: outcomes });
    outcomes[rel] = written.outcome;
    if (written.notes?.length) notes.push(...written.notes.map((n) => `${rel}: ${n}`));
  }
  const instructionsUri = vscode.Uri.joinPath(folder.uri, AGENT_INSTRUCTIONS_PATH);
  await vscode.window.showTextDocument(instructionsUri, { preview: false });
  const summary = Object.entries(outcomes).map(([rel, o]) => `${rel} ${o}`).join('; ');
  return announce({ ok: true, message: `Agent Safe Edit: ${summary}.${notes.length ? ` ${notes.join(' ')}` : ''}`, files: outcomes, notes });
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

import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { SETUP_AGENTS_TOOL } from '../../commands/command-tools';
import { fail } from '../../core/types';
import { runEdit } from '../../engine/edit/edit-pipeline';
import { NEVER_CANCELLED } from '../../engine/runner';
import { openHeadless } from '../../headless/start';
import type { FileEdit } from './plan';

/** What became of one file. */
export interface Written {
  rel: string;
  ok: boolean;
  /** created / changed / unchanged, or why it failed. */
  message: string;
  backupId?: string;
}

/**
 * Writes the setup's files under `root` the way the headless server writes a tool's edit: the
 * engine's edit pipeline on the disk host (engine/edit/edit-pipeline.ts → the write
 * transaction), so each change is snapshotted and journaled in the root's default store first
 * and can be rolled back (rollback_file of `agent-safe-edit mcp --root ROOT`). The new text is
 * computed again under the file's lock from what it holds then. Agents' configuration files are
 * protected files (core/sensitive), which the disk host refuses unless allowed: the user allowed
 * these by confirming the diff (--yes, or the dialog). The files are written one at a time; one
 * that fails does not stop the others, and says why.
 */
export async function writeThroughHistory(root: string, files: readonly FileEdit[], log: (line: string) => void, options: { userOnly?: boolean; tool?: string } = {}): Promise<{ ok: boolean; message?: string; written: Written[] }> {
  const opened = await openHeadless({ root, allowProtected: true, allowExec: false }, log);
  if (!opened.ok) return { ok: false, message: opened.failure.message, written: [] };
  const written: Written[] = [];
  try {
    const ctx = { host: opened.host, token: NEVER_CANCELLED, invocationToken: undefined, client: 'command' };
    for (const f of files) {
      const result = await runEdit(ctx, {
        tool: options.tool ?? SETUP_AGENTS_TOOL,
        path: f.rel,
        allowCreate: true,
        createDirs: true,
        // A removal may leave a file much shorter; the shrink guard is for agents' rewrites.
        allowSizeReduce: true,
        // The setup parsed the file itself and refuses one it cannot read; a JSON checker would
        // refuse the comments JSONC files (settings.json) may hold.
        skipValidation: true,
        plan(current) {
          const r = f.edit(current);
          if (!r.ok) return fail('INVALID_INPUT', r.message);
          if (r.text === undefined) return fail('FILE_NOT_FOUND', `${f.rel} does not exist; nothing to remove.`);
          return { ok: true, plan: { newText: r.text, changed: [], summary: `Agent Safe Edit setup: ${f.agents.join(', ')}.` } };
        },
      });
      const ok = result.success === true;
      if (ok && options.userOnly) makeUserOnly(nodePath.join(root, f.rel), log);
      written.push({ rel: f.rel, ok, message: ok ? (result.unchanged ? 'unchanged' : result.created ? 'created' : 'changed') : String(result.message), ...(typeof result.backup_id === 'string' ? { backupId: result.backup_id } : {}) });
    }
  } finally {
    await opened.close();
  }
  return { ok: written.every((w) => w.ok), written };
}

/** A configuration written into a workspace is readable by the user only (it names paths of this machine). */
export function makeUserOnly(file: string, log: (line: string) => void): void {
  if (process.platform === 'win32') return;
  try {
    fs.chmodSync(file, 0o600);
  } catch (error) {
    log(`could not make ${file} readable by you only: ${(error as Error).message}`);
  }
}

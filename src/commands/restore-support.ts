import * as vscode from 'vscode';
import type { JournalEntry } from '../history/types';
import { restoreBefore } from '../engine/restore/restore-file';
import { restoreGroup } from '../engine/restore/restore-group';
import type { ToolResultJson } from '../engine/results/tool-result';
import type { InvocationContext } from '../engine/runner';
import type { Services } from '../hosts/vscode/services';
import { resolveTarget } from '../hosts/vscode/resolve-target';
import type { CommandArgs } from './args';

/** What a command did; returned from `executeCommand` so tests and callers can check it. */
export interface CommandOutcome {
  ok: boolean;
  /** True when the user dismissed a picker or a dialog: nothing was done. */
  cancelled?: boolean;
  message: string;
  [field: string]: unknown;
}

/**
 * The file a command argument names, as the journal names it: the tools' display path
 * (workspace-relative; the folder's name first in a multi-root window). `path` may be
 * relative or absolute, a file `Uri` gives `fsPath`; both are resolved like a tool input, so
 * "./a.txt", "a.txt" and the absolute path name the same history. A path that does not
 * resolve (outside the workspace, say) is returned as given, and then has no history.
 */
export async function argPath(services: Services, args: CommandArgs): Promise<string | undefined> {
  const named = args.path ?? args.fsPath;
  if (named === undefined) return undefined;
  const resolved = await resolveTarget(named, { forWrite: false, allowCreate: true, protectedDirs: [services.storageDir] });
  return resolved.ok ? resolved.target.displayPath : named;
}

export function cancelled(message = 'Cancelled; nothing was changed.'): CommandOutcome {
  return { ok: false, cancelled: true, message };
}

/**
 * An invocation context for restores made by a command (no chat request). `turnToken`
 * groups the restores of one command into one turn: the services give every distinct
 * object its own turn id, so a turn rollback is itself a turn that can be rolled back.
 */
export function commandContext(services: Services, turnToken?: object): InvocationContext {
  return { host: services, token: new vscode.CancellationTokenSource().token, invocationToken: turnToken, client: 'command' };
}

/**
 * Restores `path` to the state before `entry` through the tools' edit pipeline, notes the
 * rollback in the activity log (the views refresh on it) and returns the tool's result.
 */
export async function restoreAndNote(services: Services, ctx: InvocationContext, path: string, entry: JournalEntry, tool: string, options: { unchangedSince?: JournalEntry } = {}): Promise<ToolResultJson> {
  // The user asked for this restore (and confirmed it where the command asks): it may discard
  // changes made since the agent's edit, but never unsaved ones (restoreBefore refuses those);
  // with `unchangedSince`, only while the file holds what that change left.
  const result = await restoreBefore(ctx, path, entry, { tool, force: true, ...(options.unchangedSince ? { unchangedSince: options.unchangedSince } : {}) });
  if (result.success && result.unchanged !== true) {
    services.activity.note({ time: Date.now(), kind: 'rollback', tool: 'command', path, message: String(result.message ?? `Restored ${path}`) });
  }
  return result;
}

/** restoreAndNote for a multi-file change: every file of the group, in one step. */
export async function restoreGroupAndNote(services: Services, ctx: InvocationContext, groupId: string, tool: string): Promise<ToolResultJson> {
  const result = await restoreGroup(ctx, groupId, { tool, force: true });
  if (result.success) {
    services.activity.note({ time: Date.now(), kind: 'rollback', tool: 'command', path: String(result.path ?? ''), message: String(result.message ?? 'Restored a multi-file change') });
  }
  return result;
}

/**
 * A modal warning with one action button; true when the user chose it. Skipped (true) when
 * `confirm` is false, which readArgs lets through only from our own UI.
 */
export async function confirmModal(services: Services, confirm: boolean | undefined, message: string, detail: string, action: string): Promise<boolean> {
  if (confirm === false) return true;
  const choice = await services.ask({ message, detail, choices: [action], yes: action });
  return choice === action;
}

/** Shows the outcome without waiting for the user to dismiss it (a notification, never modal). */
export function announce(outcome: CommandOutcome): CommandOutcome {
  if (outcome.cancelled) return outcome;
  if (outcome.ok) void vscode.window.showInformationMessage(outcome.message);
  else void vscode.window.showErrorMessage(outcome.message);
  return outcome;
}

/** The outcome of one restore as a command outcome. */
export function restoreOutcome(result: ToolResultJson): CommandOutcome {
  return { ...result, ok: result.success === true, message: String(result.message ?? '') };
}

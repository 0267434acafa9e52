import * as vscode from 'vscode';
import type { Turn } from '../history/turns';
import type { Services } from '../hosts/vscode/services';
import type { CommandArgs } from './args';
import { REDO_TURN_TOOL, TURN_ROLLBACK_TOOL } from './command-tools';
import { cancelled, CommandOutcome, commandContext, confirmModal, restoreAndNote } from './restore-support';
import { holdOf } from './turn-file-hold';
import { selectSteps, TurnRestoreStep } from './turn-plan';
import { PreviewFile, previewTurnFiles } from './turn-preview';
import { actionText, holdText, HoldReason, TurnMode } from './turn-wording';

/** One file of the outcome: what was meant, and what came of it. */
interface FileOutcome {
  path: string;
  writer: string;
  action: TurnRestoreStep['action'];
  result: 'done' | 'skipped' | 'failed' | 'not_selected';
  message?: string;
  reason?: string;
}

/**
 * Rolls back the files of `turn` that `steps` name (a redo: of the turn rollback), after the
 * preview, or as `args` script it (`paths` selects; `confirm: false` from our own UI skips the
 * preview). Every backup is read first, so a missing or damaged one stops everything with
 * nothing changed. All restores share one new turn id: the result is itself a turn that can
 * be rolled back (or redone). Never over unsaved editor changes. A file that changed since the
 * turn's last change of it (whoever changed it) is held back whatever the step does to it —
 * listed with why, not picked — and rolled back only when the user picks it (the preview's tick,
 * or `paths`); every other file only while it still holds what the turn left, checked again
 * under its lock.
 */
export async function runTurnRollback(services: Services, turn: Turn, steps: readonly TurnRestoreStep[], mode: TurnMode, args: CommandArgs): Promise<CommandOutcome> {
  for (const step of steps) {
    const stored = await services.store.readSnapshot(step.entry.before_sha256);
    if (!stored.ok) return announceTurn({ ok: false, message: `Agent Safe Edit: the backup of ${step.path} cannot be read (${stored.failure.message}). Nothing was changed.` });
  }
  // What the turn changed that the history could not record (before the first checkpoint, left out by the caps, unreadable).
  const notCovered = mode === 'rollback' ? services.writers?.notRecorded(turn.turnId) ?? [] : [];
  // Files changed since the turn (by anyone) or with unsaved changes are held back: listed, never picked for the user.
  const holds = new Map<TurnRestoreStep, HoldReason>();
  for (const step of steps) {
    const hold = await holdOf(services, step);
    if (hold) holds.set(step, hold);
  }
  const { selected: named, unknown } = selectSteps(steps, args.paths, (s) => holds.has(s));
  if (unknown.length > 0) {
    return announceTurn({ ok: false, message: `Agent Safe Edit: the turn did not change ${unknown.join(', ')}; its files are ${steps.map((s) => s.path).join(', ')}. Nothing was changed.`, unknown, files: steps.map((s) => s.path) });
  }
  const previewed: PreviewFile[] = steps.map((step) => ({ step, ...(holds.has(step) ? { hold: holds.get(step) } : {}) }));
  let chosen: readonly TurnRestoreStep[] = named;
  if (args.confirm !== false) {
    const picked = await previewTurnFiles(services, previewed, mode, args.paths);
    if (!picked) return cancelled();
    chosen = picked;
    const action = mode === 'rollback' ? 'Roll Back Turn' : 'Redo Turn';
    const uncovered = notCovered.length ? `\n\nNot in the history, so not rolled back:\n${notCovered.slice(0, 10).map((f) => `${f.path} — ${f.reason}`).join('\n')}` : '';
    const overwritten = chosen.filter((s) => holds.get(s) === 'changed_since');
    const warning = overwritten.length ? `\n\nChanged since the turn, and picked by you: what they hold now is replaced (it is backed up first):\n${overwritten.map((s) => s.path).join('\n')}` : '';
    const list = chosen.map((s) => `${s.path} — ${s.writers.join(', ')}: ${actionText(s.action, mode)}`).join('\n') + warning + uncovered;
    const yes = await confirmModal(services, args.confirm, `${mode === 'rollback' ? 'Roll back' : 'Redo'} ${chosen.length} file${chosen.length === 1 ? '' : 's'} of the agent turn?`, `${list}\n\nEvery current text is backed up first, so this can itself be rolled back.`, action);
    if (!yes) return cancelled();
  }
  const heldBack = steps.filter((s) => holds.has(s) && !chosen.includes(s));
  if (chosen.length === 0) {
    const why = heldBack.length ? ` Held back: ${heldBack.map((s) => `${s.path} (${holdText(holds.get(s) as HoldReason)})`).join('; ')}; pick a file to roll it back anyway.` : '';
    return announceTurn({ ok: false, message: `Agent Safe Edit: no file was selected, so nothing was changed.${why}`, skipped: heldBack.map((s) => ({ path: s.path, reason: holds.get(s), message: holdText(holds.get(s) as HoldReason) })), files: steps.map((s) => ({ path: s.path, writer: s.writers.join(', '), action: s.action, result: holds.has(s) ? 'skipped' : 'not_selected', ...(holds.has(s) ? { reason: holds.get(s) } : {}) })) });
  }

  const tool = mode === 'rollback' ? TURN_ROLLBACK_TOOL : REDO_TURN_TOOL;
  // One context (one turn token) for every restore: they become one turn.
  const ctx = commandContext(services, {});
  const picked = new Set(chosen);
  const files: FileOutcome[] = [];
  for (const step of steps) {
    const base = { path: step.path, writer: step.writers.join(', '), action: step.action };
    const hold = holds.get(step);
    if (!picked.has(step)) {
      files.push(hold ? { ...base, result: 'skipped', reason: hold, message: holdText(hold) } : { ...base, result: 'not_selected' });
      continue;
    }
    // A file the user picked although it changed since the turn is theirs to overwrite (backed up
    // first); any other must still hold what the turn left, checked again under its lock.
    const result = await restoreAndNote(services, ctx, step.path, step.entry, tool, hold === 'changed_since' ? {} : { unchangedSince: step.last });
    const reason = typeof result.reason === 'string' ? result.reason : undefined;
    const held = reason === 'unsaved_changes' || reason === 'changed_since';
    files.push({
      ...base,
      result: result.success ? 'done' : held ? 'skipped' : 'failed',
      ...(result.success ? {} : { message: held ? holdText(reason as HoldReason) : String(result.message) }),
      ...(reason ? { reason } : {}),
    });
  }
  const done = files.filter((f) => f.result === 'done');
  const skipped = files.filter((f) => f.result === 'skipped');
  const failed = files.filter((f) => f.result === 'failed');
  const parts = [`Agent Safe Edit: ${mode === 'rollback' ? 'rolled back' : 'redid'} the turn for ${done.length} of ${chosen.length} selected file${chosen.length === 1 ? '' : 's'}${done.length ? ` (${done.map((f) => `${f.path}: ${actionText(f.action, mode)}`).join('; ')})` : ''}.`];
  if (skipped.length) parts.push(`Not changed: ${skipped.map((f) => `${f.path} (${f.message})`).join('; ')}.`);
  if (failed.length) parts.push(`Failed: ${failed.map((f) => `${f.path}: ${f.message}`).join(' ')}`);
  if (notCovered.length) parts.push(`Not in the history, so not rolled back: ${notCovered.slice(0, 10).map((f) => `${f.path} (${f.reason})`).join('; ')}${notCovered.length > 10 ? ` and ${notCovered.length - 10} more` : ''}.`);
  return announceTurn({
    ok: failed.length === 0 && done.length > 0,
    message: parts.join(' '),
    restored: done.map((f) => f.path),
    skipped: skipped.map((f) => ({ path: f.path, reason: f.reason, message: f.message })),
    failed: failed.map((f) => ({ path: f.path, message: f.message })),
    files,
    ...(notCovered.length ? { not_covered: notCovered } : {}),
    turn_id: turn.id,
  });
}

/** Shows the outcome without waiting: an error when something failed, a warning when files were left alone. */
function announceTurn(outcome: CommandOutcome): CommandOutcome {
  const skipped = Array.isArray(outcome.skipped) && outcome.skipped.length > 0;
  if (!outcome.ok) void vscode.window.showErrorMessage(outcome.message);
  else if (skipped) void vscode.window.showWarningMessage(outcome.message);
  else void vscode.window.showInformationMessage(outcome.message);
  return outcome;
}

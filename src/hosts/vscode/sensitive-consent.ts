import * as os from 'node:os';
import { promises as fs } from 'node:fs';
import { sensitiveTarget } from '../../core/sensitive';
import { buildConsentView, ALLOW_CHOICE, REVIEW_CHOICE } from '../../core/sensitive/consent-view';
import { isJsonLikePath, summarizeJsonChanges } from '../../core/sensitive/json-changes';
import { createUnifiedDiff } from '../../core/diff';
import { fail, Failure } from '../../core/types';
import { workspaceRoots } from './resolve-target';
import type { Target } from '../../engine/host';
import type { UserPrompter } from './user-prompt';
import type { ProposedDocuments } from './proposed-documents';
import type { ConsentTickets } from './consent-tickets';

/** Rounds of "Review Diff…" before the consent counts as declined (each reopens the diff). */
const MAX_ROUNDS = 10;

/**
 * Consent before an agent edits a sensitive file (workspace settings, CI workflows, agent
 * definitions, lockfiles, .env…; CVE-2025-53773 wrote `.vscode/settings.json`).
 *
 * The normal way is the chat's own confirmation: prepareInvocation shows the change there
 * (sensitive-confirmation.ts) and leaves a ticket for exactly that change and that caller,
 * which this function takes. Without a ticket — a caller with no chat whose confirmation VS
 * Code did not show, an MCP client, a change too large for the chat's message, a file that
 * changed after the confirmation, rollback_file — this is the safety net: a modal dialog
 * raised from `invoke`.
 * What it shows and offers is decided by buildConsentView: for JSON the changed keys first,
 * and Allow only once the whole change has been seen (in the dialog, or in the diff editor
 * that "Review Diff…" opens). Declined, dismissed or impossible to show: PERMISSION_DENIED.
 */
export async function consentForSensitive(
  target: Target,
  oldText: string,
  newText: string,
  tool: string,
  extraGlobs: string[],
  prompter: UserPrompter,
  documents: ProposedDocuments,
  confirmed: { tickets: ConsentTickets; holder: string | undefined },
): Promise<{ ok: true } | { ok: false; failure: Failure }> {
  const match = await sensitiveMatchOf(target, extraGlobs);
  if (!match.sensitive) return { ok: true };
  // The chat already showed exactly this change to this caller, and the user (or their auto-approval) accepted it.
  if (confirmed.tickets.take(confirmed.holder, tool, target.realPath, oldText, newText)) return { ok: true };
  const { diff, json } = changeOf(target, oldText, newText);
  let reviewed = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const view = buildConsentView({ tool, displayPath: target.displayPath, glob: match.glob, diff, json, reviewed });
    let choice: string | undefined;
    try {
      choice = await prompter.ask({ message: view.message, detail: view.detail, choices: view.choices, yes: ALLOW_CHOICE });
    } catch (error) {
      // No dialog could be shown: a consent that was not given is a refusal, never an internal error.
      return fail('PERMISSION_DENIED', `${target.displayPath} is a protected file (${match.glob}) and the user's consent could not be asked (${error instanceof Error ? error.message : String(error)}). Nothing was changed. Ask the user to make this change, or to run the edit from the chat.`, { glob: match.glob });
    }
    if (choice === ALLOW_CHOICE && view.choices.includes(ALLOW_CHOICE)) return { ok: true };
    if (choice !== REVIEW_CHOICE) break;
    await documents.openDiff(target.displayPath, oldText, newText);
    reviewed = true;
  }
  return fail('PERMISSION_DENIED', `The user declined the change to ${target.displayPath}, a protected file (${match.glob}). Nothing was changed. Do not retry this edit; ask the user what they want instead.`, { glob: match.glob });
}

/** Whether a target is protected: both spellings of it against every folder (given and real) that holds it. */
export async function sensitiveMatchOf(target: Target, extraGlobs: string[]): Promise<{ sensitive: false } | { sensitive: true; glob: string }> {
  const match = sensitiveTarget({
    paths: [target.absPath, target.realPath],
    roots: await rootsWithRealPaths(),
    extraGlobs,
    home: os.homedir(),
  });
  return match.sensitive ? { sensitive: true, glob: match.glob } : { sensitive: false };
}

/** The whole change as a diff, and for JSON files the keys it touches. */
export function changeOf(target: Target, oldText: string, newText: string): { diff: string; json: ReturnType<typeof summarizeJsonChanges> | undefined } {
  const diff = createUnifiedDiff(oldText, newText, { oldLabel: `a/${target.displayPath}`, newLabel: `b/${target.displayPath}` });
  const json = isJsonLikePath(target.displayPath) ? summarizeJsonChanges(oldText, newText) : undefined;
  return { diff, json };
}

async function rootsWithRealPaths(): Promise<string[]> {
  const given = workspaceRoots().map((r) => r.path);
  const real = await Promise.all(given.map((p) => fs.realpath(p).catch(() => p)));
  return [...given, ...real];
}

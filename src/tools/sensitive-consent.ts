import * as os from 'node:os';
import { promises as fs } from 'node:fs';
import { sensitiveTarget } from '../core/sensitive';
import { buildConsentView, ALLOW_CHOICE, REVIEW_CHOICE } from '../core/sensitive/consent-view';
import { isJsonLikePath, summarizeJsonChanges } from '../core/sensitive/json-changes';
import { createUnifiedDiff } from '../core/diff';
import { fail, Failure } from '../core/types';
import { Target, workspaceRoots } from '../workspace/resolve-target';
import type { UserPrompter } from './user-prompt';
import type { ProposedDocuments } from './proposed-documents';

/** Rounds of "Review Diff…" before the consent counts as declined (each reopens the diff). */
const MAX_ROUNDS = 10;

/**
 * Asks the user, in a modal dialog raised from `invoke` itself, before an agent edits a
 * sensitive file (workspace settings, CI workflows, agent definitions, lockfiles, .env…).
 * This is independent of the chat's "Always Allow" for the tool: a prompt injection that got
 * the tool auto-approved still cannot rewrite `.vscode/settings.json` unseen (CVE-2025-53773).
 * What the dialog shows and offers is decided by buildConsentView: for JSON the changed keys
 * first, and Allow only once the whole change has been seen (in the dialog, or in the diff
 * editor that "Review Diff…" opens).
 */
export async function consentForSensitive(
  target: Target,
  oldText: string,
  newText: string,
  tool: string,
  extraGlobs: string[],
  prompter: UserPrompter,
  documents: ProposedDocuments,
): Promise<{ ok: true } | { ok: false; failure: Failure }> {
  // Both spellings of the target against every folder (given and real) that holds it.
  const match = sensitiveTarget({
    paths: [target.absPath, target.realPath],
    roots: await rootsWithRealPaths(),
    extraGlobs,
    home: os.homedir(),
  });
  if (!match.sensitive) return { ok: true };
  const diff = createUnifiedDiff(oldText, newText, { oldLabel: `a/${target.displayPath}`, newLabel: `b/${target.displayPath}` });
  const json = isJsonLikePath(target.displayPath) ? summarizeJsonChanges(oldText, newText) : undefined;
  let reviewed = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const view = buildConsentView({ tool, displayPath: target.displayPath, glob: match.glob, diff, json, reviewed });
    const choice = await prompter.ask({ message: view.message, detail: view.detail, choices: view.choices, yes: ALLOW_CHOICE });
    if (choice === ALLOW_CHOICE && view.choices.includes(ALLOW_CHOICE)) return { ok: true };
    if (choice !== REVIEW_CHOICE) break;
    await documents.openDiff(target.displayPath, oldText, newText);
    reviewed = true;
  }
  return fail('PERMISSION_DENIED', `The user declined the change to ${target.displayPath}, a protected file (${match.glob}). Nothing was changed. Do not retry this edit; ask the user what they want instead.`, { glob: match.glob });
}

async function rootsWithRealPaths(): Promise<string[]> {
  const given = workspaceRoots().map((r) => r.path);
  const real = await Promise.all(given.map((p) => fs.realpath(p).catch(() => p)));
  return [...given, ...real];
}

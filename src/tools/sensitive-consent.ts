import * as vscode from 'vscode';
import * as os from 'node:os';
import { promises as fs } from 'node:fs';
import { sensitiveTarget } from '../core/sensitive';
import { createUnifiedDiff } from '../core/diff';
import { fail } from '../core/types';
import { Target, workspaceRoots } from '../workspace/resolve-target';

export type ConsentAnswer = 'allow' | 'deny';

/**
 * Asks the user, in a modal dialog raised from `invoke` itself, before an agent edits a
 * sensitive file (workspace settings, CI workflows, agent definitions, lockfiles, .env…).
 * This is independent of the chat's "Always Allow" for the tool: a prompt injection that got
 * the tool auto-approved still cannot rewrite `.vscode/settings.json` unseen (CVE-2025-53773).
 * `answerForTests` replaces the dialog only in the extension's test mode.
 */
export async function consentForSensitive(
  target: Target,
  oldText: string,
  newText: string,
  tool: string,
  extraGlobs: string[],
  answerForTests: () => ConsentAnswer | undefined,
): Promise<{ ok: true } | { ok: false; failure: ReturnType<typeof fail>['failure'] }> {
  // Both spellings of the target against every folder (given and real) that holds it.
  const match = sensitiveTarget({
    paths: [target.absPath, target.realPath],
    roots: await rootsWithRealPaths(),
    extraGlobs,
    home: os.homedir(),
  });
  if (!match.sensitive) return { ok: true };
  const diff = createUnifiedDiff(oldText, newText, { oldLabel: `a/${target.displayPath}`, newLabel: `b/${target.displayPath}` });
  const shown = diff.length > 4000 ? `${diff.slice(0, 4000)}\n… (${diff.length - 4000} more characters)` : diff;
  const stub = answerForTests();
  let allowed: boolean;
  if (stub !== undefined) {
    allowed = stub === 'allow';
  } else {
    const choice = await vscode.window.showWarningMessage(
      `An agent (${tool}) wants to change the sensitive file ${target.displayPath} (matches "${match.glob}").`,
      { modal: true, detail: `Review the change before allowing it:\n\n${shown}` },
      'Allow This Edit',
    );
    allowed = choice === 'Allow This Edit';
  }
  if (allowed) return { ok: true };
  return fail('PERMISSION_DENIED', `The user declined the change to ${target.displayPath}, a protected file (${match.glob}). Nothing was changed. Do not retry this edit; ask the user what they want instead.`, { glob: match.glob });
}

async function rootsWithRealPaths(): Promise<string[]> {
  const given = workspaceRoots().map((r) => r.path);
  const real = await Promise.all(given.map((p) => fs.realpath(p).catch(() => p)));
  return [...given, ...real];
}

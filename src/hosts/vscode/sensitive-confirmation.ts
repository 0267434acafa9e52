import * as vscode from 'vscode';
import { buildConsentView } from '../../core/sensitive/consent-view';
import { readCurrentText } from './current-text';
import { resolveTarget } from './resolve-target';
import { changeOf, sensitiveMatchOf } from './sensitive-consent';
import type { Services } from './services';

/** The chat's confirmation scrolls, so it shows much more of a change than a modal does. */
const MAX_CHARS = 20_000;
const MAX_LINES = 400;

/**
 * prepareInvocation's part of sensitive-file consent: when a call would change a protected
 * file, the confirmation the chat shows (Allow / Skip, honouring the user's auto-approval)
 * with the change itself — the JSON keys it adds, changes or removes, then the whole diff.
 * Returns undefined (no confirmation) when the path is not sensitive, when the edit would fail
 * anyway (invoke reports why), when the tool cannot preview its text (rollback_file), or when
 * the whole change does not fit: invoke's modal then asks, with "Review Diff…".
 * A confirmation leaves a ticket for exactly this change, held by the chat session that shows
 * it (consent-holder.ts), so that session's invoke does not ask again — and nobody else can
 * use it (consent-tickets.ts).
 *
 * Callers without a chat (`vscode.lm.invokeTool` with no toolInvocationToken): VS Code 1.139
 * shows these confirmationMessages itself in a modal dialog; when the user declines it throws
 * a CancellationError to the caller and never calls invoke, so the file stays untouched.
 */
export async function sensitiveConfirmation(
  tool: string,
  input: unknown,
  proposedText: ((current: string | undefined) => string | undefined) | undefined,
  services: Services,
  holder: string,
): Promise<vscode.LanguageModelToolConfirmationMessages | undefined> {
  const path = (input as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string' || !proposedText) return undefined;
  const resolved = await resolveTarget(path, { forWrite: true, allowCreate: true, protectedDirs: [services.storageDir] });
  if (!resolved.ok) return undefined;
  const { target } = resolved;
  const match = await sensitiveMatchOf(target, services.settings().protectedFiles);
  if (!match.sensitive) return undefined;
  const read = await readCurrentText(target.uri, target.displayPath, services.settings().maxFileBytes);
  if (!read.ok && read.failure.error_type !== 'FILE_NOT_FOUND') return undefined;
  const oldText = read.ok ? read.current.text : undefined;
  const newText = proposedText(oldText);
  if (newText === undefined) return undefined;
  const { diff, json } = changeOf(target, oldText ?? '', newText);
  const view = buildConsentView({ tool, displayPath: target.displayPath, glob: match.glob, diff, json, reviewed: false, maxDetailChars: MAX_CHARS, maxDetailLines: MAX_LINES });
  if (view.cut) return undefined;
  services.consentTickets.add(holder, tool, target.realPath, oldText ?? '', newText);
  const message = new vscode.MarkdownString();
  message.appendMarkdown(fenced(`${view.message}\n\n${view.detail}`));
  return { title: `Allow ${tool} to change the protected file ${target.displayPath}?`, message };
}

/**
 * The text as one fenced code block whose fence is longer than any run of backticks in it, so
 * file content (an agent file's own ``` blocks) can never close the fence and render as
 * Markdown inside the confirmation.
 */
export function fenced(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}\n${fence}\n`;
}

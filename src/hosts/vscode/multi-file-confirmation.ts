import * as vscode from 'vscode';
import { buildConsentView } from '../../core/sensitive/consent-view';
import { readCurrentText } from './current-text';
import { resolveTarget, Target } from './resolve-target';
import { planOf, MultiFileRequest } from '../../engine/edit/multi-file-pipeline';
import { leavesUnchanged, partsOf } from '../../engine/edit/multi-file-parts';
import { fenced } from './sensitive-confirmation';
import { changeOf, sensitiveMatchOf } from './sensitive-consent';
import type { Services } from './services';

/** The chat's confirmation scrolls; the whole of every protected file's change must fit. */
const MAX_CHARS = 20_000;
const MAX_LINES = 400;

/**
 * prepareInvocation's consent for a multi-file call that changes protected files: one chat
 * confirmation showing each protected file's change (JSON keys, then the diff), from the same
 * plan invoke will make on the texts as they are now, with a ticket per file so invoke asks
 * nothing more. Undefined (invoke's modal asks, per file) when no named file is protected,
 * when a path or the plan fails (invoke reports why), or when the changes do not fit.
 */
export async function multiFileConfirmation(tool: string, req: MultiFileRequest, services: Services, holder: string): Promise<vscode.LanguageModelToolConfirmationMessages | undefined> {
  const targets = new Map<string, Target>();
  const globs = new Map<string, string>();
  for (const p of req.paths) {
    const resolved = await resolveTarget(p, { forWrite: true, allowCreate: true, protectedDirs: [services.storageDir] });
    if (!resolved.ok) return undefined;
    targets.set(p, resolved.target);
    const match = await sensitiveMatchOf(resolved.target, services.settings().protectedFiles);
    if (match.sensitive) globs.set(p, match.glob);
  }
  if (globs.size === 0) return undefined;
  const texts = new Map<string, string | undefined>();
  for (const [p, target] of targets) {
    const read = await readCurrentText(target.uri, target.displayPath, services.settings().maxFileBytes);
    if (!read.ok && read.failure.error_type !== 'FILE_NOT_FOUND') return undefined;
    texts.set(p, read.ok ? read.current.text : undefined);
  }
  let plan;
  try {
    plan = await planOf(req, (p) => texts.get(p));
  } catch {
    return undefined;
  }
  if (!plan.ok) return undefined;
  const shown: Array<{ target: Target; oldText: string; newText: string; body: string }> = [];
  let chars = 0;
  let lines = 0;
  for (const f of plan.files) {
    if (leavesUnchanged(f, texts.get(f.path))) continue;
    for (const part of partsOf(f)) {
      const glob = globs.get(part.path);
      const target = targets.get(part.path);
      if (glob === undefined || target === undefined) continue;
      const oldText = texts.get(part.path) ?? '';
      const newText = part.newText ?? '';
      const { diff, json } = changeOf(target, oldText, newText);
      const view = buildConsentView({ tool, displayPath: target.displayPath, glob, diff, json, reviewed: false, maxDetailChars: MAX_CHARS, maxDetailLines: MAX_LINES });
      if (view.cut) return undefined;
      const body = `${view.message}\n\n${view.detail}`;
      chars += body.length;
      lines += body.split('\n').length;
      if (chars > MAX_CHARS || lines > MAX_LINES) return undefined;
      shown.push({ target, oldText, newText, body });
    }
  }
  if (shown.length === 0) return undefined;
  for (const s of shown) services.consentTickets.add(holder, tool, s.target.realPath, s.oldText, s.newText);
  const message = new vscode.MarkdownString();
  for (const s of shown) message.appendMarkdown(fenced(s.body));
  const names = shown.map((s) => s.target.displayPath).join(', ');
  return { title: `Allow ${tool} to change ${shown.length === 1 ? 'the protected file' : `${shown.length} protected files`} ${names} (one change of ${req.paths.length} file${req.paths.length === 1 ? '' : 's'})?`, message };
}

import { diffLineCounts } from '../core/diff';
import { failureResult, ToolResultJson } from '../tools/tool-result';
import type { HeadlessCall, HeadlessContext } from './context';
import { DiskText, readDiskText } from '../workspace/disk-text';
import type { HeadlessEditRequest } from './edit-request';
import { protectedFileRefusal } from './protected-files';
import { HeadlessTarget, withLockedHeadless } from './target';
import * as nodePath from 'node:path';
import { checkEdit, editSuccess } from '../tools/edit-checks';
import { languageIdForName } from '../workspace/language-by-name';
import { headlessWriteTransaction } from './write-transaction';

/**
 * The headless path of every single-file mutation, in the extension's order
 * (tools/edit-pipeline.ts): resolve and confine, then under the file's lock: read the disk,
 * check the hash (HASH_MISMATCH with the latest state), plan with the core engine, the
 * final-text guard, the syntax check, the protected-file rule (refused unless
 * --allow-protected: nobody can be asked), then the write transaction (backup durable first,
 * atomic write, journal finished). A refusal after planning is journaled as an attempt.
 */
export async function runHeadlessEdit(ctx: HeadlessContext, call: HeadlessCall, req: HeadlessEditRequest): Promise<ToolResultJson> {
  return withLockedHeadless(ctx, req.path, { forWrite: true, allowCreate: !!req.allowCreate }, (target) => editLocked(ctx, call, req, target), (failure) => failureResult(failure));
}

async function editLocked(ctx: HeadlessContext, call: HeadlessCall, req: HeadlessEditRequest, target: HeadlessTarget): Promise<ToolResultJson> {
  const { settings, store } = ctx;
  const path = target.displayPath;
  const turnId = ctx.turnId();
  const attempt = (outcome: 'blocked' | 'failed', beforeText: string, message: string) =>
    store.recordAttempt({ tool: req.tool, path, outcome, beforeText, turnId, client: call.client, message });
  let current: DiskText | undefined;
  const read = await readDiskText(target.realPath, path, settings.maxFileBytes);
  if (read.ok) current = read.current;
  else if (read.failure.error_type !== 'FILE_NOT_FOUND' && req.onUnreadable) return req.onUnreadable(target);
  else if (read.failure.error_type !== 'FILE_NOT_FOUND' || !req.allowCreate) return failureResult(read.failure, { path });

  const checked = await checkEdit({
    req, path, current, store, settings,
    attempt: (outcome, message) => attempt(outcome, current?.text ?? '', message),
    precheck: req.precheck && (() => req.precheck!(current)),
    languageId: languageIdForName(target.realPath),
    sourceDir: nodePath.dirname(target.realPath),
  });
  if ('stop' in checked) return checked.stop;
  const { plan, check } = checked;

  const refused = protectedFileRefusal(ctx, target, req.tool);
  if (refused) {
    await attempt('blocked', current?.text ?? '', refused.message);
    return failureResult(refused, { path });
  }
  if (call.signal?.aborted) return { success: false, error_type: 'CANCELLED', message: 'Cancelled before the edit was applied; nothing was changed.', path };

  const committed = await headlessWriteTransaction(ctx, { tool: req.tool, target, current, newText: plan.newText, client: call.client, turnId, createDirs: req.createDirs });
  if (!committed.ok) return failureResult(committed.failure, { path });
  const after = committed.after as { text: string; sha256: string };
  const counts = committed.lines ?? diffLineCounts(current?.text ?? '', after.text);
  return editSuccess({ plan, check, path, created: !current, after: { ...after, saved: true }, lines: counts, backupId: committed.entryId });

}

import * as nodePath from 'node:path';
import { fail, Failure } from '../../core/types';
import { checkDeletion } from '../../core/size-guard';
import type { FilePlan, ReadFile } from '../../core/apply-patch/types';
import type { MultiFilePlan } from '../../core/multi-file/types';
import { pathDenied, quotePath } from '../../core/paths/deny';
import { FileBytes, FileContent, FileLike, FileText, InvocationContext, isFileBytes, Target } from '../host';
import { describeBytes, MAX_RAW_BYTES } from './raw-content';
import { checkNewText } from './edit-checks';
import { hashMismatchResult } from '../results/hash-mismatch';
import { appliedOnBaseMessage, StaleBase, staleBasesApplied } from './already-applied';
import { failureResult, ToolResultJson } from '../results/tool-result';
import { leavesUnchanged, partsOf } from './multi-file-parts';
import { caseRenameFailure, SameFile, sameFilePairs, sameFileRefusal } from './same-file';
import { CasePair, casePairOf } from './case-rename-holder';
import { FileCheck, joinCaseRename } from './case-rename-join';
import { GroupChange, writeGroupTransaction } from '../write/transaction';

/** A multi-file edit: which paths it names, which hashes the agent read, and its pure plan. */
export interface MultiFileRequest {
  tool: string;
  /** Every path the call names (files changed, added, deleted, move targets), as given. */
  paths: string[];
  /** sha256 of the version the agent read, by path as given; a file being added needs none. */
  baseHashes: Record<string, string>;
  /** An existing file the plan changes must have a hash (safe_patch); replace_in_file checks the ones given. */
  requireBaseForExisting: boolean;
  skipValidation?: boolean;
  allowSizeReduce?: boolean;
  /** What a part of the call is called in messages ("hunk", "edit"). */
  unit: 'hunk' | 'edit';
  /**
   * The plan, from the texts read under the locks (readFile takes the paths as given; it
   * throws for a path the call did not name, which is a bug, reported as INTERNAL_ERROR).
   * Options rollback-like callers need: a per-file check on the text just read.
   */
  plan(readFile: ReadFile): MultiFilePlan;
  /** The BOM and mode a file the plan re-creates had (a group rollback reads them from the journal). */
  likeFor?(path: string): FileLike | undefined;
  /**
   * A group rollback: a named file that cannot be read as text (not UTF-8, binary, too large) is
   * read as its bytes (backed up as they are, never decoded), and the plan is made on what every
   * file holds (`planOnContent`, instead of `plan`), so it may write bytes (FilePlan.bytes).
   */
  planOnContent?(read: (path: string) => FileContent | undefined): MultiFilePlan;
  /** The permission bits a file is to be left with (a group rollback gives back the mode each file had). */
  modeFor?(path: string): number | undefined;
  /**
   * The same plan, on a worker thread when the change is large (see off-thread.ts), and the
   * one made for the chat's confirmation when the texts have not changed since (plan-cache.ts).
   * Callers use planOf, which falls back to `plan`.
   */
  planAsync?(readFile: ReadFile): Promise<MultiFilePlan>;
  /** Checked on every named file under the locks before anything else (rollback of a group). */
  precheck?(path: string, current: FileContent | undefined): { ok: true } | { ok: false; failure: Failure };
  /**
   * Of two case-spellings of one file the call names (a case-insensitive mount), the one that
   * holds the file now, when the caller knows (a group rollback: the name its change left the
   * file under); else the pipeline decides (case-rename-holder.ts).
   */
  caseHolder?(a: string, b: string): string | undefined;
}

/** The request's plan: off the host's thread when it can be (planAsync), else `plan`. */
export function planOf(req: MultiFileRequest, readFile: ReadFile): Promise<MultiFilePlan> {
  return req.planAsync ? req.planAsync(readFile) : Promise.resolve(req.plan(readFile));
}

/** A request, as opposed to the failure a request builder answers with. */
export function isMultiFileRequest(x: MultiFileRequest | ToolResultJson): x is MultiFileRequest {
  return typeof (x as MultiFileRequest).plan === 'function';
}

/**
 * One named file under its lock: its text, or (planOnContent only) `raw`, its bytes, when it
 * exists but is not text; neither when it does not exist.
 */
interface Named { given: string; target: Target; current: FileText | undefined; raw?: FileBytes }

/** What a named file holds, text or bytes; undefined when it does not exist. */
function contentOf(n: Named | undefined): FileContent | undefined {
  return n?.current ?? n?.raw;
}

/**
 * The multi-file path of the editing tools, all or nothing. Every named path is resolved and
 * confined, the files' locks are taken in one fixed order (sorted real paths: two multi-file
 * calls never wait on each other in a cycle), every path is resolved again under the locks,
 * every file read (dirty buffer first) and hash-checked, the whole change planned, every new
 * text passed through the final-text guard and validation, consent asked for every protected
 * file — and only then ONE group write transaction writes them (write-transaction.ts). A
 * refusal at any step writes nothing.
 */
export async function runMultiFileEdit(ctx: InvocationContext, req: MultiFileRequest): Promise<ToolResultJson> {
  const { host } = ctx;
  const options = { forWrite: true, allowCreate: true };
  const hashKeys = Object.keys(req.baseHashes);
  const given = [...new Set([...req.paths, ...hashKeys])];
  const first = new Map<string, Target>();
  for (const p of given) {
    const r = await host.files.resolve(p, options);
    if (!r.ok) return failureResult(r.failure, { path: p, nothing_written: true });
    first.set(p, r.target);
  }
  // Two spellings of one file in the plan would be planned as two files and written twice; only
  // two cases of one name on a case-insensitive mount pass, to be a case-only rename (or refused) once planned.
  const pairs = sameFilePairs(req.paths, (p) => first.get(p) as Target);
  const refused = sameFileRefusal(pairs);
  if (refused) return failureResult(refused.failure, { nothing_written: true });
  const keys = [...new Set([...first.values()].map((t) => t.realPath))].sort();
  const locked = (i: number): Promise<ToolResultJson> =>
    i === keys.length ? underLocks(ctx, req, given, first) : host.locks.run(keys[i], () => locked(i + 1));
  return locked(0);
}

async function underLocks(ctx: InvocationContext, req: MultiFileRequest, given: string[], first: Map<string, Target>): Promise<ToolResultJson> {
  const { host, token } = ctx;
  const settings = host.settings();
  const turnId = host.turnIdFor(ctx.invocationToken);
  const options = { forWrite: true, allowCreate: true };
  const named = new Map<string, Named>();
  const byReal = new Map<string, Named>();
  for (const p of given) {
    const again = await host.files.resolve(p, options);
    if (!again.ok) return failureResult(again.failure, { path: p });
    if (again.target.realPath !== first.get(p)?.realPath) {
      return failureResult(pathDenied('PATH_CHANGED', `${quotePath(p)} led to another file once this call's turn came (a link changed meanwhile). Nothing was changed; call again.`, p).failure);
    }
    let entry = byReal.get(again.target.realPath);
    if (!entry) {
      const read = await host.files.readText(again.target, settings.maxFileBytes);
      if (!read.ok && read.failure.error_type !== 'FILE_NOT_FOUND') {
        // A rollback puts back what a file was, whatever it holds now: bytes that are not text are read as they are.
        const raw = req.planOnContent ? await host.files.readForRestore(again.target, settings.maxFileBytes, MAX_RAW_BYTES) : undefined;
        if (!raw?.ok || !isFileBytes(raw.current)) return failureResult(read.failure, { path: again.target.displayPath, nothing_written: true });
        entry = { given: p, target: again.target, current: undefined, raw: raw.current };
      } else {
        entry = { given: p, target: again.target, current: read.ok ? read.current : undefined };
      }
      byReal.set(again.target.realPath, entry);
    }
    named.set(p, entry);
  }
  const display = (p: string) => named.get(p)?.target.displayPath ?? p;
  // A file created meanwhile under another case of a name this call adds is the same file too.
  const pairs = sameFilePairs(req.paths, (p) => (named.get(p) as Named).target);
  const refused = sameFileRefusal(pairs);
  if (refused) return failureResult(refused.failure, { nothing_written: true });
  if (pairKeys(pairs) !== pairKeys(sameFilePairs(req.paths, (p) => first.get(p) as Target))) {
    return failureResult(pathDenied('PATH_CHANGED', 'A file this call names was created or removed under another case of its name once this call\'s turn came. Nothing was changed; read the files again and call again.', req.paths[0]).failure, { nothing_written: true });
  }
  // Of one file under two cases of its name, the plan sees it under the name that holds it now.
  const casePairs: CasePair[] = [];
  const holderOf = new Map<string, string>();
  for (const pair of pairs) {
    const cp = await casePairOf(host, pair, req.paths, req.baseHashes, req.caseHolder);
    named.set(cp.alias, { given: cp.alias, target: (named.get(cp.alias) as Named).target, current: undefined });
    holderOf.set(cp.alias, cp.holder);
    casePairs.push(cp);
  }

  if (req.precheck) {
    for (const p of req.paths) {
      const pre = req.precheck(display(p), contentOf(named.get(p)));
      if (!pre.ok) return failureResult(pre.failure, { path: display(p), nothing_written: true });
    }
  }
  let appliedBefore: Array<{ realPath: string; baseSha256: string }> = [];
  // stale hashes, keyed by the file's real path (the key the plan's reads are matched by)
  const stale: StaleBase[] = [];
  for (const [p, sha] of Object.entries(req.baseHashes)) {
    const n = named.get(holderOf.get(p) ?? p) as Named;
    if (!n.current) return failureResult(fail('FILE_NOT_FOUND', `${n.target.displayPath} no longer exists (it was deleted or renamed after you read it). Nothing was changed.`).failure, { path: n.target.displayPath, nothing_written: true });
    if (sha.toLowerCase() !== n.current.sha256) stale.push({ path: n.target.realPath, baseSha256: sha, current: n.current });
  }

  const readFrom = (bases?: ReadonlyMap<string, string>): ReadFile => (p) => {
    const n = named.get(p);
    if (!n) throw new Error(`the plan read ${p}, which the call does not name`);
    return bases?.get(n.target.realPath) ?? n.current?.text;
  };
  let planned: MultiFilePlan;
  try {
    if (stale.length) {
      // a stale file is left as it is when its part, applied to the version the agent read,
      // gives its current text (the change landed before): the plan on those versions is the
      // plan of the call, and leaves exactly those files unchanged
      let onBases: MultiFilePlan | undefined;
      const verdict = await staleBasesApplied(host.store, stale, async (bases) => {
        onBases = await planOf(req, readFrom(bases));
        if (!onBases.ok) return undefined;
        const out = new Map<string, string | undefined>();
        for (const f of onBases.files) if (f.action === 'update') out.set((named.get(f.path) as Named).target.realPath, f.text);
        return out;
      });
      if (!verdict.ok) {
        const n = [...named.values()].find((x) => x.target.realPath === verdict.failed.path) as Named;
        const mismatch = await hashMismatchResult(host.store, n.target.displayPath, verdict.failed.baseSha256, verdict.failed.current.text, verdict.failed.current.sha256);
        return { ...mismatch, message: `${mismatch.message} No file of this call was changed.`, nothing_written: true };
      }
      appliedBefore = stale.map((x) => ({ realPath: x.path, baseSha256: x.baseSha256 }));
      planned = onBases as unknown as MultiFilePlan;
    } else {
      planned = req.planOnContent ? req.planOnContent((p) => contentOf(named.get(p))) : await planOf(req, readFrom());
    }
  } catch (e) {
    return failureResult(fail('INTERNAL_ERROR', `Planning the change failed: ${(e as Error).message}. Nothing was changed.`).failure);
  }
  if (!planned.ok) {
    // The plan found no file under a name that is another case of one it names: say why.
    const alias = planned.error.path !== undefined ? casePairs.find((cp) => cp.alias === planned.error.path) : undefined;
    if (alias && planned.error.type === 'FILE_NOT_FOUND') return failureResult(caseRenameFailure(alias.holder, alias.alias, 'shape').failure, { path: display(alias.alias), nothing_written: true });
    const { type, message, path, ...data } = planned.error;
    const failedPath = path !== undefined ? display(path) : undefined;
    const n = path !== undefined ? named.get(path) : undefined;
    if (failedPath) await host.store.recordAttempt({ tool: req.tool, path: failedPath, outcome: 'failed', beforeText: n?.current?.text ?? '', turnId, client: ctx.client, message });
    // A patch that does not fit a file is an invalid patch for the model (as in the one-file path).
    const errorType = type === 'NO_MATCH' && req.unit === 'hunk' ? 'INVALID_PATCH' : type;
    return { success: false, error_type: errorType, message, ...(failedPath ? { path: failedPath } : {}), ...data, ...(errorType !== type ? { reason: 'no_match' } : {}), nothing_written: true };
  }

  // Every file's part, in plan order: what it becomes and what the result reports.
  const changes: GroupChange[] = [];
  const files: Array<Record<string, unknown>> = [];
  const checks: Array<FileCheck & { n: Named }> = [];
  const add = (n: Named, newText: string | null, movedAway?: boolean, like?: FileLike, newBytes?: Buffer) => {
    const mode = req.modeFor?.(n.target.displayPath);
    changes.push({
      tool: req.tool, target: n.target, current: contentOf(n), newText, turnId, client: ctx.client, createDirs: true,
      ...(like && !contentOf(n) ? { like } : {}), ...(newBytes ? { newBytes } : {}), ...(mode !== undefined ? { mode } : {}),
    });
    checks.push({ n, newText, movedAway });
  };
  for (const f of planned.files) {
    const n = named.get(f.path) as Named;
    const entry = fileEntry(f, n, display, req.modeFor?.(n.target.displayPath));
    files.push(entry);
    const landed = appliedBefore.find((a) => a.realPath === n.target.realPath);
    if (landed && entry.action === 'unchanged') {
      entry.already_applied ??= true;
      entry.notes = [...((entry.notes as string[] | undefined) ?? []), appliedOnBaseMessage(n.target.displayPath, landed.baseSha256)];
    }
    if (entry.action === 'unchanged') continue;
    if (n.current && req.requireBaseForExisting && req.baseHashes[f.path] === undefined && !hasHashFor(req, named, n)) {
      return failureResult(fail('INVALID_INPUT', `${n.target.displayPath} already exists: pass its sha256 in base_hashes (the version you read; safe_read_file gives it), so your change cannot overwrite edits you have not seen. Nothing was changed.`, { field: 'base_hashes' }).failure, { path: n.target.displayPath, sha256: n.current.sha256, nothing_written: true });
    }
    // A move's source goes while its text lives on at the target: not a deletion to guard; the
    // target is the same file under a new name, with the source's BOM and permission bits.
    const like = f.action === 'move' ? likeOf(n.current) : req.likeFor?.(f.path);
    // Bytes to write as they are (a rollback to a backup kept as bytes): with their text when they
    // are text (checked as a text, and what a case-only rename writes), else no text check at all.
    if (f.bytes !== undefined) add(n, f.text ?? null, false, like, Buffer.from(f.bytes));
    else for (const part of partsOf(f)) add(named.get(part.path) as Named, part.newText, f.action === 'move' && part.newText === null, part.newText !== null ? like : undefined);
  }
  for (const cp of casePairs) {
    const holder = named.get(cp.holder) as Named;
    const joined = await joinCaseRename(host, holder, named.get(cp.alias) as Named, changes, checks);
    if (!joined.ok) return failureResult(joined.failure, { path: holder.target.displayPath, nothing_written: true });
    for (const e of files) if (e.path === display(cp.holder) || e.path === display(cp.alias)) e.case_only_rename = { from: display(cp.holder), to: display(cp.alias) };
  }

  for (const { n, newText, movedAway, before: renamedText } of checks) {
    const path = n.target.displayPath;
    const before = renamedText ?? n.current?.text;
    if (newText === null && before !== undefined && !movedAway && !req.allowSizeReduce) {
      const guarded = checkDeletion(before, { minBytes: settings.writeGuardMinBytes });
      if (!guarded.ok) {
        await host.store.recordAttempt({ tool: req.tool, path, outcome: 'blocked', beforeText: before, turnId, client: ctx.client, message: guarded.failure.message });
        return failureResult(guarded.failure, { path, nothing_written: true });
      }
    }
    if (newText !== null) {
      const checked = await checkNewText({
        path, before, newText, settings, allowSizeReduce: req.allowSizeReduce, skipValidation: req.skipValidation,
        languageId: host.files.languageId(n.target), sourceDir: nodePath.dirname(n.target.absPath),
        attempt: (outcome, message) => host.store.recordAttempt({ tool: req.tool, path, outcome, beforeText: before ?? '', turnId, client: ctx.client, message }),
      });
      if ('stop' in checked) {
        const stop = checked.stop;
        return { ...stop, ...(stop.error_type === 'VALIDATION_FAILED' ? { message: `${stop.message} No file of this call was changed.` } : {}), nothing_written: true };
      }
      const { check } = checked;
      const entry = files.find((e) => e.path === path || e.moved_to === path);
      if (entry && check.warnings) entry.validation_warnings = check.warnings;
    }
  }
  for (const { n, newText, before } of checks) {
    const bytes = changes.find((c) => c.target === n.target)?.newBytes;
    const shown = (t: string | undefined, raw: FileBytes | undefined) => t ?? (raw ? describeBytes(raw.bytes.length) : '');
    const consent = await host.consentForSensitive(n.target, shown(before ?? n.current?.text, n.raw), newText ?? (bytes ? describeBytes(bytes.length) : ''), req.tool, ctx.consentHolder);
    if (!consent.ok) {
      await host.store.recordAttempt({ tool: req.tool, path: n.target.displayPath, outcome: 'blocked', beforeText: n.current?.text ?? '', turnId, client: ctx.client, message: consent.failure.message });
      return failureResult({ ...consent.failure, message: `${consent.failure.message} No file of this call was changed.` }, { path: n.target.displayPath, nothing_written: true });
    }
  }
  if (token.isCancellationRequested) return { success: false, error_type: 'CANCELLED', message: 'Cancelled before the edit was applied; nothing was changed.', nothing_written: true };

  if (!changes.length) {
    return { success: true, message: 'Every change is already in the files; nothing was changed.', already_applied: true, files, ...(planned.notes ? { notes: planned.notes } : {}) };
  }
  // Diagnostics as for one file: watched before the write, what each file's change introduced
  // reported with it (or with a later result). Never rolled back one file at a time: that
  // would break the change's all or nothing (safeEdit.diagnostics.onNewErrors only reports here).
  const diagnostics = host.diagnostics;
  const watches = await Promise.all(changes.map((c) => (c.newText === null || !diagnostics || isFileBytes(c.current) ? undefined : diagnostics.watch(c.target, c.current))));
  const committed = await writeGroupTransaction(host, changes);
  if (!committed.ok) return failureResult(committed.failure, { nothing_written: committed.failure.not_restored === undefined });
  const reports = await Promise.all(committed.files.map((c, i) => {
    const watch = watches[i];
    const before = changes[i].current;
    return diagnostics && watch !== undefined && 'applied' in c.written && !isFileBytes(before) ? diagnostics.report(changes[i].target, watch, before?.text, c.written.applied, { mayRollBack: false }) : undefined;
  }));
  let added = 0;
  let removed = 0;
  committed.files.forEach((c, i) => {
    added += c.lines?.added ?? 0;
    removed += c.lines?.removed ?? 0;
    const path = changes[i].target.displayPath;
    const entry = files.find((e) => e.path === path || e.moved_to === path);
    if (entry && 'raw' in c.written) {
      entry.sha256 = c.written.raw.sha256;
      if (c.written.raw.notes?.length) entry.notes = [...((entry.notes as string[]) ?? []), ...c.written.raw.notes];
    }
    if (entry && 'applied' in c.written) {
      if (entry.moved_to === undefined || entry.moved_to === path) entry.sha256 = c.written.applied.sha256;
      if (!c.written.applied.saved) entry.saved = false;
      if (c.written.applied.notes.length) entry.notes = [...((entry.notes as string[]) ?? []), ...c.written.applied.notes];
    }
    if (entry) entry.backup_ids = [...((entry.backup_ids as string[]) ?? []), c.entryId];
    if (entry && reports[i]) Object.assign(entry, reports[i]!.fields);
  });
  const changed = files.filter((f) => f.action !== 'unchanged').length;
  return {
    success: true,
    message: `Changed ${changed} file${changed === 1 ? '' : 's'} as one change (${files.map((f) => `${f.path}: ${f.action}`).join(', ')}). rollback_file of any of them with group: true (the default) undoes the whole change. Check each file's part against your intent.`,
    path: files[0]?.path,
    files,
    group_id: committed.groupId,
    lines_added: added,
    lines_removed: removed,
    ...(planned.notes ? { notes: planned.notes } : {}),
  };
}

/** The call's case pairs, as one comparable string. */
function pairKeys(pairs: readonly SameFile[]): string {
  return pairs.map((p) => `${p.one.given}\u0000${p.other.given}`).join('\u0001');
}

/** base_sha256 keyed by another spelling of the same file counts too. */
function hasHashFor(req: MultiFileRequest, named: Map<string, Named>, n: Named): boolean {
  return Object.keys(req.baseHashes).some((k) => named.get(k)?.target.realPath === n.target.realPath);
}

/** The result's line for one file of the plan (sha256 filled in after the write). */
function fileEntry(f: FilePlan, n: Named, display: (p: string) => string, mode?: number): Record<string, unknown> & { action: string; path: string; moved_to?: string } {
  // A file whose mode is to change is changed, whatever its content (a rollback of a mode change).
  const modeChanges = mode !== undefined && contentOf(n) !== undefined && contentOf(n)?.mode !== mode;
  const unchanged = !modeChanges && leavesUnchanged(f, n.current?.text);
  const action = unchanged ? 'unchanged' : f.action === 'add' ? 'added' : f.action === 'delete' ? 'deleted' : f.action === 'move' ? 'moved' : 'modified';
  const extra = f as FilePlan & { replacements?: number };
  return {
    path: n.target.displayPath,
    action,
    ...(f.action === 'move' ? { moved_to: display(f.move_to as string) } : {}),
    ...(unchanged && contentOf(n) ? { sha256: (contentOf(n) as FileContent).sha256 } : {}),
    ...(f.action === 'delete' ? { sha256: null } : {}),
    ...(f.hunks?.length ? { hunks: f.hunks } : {}),
    ...(extra.replacements !== undefined ? { replacements: extra.replacements } : {}),
    ...(f.already_applied_hunks?.length ? { already_applied: f.already_applied_hunks } : {}),
    ...(f.tolerance && f.tolerance !== 'exact' ? { tolerance: f.tolerance } : {}),
    ...(f.notes?.length ? { notes: f.notes } : {}),
  };
}

function likeOf(current: FileText | undefined): FileLike | undefined {
  return current ? { bom: current.bom, ...(current.mode !== undefined ? { mode: current.mode } : {}) } : undefined;
}

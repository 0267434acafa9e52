/**
 * planUnifiedFiles: a unified diff of one or more files as a multi-file plan (the shape of
 * planApplyPatch's), all files or none. Each file section goes through applyFilePatch, so its
 * hunks get the tiers, the uniqueness rule and the byte preservation of a one-file diff.
 * - `--- /dev/null` adds the file (its `+` lines; an existing file with exactly that content
 *   is a retry, `unchanged`);
 * - `+++ /dev/null` deletes it (the file must exist);
 * - different old and new paths move it (the new path must not exist);
 * - hunks already in the file (a retried diff) are reported in already_applied_hunks.
 * Pure: `readFile` gives the current texts; nothing is written. Never throws (a throwing
 * `readFile` aside). Every section is planned, so a failure says which files would apply.
 */
import { parsePatch, FilePatch } from '../patch/parse';
import { applyFilePatch, contextFor } from '../patch/apply';
import { placeHunks, PlaceOutcome } from '../apply-patch/place-hunks';
import { WorkLimitExceeded, tooLargeMessage, tooManyHunks } from '../patch/work-meter';
import { MAX_HUNKS_PER_CALL } from '../catalog/limits';
import { combineFilePlans } from '../apply-patch/combine';
import type { FilePlan, PlanOptions, ReadFile } from '../apply-patch/types';
import type { MultiFileError, MultiFilePlan } from './types';

type Outcome = { ok: true; plan: FilePlan } | { ok: false; error: MultiFileError };

export function planUnifiedFiles(patchText: string, readFile: ReadFile, options: PlanOptions = {}): MultiFilePlan {
  const parsed = parsePatch(patchText);
  if (!parsed.ok) return { ok: false, error: { type: 'INVALID_PATCH', message: `${parsed.message} Send a unified diff with ---/+++ headers per file and @@ hunks whose lines start with ' ', '-' or '+'.` } };
  const count = parsed.files.reduce((n, f) => n + f.hunks.length, 0);
  if (count > MAX_HUNKS_PER_CALL) return { ok: false, error: tooManyHunks(count, MAX_HUNKS_PER_CALL) };
  // Each file is written by one section only: a second section, or a rename onto a file another
  // section names, would be planned against the same old text and written twice.
  const seen = new Set<string>();
  for (const f of parsed.files) {
    const p = sectionPath(f);
    if (p === undefined) return { ok: false, error: { type: 'INVALID_PATCH', message: 'A file section of the patch names no file (no ---/+++ header): with several files, every section needs its headers.' } };
    const names = f.newPath !== undefined && f.newPath !== p ? [p, f.newPath] : [p];
    for (const n of names) {
      if (seen.has(n)) return { ok: false, error: { type: 'INVALID_PATCH', message: `${n} is named by two file sections of the patch (or renamed onto); put all its hunks in one section.`, path: n } };
      seen.add(n);
    }
  }
  return combineFilePlans(parsed.files.map((f) => planSection(f, readFile, options)));
}

/** The path a section changes: its old path (a delete or move starts there), else its new one. */
export function sectionPath(f: FilePatch): string | undefined {
  return f.oldPath ?? f.newPath;
}

/** Every path the patch names (old and new), in patch order; [] when it does not parse. */
export function unifiedPaths(patchText: string): string[] {
  const parsed = parsePatch(patchText);
  if (!parsed.ok) return [];
  const out: string[] = [];
  for (const f of parsed.files) for (const p of [f.oldPath, f.newPath]) if (p !== undefined && !out.includes(p)) out.push(p);
  return out;
}

function planSection(f: FilePatch, readFile: ReadFile, options: PlanOptions): Outcome {
  const path = sectionPath(f) as string;
  const current = readFile(path);
  const failed = (type: MultiFileError['type'], message: string, extra: Partial<MultiFileError> = {}): Outcome => ({ ok: false, error: { type, message: `${path}: ${message}`, path, ...extra } });
  if (f.oldPath === undefined) {
    const r = applyFilePatch('', f, options);
    if (!r.ok) return failed(r.error.type, r.error.message, { hunk: r.error.hunk });
    if (current !== undefined) {
      if (current.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n') === r.text) return { ok: true, plan: { path, action: 'add', text: current, unchanged: true, notes: ['the file already exists with this content'] } };
      return failed('FILE_EXISTS', 'the patch creates this file (--- /dev/null) but it already exists. Send a patch against its current content.');
    }
    return { ok: true, plan: { path, action: 'add', text: r.text } };
  }
  if (current === undefined) return failed('FILE_NOT_FOUND', 'no such file. Check the path in the ---/+++ headers (a new file needs --- /dev/null).');
  if (f.newPath === undefined) return { ok: true, plan: { path, action: 'delete' } };
  const moving = f.newPath !== f.oldPath;
  if (moving && readFile(f.newPath) !== undefined) return failed('FILE_EXISTS', `the patch renames it to ${f.newPath}, which already exists.`);
  if (!f.hunks.length) return moving ? { ok: true, plan: { path, action: 'move', text: current, move_to: f.newPath } } : failed('INVALID_PATCH', 'the section has no @@ hunk.');
  // Placed as the apply_patch format's chunks are: a retried diff finds its hunks already in
  // the file and reports them as already applied instead of failing or applying them twice.
  const r = placeHunksBounded(current, f.hunks, options);
  if (!r.ok) {
    const { type, message, ...data } = r.error;
    return failed(type, message, data as Partial<MultiFileError>);
  }
  const plan: FilePlan = { path, action: moving ? 'move' : 'update', ...r.plan };
  if (moving) {
    plan.move_to = f.newPath;
    delete plan.unchanged; // a move changes the tree even when the text stays
  }
  return { ok: true, plan };
}

/** placeHunks, with a passed work budget answered as TOO_LARGE for this file. */
function placeHunksBounded(base: string, hunks: FilePatch['hunks'], options: PlanOptions): PlaceOutcome {
  try {
    return placeHunks(base, hunks, contextFor(base, hunks, options));
  } catch (e) {
    if (e instanceof WorkLimitExceeded) return { ok: false, error: { type: 'TOO_LARGE', message: tooLargeMessage('This part of the patch'), work_limit: e.limit } };
    throw e;
  }
}

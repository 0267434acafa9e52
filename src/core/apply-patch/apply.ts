/**
 * Plan an apply_patch (V4A) text against the current files: per file its action and new
 * text, or one failure for the whole patch. Writes nothing; the caller writes the plan
 * (all files or none).
 *
 * Update chunks go through the unified-diff engine (core/patch applyFilePatch): each chunk
 * becomes a Hunk with no line hint, its `@@` anchors become "start at or after this line"
 * (Hunk.minStart) and `*** End of File` becomes "end at the last line" (Hunk.atEnd). So
 * chunks are placed by the same tiers and the same uniqueness rule, and line endings, BOM
 * and the final newline are kept as that engine keeps them.
 */
import type { Hunk } from '../patch/parse';
import { KeyedLines, locate } from '../patch/match';
import { diagnose } from '../patch/diagnose';
import { contextFor } from '../patch/apply';
import { WorkLimitExceeded, tooLargeMessage, tooManyHunks } from '../patch/work-meter';
import { MAX_HUNKS_PER_CALL } from '../catalog/limits';
import { parseApplyPatch } from './parse';
import { fileLineLookup } from './padded-markers';
import { placeHunks } from './place-hunks';
import { combineFilePlans } from './combine';
import type { ApplyPatchError, ApplyPatchErrorType, ApplyPatchPlan, Chunk, FileOp, FilePlan, PlanOptions, ReadFile } from './types';

type FileOutcome = { ok: true; plan: FilePlan } | { ok: false; error: ApplyPatchError };

const quote = (s: string) => `'${s.trim().length > 120 ? s.trim().slice(0, 120) + '…' : s.trim()}'`;

/**
 * Plan `patchText` against the files `readFile` returns. Contract: never throws (a throwing
 * `readFile` aside) and never calls `readFile` for a path the patch does not name. Every file
 * section is planned, so a failure can say which files would have applied; if any fails the
 * result is that failure (the first in patch order) and no file's plan: the patch applies
 * whole or not at all. A patch whose every change is already in the files is a success with
 * `already_applied: true` and every file `unchanged`.
 */
export function planApplyPatch(patchText: string, readFile: ReadFile, options: PlanOptions = {}): ApplyPatchPlan {
  // a padded marker line that a section's file also has as a line is refused (padded-markers.ts)
  const parsed = parseApplyPatch(patchText, fileLineLookup(readFile));
  if (!parsed.ok) {
    return {
      ok: false,
      error: {
        type: 'INVALID_PATCH',
        message: `${parsed.message} Send "*** Begin Patch", then "*** Update File: PATH" with "@@" chunks of ' ', '-', '+' lines (or "*** Add File:" / "*** Delete File:"), then "*** End Patch".`,
        ...(parsed.line !== undefined ? { patch_line: parsed.line } : {}),
      },
    };
  }
  const count = parsed.ops.reduce((n, op) => n + (op.kind === 'update' ? op.chunks.length : 0), 0);
  if (count > MAX_HUNKS_PER_CALL) return { ok: false, error: tooManyHunks(count, MAX_HUNKS_PER_CALL, 'chunks') };
  return combineFilePlans(parsed.ops.map((op) => planOne(op, readFile, options)), { notes: parsed.notes });
}

function planOne(op: FileOp, readFile: ReadFile, options: PlanOptions): FileOutcome {
  const current = readFile(op.path);
  if (op.kind === 'add') {
    const text = op.lines.map((l) => l + '\n').join('');
    if (current !== undefined) {
      // a retried patch finds its own file: the same content (line endings and BOM aside) is already applied
      if (sameContent(current, text)) return { ok: true, plan: { path: op.path, action: 'add', text: current, unchanged: true, notes: ['the file already exists with this content'] } };
      return fail(op.path, 'FILE_EXISTS', `${op.path}: "*** Add File" names a file that already exists. Use "*** Update File: ${op.path}" with chunks against its current content.`);
    }
    return { ok: true, plan: { path: op.path, action: 'add', text } };
  }
  if (current === undefined) {
    const verb = op.kind === 'delete' ? 'Delete' : 'Update';
    return fail(op.path, 'FILE_NOT_FOUND', `${op.path}: "*** ${verb} File" names a file that does not exist. Check the path${op.kind === 'update' ? ', or use "*** Add File:" to create it' : ''}.`);
  }
  if (op.kind === 'delete') return { ok: true, plan: { path: op.path, action: 'delete' } };
  const moving = op.moveTo !== undefined && op.moveTo !== op.path;
  if (moving && readFile(op.moveTo!) !== undefined) {
    return fail(op.path, 'FILE_EXISTS', `${op.path}: "*** Move to: ${op.moveTo}" names a file that already exists. Move to a new path, or delete that file first in its own call.`);
  }
  const r = planUpdate(current, op.chunks, options);
  if (!r.ok) return { ok: false, error: { ...r.error, path: op.path, message: `${op.path}: ${r.error.message}` } };
  const plan: FilePlan = { path: op.path, action: moving ? 'move' : 'update', ...r.plan };
  if (moving) {
    plan.move_to = op.moveTo;
    delete plan.unchanged; // a move changes the tree even when the text stays
  }
  return { ok: true, plan };
}

type UpdateOutcome = { ok: true; plan: Omit<FilePlan, 'path' | 'action'> } | { ok: false; error: ApplyPatchError };

/** Apply the chunks of one update section to `base`: anchors resolved, then placeHunks. */
function planUpdate(base: string, chunks: Chunk[], options: PlanOptions): UpdateOutcome {
  if (!chunks.length) return { ok: true, plan: { text: base, hunks: [], unchanged: true } };
  // one context for the anchors and every placement of the chunks (see patch-context.ts)
  const ctx = contextFor(base, chunks.map((ch) => ({ index: ch.index, lines: ch.lines, oldNoEol: false, newNoEol: false })), options);
  try {
    const hunks: Hunk[] = [];
    for (const ch of chunks) {
      const at = resolveAnchors(ctx.file, ch);
      if (typeof at !== 'number') return { ok: false, error: at };
      hunks.push({ index: ch.index, lines: ch.lines, oldNoEol: false, newNoEol: false, ...(at > 0 ? { minStart: at } : {}), ...(ch.atEnd ? { atEnd: true } : {}) });
    }
    return placeHunks(base, hunks, ctx);
  } catch (e) {
    if (e instanceof WorkLimitExceeded) return { ok: false, error: { type: 'TOO_LARGE', message: tooLargeMessage('This part of the patch'), work_limit: e.limit } };
    throw e;
  }
}

/**
 * The 0-based line at which the chunk may start, from its anchors; or the failure. Each
 * anchor is one line located with the matcher's tiers (exact, then whitespace, then
 * punctuation) at or after the previous anchor's line + 1. An anchor found several times
 * gives its first occurrence: the anchor only narrows where the chunk may go (it must follow
 * SOME occurrence), and the chunk must still be unique in what is left, so no occurrence is
 * chosen by position alone.
 */
function resolveAnchors(file: KeyedLines, ch: Chunk): number | ApplyPatchError {
  let lo = 0;
  let after = -1; // the previous anchor's line
  for (const a of ch.anchors) {
    const from = after + 1;
    const old = [{ text: a, removed: false }];
    const ms = locate(file, old, { fuzzy: false, range: { lo: from, hi: file.lines.length } });
    if (!ms.length) {
      const d = diagnose(file, old, undefined);
      return {
        type: 'NO_MATCH',
        message: `hunk ${ch.index}: its anchor "@@ ${a.trim()}" is not a line of the file${from > 0 ? ` after line ${from}` : ''}` +
          (d.found ? `; the nearest is line ${d.found.line_number}: ${quote(d.found.text)}` : '') +
          '. Copy the anchor line (a class or function line) exactly from the file, or leave it out.',
        hunk: ch.index,
        line: a,
        ...(d.found ? { found: d.found } : {}),
      };
    }
    after = ms[0].start;
    lo = after;
  }
  return lo;
}


function fail(path: string, type: ApplyPatchErrorType, message: string): FileOutcome {
  return { ok: false, error: { type, message, path } };
}

/** Equal once the BOM is dropped and CRLF is read as LF. */
function sameContent(a: string, b: string): boolean {
  const norm = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s).replace(/\r\n/g, '\n');
  return norm(a) === norm(b);
}

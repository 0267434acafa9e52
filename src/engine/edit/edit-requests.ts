import type { LineRange } from '../../core/excerpt';
import { findElisionMarkers } from '../../core/elision';
import { applyHtmlPatches, HtmlPatch } from '../../core/html';
import { applyLineEdit, LineEditMode } from '../../core/lines/edit-lines';
import { applyUnifiedDiff } from '../../core/patch';
import type { EngineResult } from '../../core/patch';
import { applySearchReplace } from '../../core/replace';
import { fail, Result } from '../../core/types';
import { engineFailure } from '../results/engine-failure';

// The single-file editing tools' edits as values: which file, which guards, and how the new
// text is computed from the current one (the core engines and the result wording). No
// `vscode`: the extension's pipeline (edit-pipeline.ts) and the headless MCP server
// (src/headless/) run the same edits, each with its own way of reading and writing.

/** What an editing tool computed from the current text: the whole new text and where it changed. */
export interface EditPlan {
  newText: string;
  /** 1-based ranges of the NEW text that changed (for the excerpt). */
  changed: LineRange[];
  /** One sentence on what was done, e.g. "Applied 2 hunks (exact match)." */
  summary: string;
  /** Tool-specific result fields (hunk placements, tolerance used, replacements…). */
  details?: Record<string, unknown>;
}

/** What every tool's input says of the file and its guards. */
function guardsOf(tool: string, input: { path: string; base_sha256?: string; skip_validation?: boolean; allow_size_reduce?: boolean }) {
  return { tool, path: input.path, baseSha256: input.base_sha256, skipValidation: input.skip_validation, allowSizeReduce: input.allow_size_reduce };
}

/** One single-file edit: the file, the guards that apply, and the plan. */
export interface PlannedEdit {
  tool: string;
  path: string;
  baseSha256?: string;
  /** write_file may create a missing file. */
  allowCreate?: boolean;
  createDirs?: boolean;
  /** An existing file may only be changed by a caller that shows it read it (write_file, edit_lines, safe_patch). */
  requireBaseForExisting?: boolean;
  skipValidation?: boolean;
  /** Let the final text shrink the file past the write guard (allow_size_reduce). */
  allowSizeReduce?: boolean;
  /** Computes the edit from the current text (undefined when the file does not exist yet). */
  plan(current: string | undefined): Result<{ plan: EditPlan }>;
  /**
   * The same on any text, off the host's thread when the text or the change is large
   * (computed-first.ts); callers that plan on a text other than the one read under the lock
   * (a stale base's version) use it when given.
   */
  planAsync?(text: string | undefined): Promise<Result<{ plan: EditPlan }>>;
}

export interface SingleSafePatchInput { path: string; base_sha256?: string; unified_diff: string; allow_size_reduce?: boolean; skip_validation?: boolean }
export interface SingleReplaceInput { path: string; old_text: string; new_text: string; base_sha256?: string; expected_replacements?: number; allow_size_reduce?: boolean; skip_validation?: boolean }
export interface EditLinesInput { path: string; base_sha256: string; mode: LineEditMode; start_line: number; end_line?: number; new_lines?: string[]; check_duplicates?: boolean; allow_size_reduce?: boolean; skip_validation?: boolean }
export interface WriteFileInput { path: string; content: string; base_sha256?: string; allow_size_reduce?: boolean; create_dirs?: boolean; skip_validation?: boolean }
export interface PatchHtmlInput { path: string; base_sha256: string; patches: HtmlPatch[]; allow_size_reduce?: boolean; skip_validation?: boolean }

export function safePatchEdit(input: SingleSafePatchInput): PlannedEdit {
  return {
    ...guardsOf('safe_patch', input),
    requireBaseForExisting: true,
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'safe_patch edits existing files; create a new file with write_file.');
      return safePatchPlanOf(applyUnifiedDiff(current, input.unified_diff));
    },
  };
}

/** safe_patch's answer from the engine's result (computed here, or on a worker thread). */
export function safePatchPlanOf(r: EngineResult): Result<{ plan: EditPlan }> {
  if (!r.ok) {
    // A patch that does not fit the file is an invalid patch for the model and the failure counter.
    const failure = engineFailure(r.error);
    if (failure.error_type === 'NO_MATCH') return { ok: false, failure: { ...failure, error_type: 'INVALID_PATCH', reason: 'no_match' } };
    return { ok: false, failure };
  }
  const n = r.hunks?.length ?? 0;
  return {
    ok: true,
    plan: {
      newText: r.text,
      changed: r.changed,
      summary: `Applied ${n} hunk${n === 1 ? '' : 's'}${r.tolerance === 'exact' ? '' : ` (tolerance used: ${r.tolerance})`}.`,
      details: { hunks: r.hunks, tolerance: r.tolerance, ...(r.notes?.length ? { engine_notes: r.notes } : {}), ...(r.already_applied?.length ? { already_applied_hunks: r.already_applied } : {}) },
    },
  };
}

export function replaceEdit(input: SingleReplaceInput): PlannedEdit {
  return {
    ...guardsOf('replace_in_file', input),
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'replace_in_file edits existing files; create a new file with write_file.');
      return replacePlanOf(applySearchReplace(current, input.old_text, input.new_text, { expectedReplacements: input.expected_replacements }));
    },
  };
}

/** replace_in_file's answer from the engine's result (computed here, or on a worker thread). */
export function replacePlanOf(r: EngineResult): Result<{ plan: EditPlan }> {
  if (!r.ok) return { ok: false, failure: engineFailure(r.error) };
  const n = r.replacements ?? 1;
  return {
    ok: true,
    plan: {
      newText: r.text,
      changed: r.changed,
      summary: `Replaced ${n} occurrence${n === 1 ? '' : 's'}${r.tolerance === 'exact' ? '' : ` (tolerance used: ${r.tolerance})`}.`,
      details: { replacements: n, tolerance: r.tolerance, ...(r.notes?.length ? { engine_notes: r.notes } : {}), ...(r.already_applied?.length ? { already_applied_hunks: r.already_applied } : {}) },
    },
  };
}

export function editLinesEdit(input: EditLinesInput, duplicateWindow: number): PlannedEdit {
  return {
    ...guardsOf('edit_lines', input),
    requireBaseForExisting: true,
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'edit_lines edits existing files; create a new file with write_file.');
      const r = applyLineEdit(current, {
        mode: input.mode,
        start_line: input.start_line,
        end_line: input.end_line,
        new_lines: input.new_lines,
        check_duplicates: input.check_duplicates,
        duplicate_window: duplicateWindow,
      });
      if (!r.ok) return r;
      const verb = input.mode === 'insert' ? `Inserted ${r.lines_added} line(s) before line ${input.start_line}` : input.mode === 'delete' ? `Deleted ${r.lines_removed} line(s)` : `Replaced ${r.lines_removed} line(s) with ${r.lines_added}`;
      return { ok: true, plan: { newText: r.text, changed: r.changed, summary: `${verb}.` } };
    },
  };
}

export function writeFileEdit(input: WriteFileInput): PlannedEdit {
  return {
    ...guardsOf('write_file', input),
    allowCreate: true,
    createDirs: input.create_dirs,
    requireBaseForExisting: true,
    plan(current) {
      const content = input.content;
      // Only an existing file has real code a placeholder could stand for.
      const markers = current === undefined ? [] : findElisionMarkers(content, current);
      if (markers.length > 0) {
        const m = markers[0];
        return fail('ELISION_BLOCKED', `Refused: line ${m.line_number} of the content is a placeholder ("${m.text.trim().slice(0, 80)}") standing for code you left out; write_file would replace that code with the placeholder. Nothing was written. Send the complete file content, or use safe_patch/replace_in_file for a partial change.`, {
          markers: markers.slice(0, 5).map((x) => ({ line: x.line_number, text: x.text.trim().slice(0, 120) })),
        });
      }
      const lines = content.length === 0 ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
      const changed = current === undefined ? [{ start_line: 1, end_line: lines }] : changedRangesOf(current, content);
      return { ok: true, plan: { newText: content, changed, summary: current === undefined ? `Created with ${lines} lines.` : `Wrote ${lines} lines.` } };
    },
  };
}

export function patchHtmlEdit(input: PatchHtmlInput): PlannedEdit {
  return {
    ...guardsOf('patch_html', input),
    requireBaseForExisting: true,
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'patch_html edits existing HTML files; create a new file with write_file.');
      const r = applyHtmlPatches(current, input.patches);
      if (!r.ok) {
        const { type, message, ...data } = r.error;
        return { ok: false, failure: { error_type: type, message, ...data } };
      }
      return { ok: true, plan: { newText: r.text, changed: r.changed, summary: `Applied ${r.applied} HTML patch${r.applied === 1 ? '' : 'es'}.` } };
    },
  };
}

/** Where a whole-file write differs from the old text, as ranges of the new text (for the excerpt). Linear. */
function changedRangesOf(oldText: string, newText: string) {
  const a = oldText.split(/\r?\n/);
  const b = newText.split(/\r?\n/);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let ea = a.length - 1;
  let eb = b.length - 1;
  while (ea >= start && eb >= start && a[ea] === b[eb]) {
    ea--;
    eb--;
  }
  return [{ start_line: start + 1, end_line: eb + 1 }];
}

/**
 * A rollback as an edit: the text before a journaled change, written back whatever its size
 * (the user's way back) and without validation (it was the file's text before).
 */
export function restoreEdit(tool: string, path: string, entry: { tool: string; time: number; id: string }, text: string): PlannedEdit {
  const lines = text.split('\n').length;
  return {
    tool,
    path,
    allowCreate: true,
    createDirs: true,
    skipValidation: true,
    allowSizeReduce: true,
    plan: () => ({ ok: true, plan: { newText: text, changed: [{ start_line: 1, end_line: Math.min(lines, 8) }], summary: `Restored ${path} to the state before ${entry.tool} at ${new Date(entry.time).toISOString()} (backup ${entry.id}).` } }),
  };
}

/**
 * planReplaceEdits: several old_text → new_text replacements, in one or more files, as a
 * multi-file plan, all or nothing.
 *
 * Every edit is placed on the UNMODIFIED text of its file with applySearchReplace (its tiers,
 * its uniqueness rule and expected_replacements), like the hunks of a patch, so the order of
 * the edits does not matter and no edit matches text another edit wrote. The line changes of
 * each edit (a line diff of the file against the file with that edit alone) are then combined;
 * edits whose changes overlap, or touch where the order would be a guess (an insertion next to
 * another edit's change), are refused (AMBIGUOUS_MATCH naming both).
 *
 * Retries are harmless: an edit whose old_text is not found but whose new_text stands in the
 * file exactly once (the edit reversed places uniquely) is already applied: listed in
 * `already_applied_edits`, not applied again.
 */
import { applySearchReplace } from '../replace/apply';
import { diffLineArrays, LineChange } from '../diff';
import { splitLinesKeepEnds } from '../diff/lines';
import type { FilePlan, ReadFile } from '../apply-patch/types';
import type { Tier } from '../patch/types';
import { mostTolerant } from '../patch/types';
import { combineFilePlans } from '../apply-patch/combine';
import type { MultiFileError, MultiFilePlan } from './types';

export interface ReplaceEdit {
  path: string;
  old_text: string;
  new_text: string;
  expected_replacements?: number;
}

interface Placed { edit: number; changes: LineChange[]; after: string[] }

type Outcome = { ok: true; plan: FilePlan } | { ok: false; error: MultiFileError };

export function planReplaceEdits(edits: readonly ReplaceEdit[], readFile: ReadFile): MultiFilePlan {
  const byPath = new Map<string, number[]>();
  edits.forEach((e, i) => {
    const list = byPath.get(e.path);
    if (list) list.push(i);
    else byPath.set(e.path, [i]);
  });
  const outcomes = [...byPath].map(([path, indexes]) => planFile(path, indexes, edits, readFile));
  return combineFilePlans(outcomes, { alreadyNote: 'every edit is already in the files: nothing to apply', singleFileSuffix: ' Nothing was applied.' });
}

function planFile(path: string, indexes: number[], edits: readonly ReplaceEdit[], readFile: ReadFile): Outcome {
  const base = readFile(path);
  const failed = (edit: number, type: MultiFileError['type'], message: string, extra: Partial<MultiFileError> = {}): Outcome =>
    ({ ok: false, error: { ...extra, type, message: `${path}: edit ${edit}: ${message}`, path, edit } });
  if (base === undefined) return failed(indexes[0] + 1, 'FILE_NOT_FOUND', 'no such file. replace_in_file edits existing files; create a new file with write_file.');
  const baseLines = splitLinesKeepEnds(base);
  const placed: Placed[] = [];
  const already: number[] = [];
  const tiers: Tier[] = [];
  let replacements = 0;
  for (const i of indexes) {
    const e = edits[i];
    const r = applySearchReplace(base, e.old_text, e.new_text, { expectedReplacements: e.expected_replacements });
    if (!r.ok) {
      if (r.error.type === 'NO_MATCH' && isAlreadyApplied(base, e)) { already.push(i + 1); continue; }
      const { type, message, ...data } = r.error;
      return failed(i + 1, type, message, data as Partial<MultiFileError>);
    }
    const after = splitLinesKeepEnds(r.text);
    placed.push({ edit: i + 1, changes: diffLineArrays(baseLines, after), after });
    tiers.push(r.tolerance);
    replacements += r.replacements ?? 1;
  }
  const notes = already.map((k) => `edit ${k} is already in the file: not applied again`);
  if (!placed.length) return { ok: true, plan: { path, action: 'update', text: base, unchanged: true, already_applied_hunks: already, notes } };
  const all = placed.flatMap((p) => p.changes.map((c) => ({ c, p })))
    .sort((x, y) => x.c.aStart - y.c.aStart || x.c.aEnd - y.c.aEnd);
  for (let k = 1; k < all.length; k++) {
    const prev = all[k - 1];
    const cur = all[k];
    if (prev.p === cur.p) continue;
    const insertion = prev.c.aStart === prev.c.aEnd || cur.c.aStart === cur.c.aEnd;
    if (cur.c.aStart < prev.c.aEnd || (cur.c.aStart === prev.c.aEnd && insertion)) {
      const [a, b] = [prev.p.edit, cur.p.edit].sort((x, y) => x - y);
      return failed(b, 'AMBIGUOUS_MATCH', `it changes line ${cur.c.aStart + 1}, which edit ${a} changes too (or inserts next to): edits of one file are placed on its text as you read it and must not overlap. Merge them into one edit.`, { candidates: [prev.c.aStart + 1, cur.c.aStart + 1] });
    }
  }
  // Splice: the base's lines, with each change's range replaced by its edit's new lines.
  const out: string[] = [];
  let at = 0;
  for (const { c, p } of all) {
    for (let i = at; i < c.aStart; i++) out.push(baseLines[i]);
    for (let i = c.bStart; i < c.bEnd; i++) out.push(p.after[i]);
    at = c.aEnd;
  }
  for (let i = at; i < baseLines.length; i++) out.push(baseLines[i]);
  const text = out.join('');
  return {
    ok: true,
    plan: {
      path, action: 'update', text, tolerance: mostTolerant(tiers),
      ...(already.length ? { already_applied_hunks: already, notes } : {}),
      ...(text === base ? { unchanged: true } : {}),
      replacements,
    } as FilePlan,
  };
}

/** old_text is absent and the edit reversed (new_text → old_text) places exactly once: it landed before. */
function isAlreadyApplied(base: string, e: ReplaceEdit): boolean {
  if (e.new_text.trim() === '') return false; // a deletion leaves nothing to recognise it by
  const back = applySearchReplace(base, e.new_text, e.old_text, { expectedReplacements: 1 });
  return back.ok;
}

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
 * Retries are harmless: an edit whose result already stands where it would land (the rule of
 * core/already-applied.ts, asked by placeSearchReplace) is listed in `already_applied_hunks`,
 * not applied again.
 */
import { placeSearchReplace } from '../replace/apply';
import { ReplaceContext } from '../replace/replace-context';
import type { LineChange } from '../diff';
import { diffAround } from '../diff/around';
import { splitLinesKeepEnds } from '../diff/lines';
import { renderWindow } from '../patch/render';
import type { FilePlan, PlanOptions, ReadFile } from '../apply-patch/types';
import type { Tier } from '../patch/types';
import { mostTolerant } from '../patch/types';
import { WorkMeter, WorkLimitExceeded, tooLargeMessage, lineCount } from '../patch/work-meter';
import { combineFilePlans } from '../apply-patch/combine';
import { MAX_EDITS_PER_CALL } from '../catalog/limits';
import type { MultiFileError, MultiFilePlan } from './types';

export interface ReplaceEdit {
  path: string;
  old_text: string;
  new_text: string;
  expected_replacements?: number;
}

/** One placed edit: its line changes against the base, and the new text's line at index i. */
interface Placed { edit: number; changes: LineChange[]; after: (i: number) => string }

type Outcome = { ok: true; plan: FilePlan } | { ok: false; error: MultiFileError };

export function planReplaceEdits(edits: readonly ReplaceEdit[], readFile: ReadFile, options: PlanOptions = {}): MultiFilePlan {
  if (edits.length > MAX_EDITS_PER_CALL) {
    return { ok: false, error: { type: 'TOO_LARGE', message: `The call has ${edits.length} edits; one call makes at most ${MAX_EDITS_PER_CALL} (MAX_EDITS_PER_CALL). Nothing was applied. Split the edits into several calls.`, limit: MAX_EDITS_PER_CALL } };
  }
  const byPath = new Map<string, number[]>();
  edits.forEach((e, i) => {
    const list = byPath.get(e.path);
    if (list) list.push(i);
    else byPath.set(e.path, [i]);
  });
  const outcomes = [...byPath].map(([path, indexes]) => planFileBounded(path, indexes, edits, readFile, options));
  return combineFilePlans(outcomes, { alreadyNote: 'every edit is already in the files: nothing to apply', singleFileSuffix: ' Nothing was applied.' });
}

/** planFile, with a passed work budget answered as TOO_LARGE for this file. */
function planFileBounded(path: string, indexes: number[], edits: readonly ReplaceEdit[], readFile: ReadFile, options: PlanOptions): Outcome {
  try {
    return planFile(path, indexes, edits, readFile, options);
  } catch (e) {
    if (!(e instanceof WorkLimitExceeded)) throw e;
    return { ok: false, error: { type: 'TOO_LARGE', message: `${path}: ${tooLargeMessage('These edits')}`, path, work_limit: e.limit } };
  }
}

/**
 * Every edit is placed on the base through one context (its lines, keys and indexes made
 * once), and its line changes are found around the lines it rewrites (diffAround) rather than
 * by diffing two copies of the whole file: the cost per edit is a search of the text and the
 * lines it touches.
 */
function planFile(path: string, indexes: number[], edits: readonly ReplaceEdit[], readFile: ReadFile, options: PlanOptions): Outcome {
  const base = readFile(path);
  const failed = (edit: number, type: MultiFileError['type'], message: string, extra: Partial<MultiFileError> = {}): Outcome =>
    ({ ok: false, error: { ...extra, type, message: `${path}: edit ${edit}: ${message}`, path, edit } });
  if (base === undefined) return failed(indexes[0] + 1, 'FILE_NOT_FOUND', 'no such file. replace_in_file edits existing files; create a new file with write_file.');
  let chars = base.length;
  let lines = 0;
  for (const i of indexes) {
    chars += edits[i].old_text.length + edits[i].new_text.length;
    lines += lineCount(edits[i].old_text) + lineCount(edits[i].new_text);
  }
  const ctx = new ReplaceContext(base, WorkMeter.forInput(chars, lines, options.workBudget));
  const baseLines = splitLinesKeepEnds(base);
  const placed: Placed[] = [];
  const already: number[] = [];
  const tiers: Tier[] = [];
  let replacements = 0;
  for (const i of indexes) {
    const e = edits[i];
    const r = placeSearchReplace(ctx, e.old_text, e.new_text, { expectedReplacements: e.expected_replacements });
    if (!r.ok) {
      const { type, message, ...data } = r.error();
      return failed(i + 1, type, message, data as Partial<MultiFileError>);
    }
    if (r.already) {
      already.push(i + 1);
      continue;
    }
    // the edit alone, as lines around what it rewrites: base lines [startLine, endLine) become `lines`
    const w = renderWindow(ctx.model, r.edits, r.finalNewline);
    const lines = splitLinesKeepEnds(w.text);
    ctx.meter.charge(lines.length + w.endLine - w.startLine);
    const shift = lines.length - (w.endLine - w.startLine);
    const after = (k: number) => (k < w.startLine ? baseLines[k] : k < w.startLine + lines.length ? lines[k - w.startLine] : baseLines[k - shift]);
    placed.push({ edit: i + 1, changes: diffAround(baseLines, w.startLine, w.endLine, lines), after });
    tiers.push(mostTolerant(r.tiers));
    replacements += r.count;
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
    for (let i = c.bStart; i < c.bEnd; i++) out.push(p.after(i));
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

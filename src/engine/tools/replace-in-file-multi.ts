import { planReplaceEdits, ReplaceEdit } from '../../core/multi-file';
import type { MultiFilePlan } from '../../core/multi-file';
import { runOffThread } from './off-thread';
import { PlanCache } from './plan-cache';
import { filesOf } from '../../workers/engine-job';
import { isMultiFileRequest, MultiFileRequest, runMultiFileEdit } from '../edit/multi-file-pipeline';
import type { ToolResultJson } from '../results/tool-result';
import type { InvocationContext } from '../runner';

/** replace_in_file's input: one edit (path, old_text, new_text) or several (`edits`). */
export interface ReplaceInFileInput {
  path?: string;
  old_text?: string;
  new_text?: string;
  base_sha256?: string;
  expected_replacements?: number;
  edits?: ReplaceEdit[];
  base_hashes?: Record<string, string>;
  allow_size_reduce?: boolean;
  skip_validation?: boolean;
}

/** The one-edit fields, or why the input is neither shape (INVALID_INPUT), or undefined for `edits`. */
export function singleEditProblem(input: ReplaceInFileInput): string | undefined {
  if (input.edits !== undefined) {
    const mixed = (['path', 'old_text', 'new_text', 'expected_replacements'] as const).filter((k) => input[k] !== undefined);
    return mixed.length ? `Pass either edits [...] or one edit (path, old_text, new_text), not both (also given: ${mixed.join(', ')}).` : undefined;
  }
  const missing = (['path', 'old_text', 'new_text'] as const).filter((k) => input[k] === undefined);
  return missing.length ? `Missing ${missing.map((k) => `\`${k}\``).join(', ')}: pass path, old_text and new_text, or several edits as edits: [{path, old_text, new_text}].` : undefined;
}

/** Several replacements in one or more files, placed on the files as read and written all or nothing. */
export function runReplaceEdits(ctx: InvocationContext, input: ReplaceInFileInput): Promise<ToolResultJson> {
  const req = replaceEditsRequest(input);
  return isMultiFileRequest(req) ? runMultiFileEdit(ctx, req) : Promise.resolve(req);
}

/** The multi-file request of an `edits` call (also previewed by the chat's confirmation), or why the input cannot make one. */
export function replaceEditsRequest(input: ReplaceInFileInput): MultiFileRequest | ToolResultJson {
  const edits = input.edits ?? [];
  const baseHashes: Record<string, string> = { ...(input.base_hashes ?? {}) };
  const paths = [...new Set(edits.map((e) => e.path))];
  if (input.base_sha256 !== undefined) {
    if (paths.length !== 1) return { success: false, error_type: 'INVALID_INPUT', message: 'base_sha256 names one file, but the edits change several: pass base_hashes {path: sha256} instead. Nothing was changed.', field: 'base_hashes' };
    baseHashes[paths[0]] = input.base_sha256;
  }
  return {
    tool: 'replace_in_file',
    paths,
    baseHashes,
    requireBaseForExisting: false,
    skipValidation: input.skip_validation,
    allowSizeReduce: input.allow_size_reduce,
    unit: 'edit',
    plan: (readFile) => planReplaceEdits(edits, readFile),
    planAsync: (readFile) =>
      editPlans.get(JSON.stringify(edits), paths, readFile, (texts) => runOffThread({ kind: 'replace_edits', edits, files: filesOf(texts) })),
  };
}

/** The last edits plan (the chat's confirmation's, reused by invoke on the same texts). */
const editPlans = new PlanCache<MultiFilePlan>();

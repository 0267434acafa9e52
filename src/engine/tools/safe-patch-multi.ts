import { parseApplyPatch, planApplyPatch } from '../../core/apply-patch';
import { detectPatchFormat, planUnifiedFiles, unifiedPaths } from '../../core/multi-file';
import type { MultiFilePlan } from '../../core/multi-file';
import { runOffThread } from './off-thread';
import { filesOf } from '../../workers/engine-job';
import { PlanCache } from './plan-cache';
import { parsePatch } from '../../core/patch';
import { isMultiFileRequest, MultiFileRequest, runMultiFileEdit } from '../edit/multi-file-pipeline';
import type { ToolResultJson } from '../results/tool-result';
import type { InvocationContext } from '../runner';

/** safe_patch's input, with the multi-file fields (see the catalog). */
export interface SafePatchInput {
  path?: string;
  base_sha256?: string;
  base_hashes?: Record<string, string>;
  unified_diff: string;
  format?: 'unified' | 'apply_patch';
  allow_size_reduce?: boolean;
  skip_validation?: boolean;
}

/**
 * True when the call takes the multi-file path: an apply_patch text (detected or forced), a
 * unified diff of several files, `base_hashes`, or a one-file diff without `path` (its headers
 * name the file). Today's call — `path`, `base_sha256` and a one-file unified diff — keeps the
 * one-file path exactly as before.
 */
export function isMultiFilePatch(input: SafePatchInput): boolean {
  if (formatOf(input) === 'apply_patch') return true;
  if (input.base_hashes !== undefined || input.path === undefined) return true;
  const parsed = parsePatch(input.unified_diff);
  return parsed.ok && parsed.files.length > 1;
}

function formatOf(input: SafePatchInput): 'unified' | 'apply_patch' {
  return input.format ?? detectPatchFormat(input.unified_diff);
}

/** The multi-file safe_patch call: every file the patch names, planned and written all or nothing. */
export function runMultiFilePatch(ctx: InvocationContext, input: SafePatchInput): Promise<ToolResultJson> {
  const req = multiFilePatchRequest(input);
  return isMultiFileRequest(req) ? runMultiFileEdit(ctx, req) : Promise.resolve(req);
}

/** The multi-file request of a safe_patch call (also previewed by the chat's confirmation), or why the input cannot make one. */
export function multiFilePatchRequest(input: SafePatchInput): MultiFileRequest | ToolResultJson {
  const v4a = formatOf(input) === 'apply_patch';
  const paths = v4a ? v4aPaths(input.unified_diff) : unifiedPaths(input.unified_diff);
  const baseHashes: Record<string, string> = { ...(input.base_hashes ?? {}) };
  if (input.base_sha256 !== undefined) {
    // base_sha256 is the hash of THE file: `path`, or the one file the patch changes
    const own = input.path ?? (paths.length === 1 ? paths[0] : undefined);
    if (own === undefined) return invalid('base_sha256 names one file, but the patch names several: pass base_hashes {path: sha256} instead.', 'base_hashes');
    baseHashes[own] = input.base_sha256;
  }
  if (!paths.length && input.path !== undefined) paths.push(input.path);
  return {
    tool: 'safe_patch',
    paths,
    baseHashes,
    requireBaseForExisting: true,
    skipValidation: input.skip_validation,
    allowSizeReduce: input.allow_size_reduce,
    unit: 'hunk',
    plan: (readFile) => finish(v4a ? planApplyPatch(input.unified_diff, readFile) : planUnifiedFiles(input.unified_diff, readFile)),
    planAsync: (readFile) =>
      patchPlans.get(`${v4a ? 'apply_patch' : 'unified'}\u0000${input.unified_diff}`, paths, readFile, async (texts) =>
        finish(await runOffThread({ kind: 'patch_files', format: v4a ? 'apply_patch' : 'unified', patch: input.unified_diff, files: filesOf(texts) })),
      ),
  };

  function finish(r: MultiFilePlan): MultiFilePlan {
    if (!v4a && !r.ok && r.error.path === undefined && input.path === undefined && paths.length === 0) {
      return { ok: false, error: { ...r.error, message: `${r.error.message} The patch names no file: pass path, or give each file ---/+++ headers.` } };
    }
    return r;
  }
}

/** The last safe_patch plan (the chat's confirmation's, reused by invoke on the same texts). */
const patchPlans = new PlanCache<MultiFilePlan>();


/** Every path an apply_patch text names (sections and move targets); [] when it does not parse. */
function v4aPaths(text: string): string[] {
  const parsed = parseApplyPatch(text);
  if (!parsed.ok) return [];
  const out: string[] = [];
  for (const op of parsed.ops) {
    if (!out.includes(op.path)) out.push(op.path);
    if (op.kind === 'update' && op.moveTo !== undefined && !out.includes(op.moveTo)) out.push(op.moveTo);
  }
  return out;
}

function invalid(message: string, field: string): ToolResultJson {
  return { success: false, error_type: 'INVALID_INPUT', message: `${message} Nothing was changed.`, field };
}

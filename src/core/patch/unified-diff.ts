/**
 * applyUnifiedDiff: a one-file unified diff applied to a text, all hunks or none, each hunk
 * once: a hunk already in the text is reported, not applied again (apply-once.ts).
 */
import { parsePatch } from './parse';
import { contextFor, ApplyPatchOptions } from './apply';
import { applyOnce } from './apply-once';
import { WorkLimitExceeded, tooLargeMessage, tooManyHunks } from './work-meter';
import { MAX_HUNKS_PER_CALL } from '../catalog/limits';
import { EngineResult, failure } from './types';

/**
 * Apply `patchText` to `baseText`. The patch must hold hunks for one file only (a multi-file
 * patch is INVALID_PATCH; split it with splitPatchByFile). Never throws on bad input.
 */
export function applyUnifiedDiff(baseText: string, patchText: string, options: ApplyPatchOptions = {}): EngineResult {
  const parsed = parsePatch(patchText);
  if (!parsed.ok) return failure('INVALID_PATCH', `${parsed.message} Send a unified diff with @@ hunks whose lines start with ' ', '-' or '+'.`);
  if (parsed.files.length > 1) {
    const names = parsed.files.map((f) => f.newPath ?? f.oldPath ?? '?');
    return failure('INVALID_PATCH', `The patch has ${parsed.files.length} file sections (${names.join(', ')}); send one file per call.`, { files: names });
  }
  const count = parsed.files[0].hunks.length;
  if (count > MAX_HUNKS_PER_CALL) return { ok: false, error: tooManyHunks(count, MAX_HUNKS_PER_CALL) };
  const fp = parsed.files[0];
  try {
    return applyOnce(contextFor(baseText, fp.hunks, options), fp);
  } catch (e) {
    if (e instanceof WorkLimitExceeded) return failure('TOO_LARGE', tooLargeMessage('This patch'), { work_limit: e.limit });
    throw e;
  }
}


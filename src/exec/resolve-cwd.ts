import { fail, Failure } from '../core/types';
import { resolveInWorkspace, WorkspaceRootInput } from '../files/confine';
import { pathDenied } from '../core/paths/deny';
import { promises as fs } from 'node:fs';

/**
 * The working directory for execute_program, confined to the workspace.
 *
 * Absent (`undefined`, `null` or `''`): the first workspace folder that exists. Otherwise
 * resolved like any tool path ({@link resolveInWorkspace}: relative to the first root or a
 * named root, symlinks checked) and it must be an existing directory: a file is
 * INVALID_INPUT (`field: 'cwd'`), a missing one FILE_NOT_FOUND, anything outside PATH_DENIED.
 * Returns the real path (symlinks resolved). Never throws.
 */
export async function resolveCwd(
  cwd: unknown,
  roots: readonly WorkspaceRootInput[],
): Promise<({ ok: true; path: string }) | { ok: false; failure: Failure }> {
  if (cwd === undefined || cwd === null || cwd === '') {
    for (const r of Array.isArray(roots) ? roots : []) {
      const p = typeof r === 'string' ? r : r?.path;
      if (typeof p !== 'string') continue;
      try {
        const real = await fs.realpath(p);
        if ((await fs.stat(real)).isDirectory()) return { ok: true, path: real };
      } catch {
        // Try the next folder.
      }
    }
    return pathDenied('NO_WORKSPACE', 'No workspace folder is open; execute_program runs only inside a workspace.', cwd);
  }
  const r = await resolveInWorkspace(cwd, roots);
  if (!r.ok) {
    return r.failure.error_type === 'FILE_NOT_FOUND'
      ? fail('FILE_NOT_FOUND', `The working directory ${JSON.stringify(String(cwd).slice(0, 120))} does not exist in the workspace.`, { field: 'cwd' })
      : { ok: false, failure: { ...r.failure, field: 'cwd' } };
  }
  if (r.kind !== 'directory') {
    return fail('INVALID_INPUT', `\`cwd\` must be a directory; ${JSON.stringify(r.relPath)} is a file.`, { field: 'cwd' });
  }
  return { ok: true, path: r.realPath };
}

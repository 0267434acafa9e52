import { sha256Text } from '../../core/hash';
import type { Result } from '../../core/types';
import { Applied, FileHost, FileLike, FileText, Target } from '../../engine/host';
import { resolveInWorkspace } from '../../files/confine';
import { readDiskText, readForRestore } from '../../files/disk-text';
import { languageIdForName } from '../../files/language-by-name';
import { deleteChecked } from '../../files/recheck-disk';
import { fileMode, setFileMode } from '../../files/file-mode';
import { listsExactName, renameChecked } from '../../files/rename-checked';
import { createTextFile, writeBytesOverRead, writeClosedFileChecked } from '../../files/write-direct';

/**
 * Files on disk, without an editor: one root every path is confined to (realpath inside it, no
 * `..` or symlink escape, no hard links; for writes no `.git` internals and never the store);
 * reads with the extension's decoding (UTF-8, BOM noted, NUL = binary); every write atomic (a
 * temp file flushed and renamed over the real path, BOM and mode kept) after the disk was read
 * again and still holds what the tool read; a delete checks the same, then unlinks.
 */
export function diskFileHost(root: string, storeDir: string): FileHost {
  return {
    roots: () => [{ path: root }],
    async resolve(input, options) {
      const r = await resolveInWorkspace(input, [root], { ...options, protectedDirs: [storeDir] });
      if (!r.ok) return r;
      const { ok: _ok, ...resolved } = r;
      return { ok: true, target: { ...resolved, displayPath: resolved.realRelPath } };
    },
    async readText(target, maxBytes) {
      const read = await readDiskText(target.realPath, target.displayPath, maxBytes);
      if (!read.ok) return read;
      const mode = await fileMode(target.realPath);
      return { ok: true, current: { ...read.current, ...(mode !== undefined ? { mode } : {}) } };
    },
    async readForRestore(target, maxText, maxRaw) {
      const read = await readForRestore(target.realPath, target.displayPath, maxText, maxRaw);
      if (!read.ok || !read.current) return read;
      // Its mode too, as readText gives it: the journal keeps it, and a rollback gives it back.
      const mode = await fileMode(target.realPath);
      return { ok: true, current: { ...read.current, ...(mode !== undefined ? { mode } : {}) } };
    },
    writeText,
    writeBytes: (target, current, data, createDirs) => writeBytesOverRead(target.realPath, current, data, target.displayPath, createDirs),
    setMode: (target, mode) => setFileMode(target.realPath, mode, target.displayPath),
    delete: (target, current) => deleteChecked(target.realPath, current, target.displayPath),
    rename: (from, to, current) => renameChecked(from.realPath, to.realPath, current, from.displayPath, to.displayPath),
    listsName: (target) => listsExactName(target.realPath),
    languageId: (target) => languageIdForName(target.realPath),
  };
}

async function writeText(target: Target, current: FileText | undefined, newText: string, createDirs: boolean, like?: FileLike): Promise<Result<{ applied: Applied }>> {
  const done = current === undefined
    ? await createTextFile(target.realPath, newText, createDirs, target.displayPath, like)
    : await writeClosedFileChecked(target.realPath, current, newText, target.displayPath);
  return done.ok ? { ok: true, applied: { text: newText, sha256: sha256Text(newText), saved: true, notes: [] } } : done;
}

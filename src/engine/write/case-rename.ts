import { randomBytes } from 'node:crypto';
import { sha256Text } from '../../core/hash';
import { fail, Result } from '../../core/types';
import type { Applied, FileText, Host, Target } from '../host';

/** A case-only rename: the file under its present name, as read, and the temporary name journaled for it. */
export interface CaseRename {
  from: Target;
  current: FileText;
  /** A name in the same folder that nothing holds, journaled before the rename (crash recovery looks there). */
  via: Target;
}

/** A fresh name beside `displayPath` for the file to pass through: hidden, and unique by its random part. */
export function temporaryNameFor(displayPath: string): string {
  const slash = displayPath.lastIndexOf('/');
  return `${displayPath.slice(0, slash + 1)}.${displayPath.slice(slash + 1)}.case-rename-${randomBytes(4).toString('hex')}`;
}

/**
 * Renames one file to another case of its name. One rename when the file system honours it
 * (macOS, Windows: the folder then lists the new name). On Linux rename(2) between two names
 * of one inode does nothing (POSIX), and VS Code there takes the two names for two files (it
 * would delete the "target" when overwriting): so the file goes through a temporary name in
 * the same folder — two renames, each onto a name nothing holds, so no step deletes or
 * replaces anything, and at every instant the file exists under `from`, `via` or `to`.
 */
export async function renameCaseOnly(host: Host, from: Target, to: Target, current: FileText, via: Target): Promise<Result<{}>> {
  const direct = await host.files.rename(from, to, current);
  if (direct.ok && (await host.files.listsName(to))) return { ok: true };
  const away = await host.files.rename(from, via, current);
  if (!away.ok) return away;
  const onto = await host.files.rename(via, to, current);
  if (onto.ok) return { ok: true };
  const back = await host.files.rename(via, from, current);
  return back.ok ? onto : fail('INTERNAL_ERROR', `${onto.failure.message} The file stays under ${via.displayPath}; rename it back by hand.`, { path: via.displayPath });
}

/**
 * The write of a case-only rename: the rename, then the new text when it differs. If the text
 * cannot be written, the name is put back, so the change is not half made.
 */
export async function writeCaseRename(host: Host, to: Target, rename: CaseRename, newText: string): Promise<Result<{ applied: Applied }>> {
  const { from, current, via } = rename;
  const moved = await renameCaseOnly(host, from, to, current, via);
  if (!moved.ok) return moved;
  if (newText === current.text) return { ok: true, applied: { text: newText, sha256: sha256Text(newText), saved: true, notes: [] } };
  const written = await host.files.writeText(to, current, newText, false);
  if (written.ok) return written;
  await renameCaseOnly(host, to, from, current, via);
  return written;
}

/** Puts a case-only rename back (a later file of its group failed): the old text, then the old name. True when it is back. */
export async function undoCaseRename(host: Host, to: Target, rename: CaseRename, applied: Applied): Promise<boolean> {
  const { from, current, via } = rename;
  if (applied.text !== current.text) {
    const now: FileText = { ...current, text: applied.text, sha256: applied.sha256 };
    const back = await host.files.writeText(to, now, current.text, false);
    if (!back.ok) return false;
  }
  return (await renameCaseOnly(host, to, from, current, via)).ok;
}

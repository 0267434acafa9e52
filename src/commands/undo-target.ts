import { changeKindOf } from '../history/types';
import type { JournalEntry } from '../history/types';
import { ownerOf, restorableEntries } from '../engine/restore/restorable';
import { USER_COMMAND_TOOLS } from './command-tools';

/** True when the entry created its file (restoring "before" it removes the file). */
export function isCreation(entry: JournalEntry): boolean {
  return changeKindOf(entry) === 'create';
}

/**
 * Picks what "Undo Last Agent Edit" restores: the newest restorable agent edit (any file;
 * restores made by our own commands, the user's own changes and other programs' are not agent edits) whose "before" state is not
 * already the file's current state. So pressing Undo again steps further back instead of
 * re-applying or repeating the same restore:
 * - `currentSha(path)` gives the sha256 of the file's current text, or undefined when the
 *   file does not exist (or cannot be read);
 * - an entry is already undone when the current sha equals its `before_sha256`, or when it
 *   created the file and the file no longer exists.
 * `entries` may be in any order; at most `limit` candidates are examined (newest first).
 * Returns undefined when nothing is left to undo.
 */
export async function chooseUndoTarget(
  entries: readonly JournalEntry[],
  currentSha: (path: string) => Promise<string | undefined>,
  limit = 200,
): Promise<JournalEntry | undefined> {
  const candidates = restorableEntries([...entries])
    // An agent's edit: neither the user's own change nor another program's.
    .filter((e) => !USER_COMMAND_TOOLS.has(e.tool) && ownerOf(e) === 'agent')
    .sort((a, b) => b.time - a.time || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
    .slice(0, limit);
  const shaCache = new Map<string, string | undefined>();
  for (const entry of candidates) {
    if (!shaCache.has(entry.path)) shaCache.set(entry.path, await currentSha(entry.path));
    const current = shaCache.get(entry.path);
    if (current === undefined ? isCreation(entry) : current === entry.before_sha256) continue;
    return entry;
  }
  return undefined;
}

/**
 * Reading the optional argument of a command. Commands are called from the palette (no
 * argument), from the history tree (a tree item), from tests and from other extensions (a
 * plain object); anything else is treated as "no argument". No `vscode` import.
 */
import { isOwnUiToken } from '../hosts/vscode/ui-token';

/** The optional argument shared by our commands; every field is optional and checked. */
export interface CommandArgs {
  /** Workspace-relative path of the file (as the journal records it). */
  path?: string;
  /** Absolute path of a file given as a `vscode.Uri` (explorer and editor menus pass one). */
  fsPath?: string;
  /** Index into the file's restorable entries, newest first (0 = before the newest edit). */
  revision?: number;
  /** A journal entry id. */
  entryId?: string;
  /** Index into the rollback-able turns, newest first. */
  turnIndex?: number;
  /** The files of a turn rollback to restore (journal paths, as its preview lists them); all when absent. */
  paths?: string[];
  /** false = no confirmation dialog; honoured only with this session's UI token (see ui-token.ts). */
  confirm?: boolean;
  /** true = overwrite differing files without asking; false = keep them without asking. */
  overwrite?: boolean;
}

/**
 * Normalises a command argument. Accepts a plain object with the fields of CommandArgs, a
 * file `vscode.Uri` (read as `fsPath`; other schemes give nothing), or a history-tree item: an entry item (`entry: JournalEntry`, read for `entry.id` and
 * `entry.path`) or a file item (`path`). Fields of the wrong type are dropped, negative or
 * fractional indexes are dropped, so a bad argument falls back to asking the user.
 */
export function readArgs(arg: unknown): CommandArgs {
  if (arg === null || typeof arg !== 'object') return {};
  const o = arg as Record<string, unknown>;
  // A vscode.Uri: its `path` is a URI path, not a workspace-relative one.
  if (typeof o.scheme === 'string' && typeof o.fsPath === 'string') return o.scheme === 'file' ? { fsPath: o.fsPath } : {};
  const out: CommandArgs = {};
  const entry = o.entry;
  if (entry !== null && typeof entry === 'object') {
    const e = entry as Record<string, unknown>;
    if (typeof e.id === 'string' && e.id !== '') out.entryId = e.id;
    if (typeof e.path === 'string' && e.path !== '') out.path = e.path;
  }
  if (typeof o.entryId === 'string' && o.entryId !== '') out.entryId = o.entryId;
  if (typeof o.path === 'string' && o.path !== '') out.path = o.path;
  if (isIndex(o.revision)) out.revision = o.revision;
  if (isIndex(o.turnIndex)) out.turnIndex = o.turnIndex;
  // A selection is a list of non-empty strings, bounded. A malformed one selects nothing (never
  // every file: a caller's mistake must not widen a rollback).
  if (o.paths !== undefined) {
    const ok = Array.isArray(o.paths) && o.paths.length <= MAX_PATHS && o.paths.every((p) => typeof p === 'string' && p !== '');
    out.paths = ok ? [...o.paths as string[]] : [];
  }
  // Skipping a destructive command's confirmation is our own UI's privilege, not any caller's.
  if (o.confirm === true || (o.confirm === false && isOwnUiToken(o.uiToken))) out.confirm = o.confirm;
  if (typeof o.overwrite === 'boolean') out.overwrite = o.overwrite;
  return out;
}

/** The most paths a selection may name (a turn's files are far fewer; more is not a selection). */
const MAX_PATHS = 10_000;

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

/**
 * A checkpoint's manifest: one entry per path under the workspace folder the walk saw, sorted
 * by path (code unit order). Stored as chunks (see manifestChunks.ts).
 */

/** Why a path is not recorded with its content. */
export type LeftOutReason =
  | 'gitignore' | 'excluded' | 'git_dir' | 'store' // by rule: not the user's work, or not ours to read
  | 'too_large' | 'total_cap' // the size caps
  | 'unreadable' | 'vanished' | 'not_regular' // what the disk did
  | 'unstable'; // a folder above it (or it) was replaced while the walk was in it: nothing read through the new one

/** Reasons a caller is told about file by file (the rule-based ones are only counted). */
export const LISTED_REASONS: ReadonlySet<LeftOutReason> = new Set(['too_large', 'total_cap', 'unreadable', 'vanished', 'not_regular', 'unstable']);

/** A regular file: its bytes' blob, size, permission bits, and the stat values that let the next checkpoint skip reading it. */
export interface FileEntry {
  kind: 'file';
  path: string;
  sha256: string;
  size: number;
  mode: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** A symbolic link, recorded as a link (its target text), never followed. */
export interface LinkEntry {
  kind: 'link';
  path: string;
  target: string;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/**
 * A path whose state this checkpoint does not know (ignored, excluded, over a cap, unreadable):
 * for a folder, everything under it. A restore never treats such a path as "did not exist".
 */
export interface LeftOutEntry {
  kind: 'left_out';
  path: string;
  reason: LeftOutReason;
  /** Bytes, when the reason is a size cap. */
  size?: number;
}

export type ManifestEntry = FileEntry | LinkEntry | LeftOutEntry;

/** What a checkpoint knows about one path. */
export type PathState =
  | { state: 'file'; entry: FileEntry }
  | { state: 'link'; entry: LinkEntry }
  | { state: 'absent' }
  | { state: 'unknown'; reason: LeftOutReason; under: string };

/** A manifest indexed by path, for lookups: the state of any path, ancestors' left-out folders included. */
export class ManifestIndex {
  private readonly byPath = new Map<string, ManifestEntry>();

  constructor(readonly entries: readonly ManifestEntry[]) {
    for (const e of entries) this.byPath.set(e.path, e);
  }

  get(path: string): ManifestEntry | undefined {
    return this.byPath.get(path);
  }

  /** The path's state: recorded, left out (itself or a folder above it), or absent. */
  stateOf(path: string): PathState {
    const own = this.byPath.get(path);
    if (own?.kind === 'file') return { state: 'file', entry: own };
    if (own?.kind === 'link') return { state: 'link', entry: own };
    if (own?.kind === 'left_out') return { state: 'unknown', reason: own.reason, under: own.path };
    for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      const above = this.byPath.get(path.slice(0, slash));
      if (above?.kind === 'left_out') return { state: 'unknown', reason: above.reason, under: above.path };
      if (above) break; // a recorded file or link above: the path cannot exist under it
    }
    return { state: 'absent' };
  }
}

/** Whether two entries record the same content (bytes and mode, or link target). */
export function sameContent(a: FileEntry | LinkEntry, b: FileEntry | LinkEntry): boolean {
  if (a.kind === 'file' && b.kind === 'file') return a.sha256 === b.sha256 && a.mode === b.mode;
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  return false;
}

/** Code unit order, the manifest's order (stable across platforms and locales). */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

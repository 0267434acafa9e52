import { FileEntry, LinkEntry, ManifestIndex, PathState, sameContent } from './manifest';

/** One side of a changed path: a file's blob and mode, or a link's target. */
export type ContentRef = { kind: 'file'; sha256: string; mode: number; size: number } | { kind: 'link'; target: string };

export interface PathChange {
  path: string;
  before?: ContentRef;
  after?: ContentRef;
}

/** A path one of the checkpoints does not know (left out there): never reported as created or deleted. */
export interface UnknownChange {
  path: string;
  /** Which side does not know it, and why ('both': left out by both, so whether it changed is unknown). */
  side: 'before' | 'after' | 'both';
  reason: string;
  known?: ContentRef;
}

export interface CheckpointDiff {
  created: PathChange[];
  changed: PathChange[];
  deleted: PathChange[];
  unknown: UnknownChange[];
}

/**
 * What changed from checkpoint `a` to `b`: paths created, changed (bytes, mode, link target,
 * or file ↔ link) and deleted, with the blob ids on each side. A path that one side left out
 * (ignored, excluded, over a cap, unreadable) is listed under `unknown`, never as created or
 * deleted; so is a path both sides list as left out (`side: 'both'`). Linear in the two manifests.
 */
export function diffManifests(a: ManifestIndex, b: ManifestIndex): CheckpointDiff {
  const out: CheckpointDiff = { created: [], changed: [], deleted: [], unknown: [] };
  const seen = new Set<string>();
  for (const index of [a, b]) {
    for (const e of index.entries) {
      if (seen.has(e.path)) continue;
      if (e.kind === 'left_out') {
        // The other side's content classifies it when that side's entry comes; else it is listed
        // here: left out by both (a file over a cap both times, for a caller that knows it was
        // written), or left out by one with no file on the other (created or deleted over a cap).
        const other = (index === a ? b : a).stateOf(e.path).state;
        if (other === 'unknown' || other === 'absent') {
          seen.add(e.path);
          out.unknown.push({ path: e.path, side: other === 'unknown' ? 'both' : index === a ? 'before' : 'after', reason: e.reason });
        }
        continue;
      }
      seen.add(e.path);
      classify(e.path, a.stateOf(e.path), b.stateOf(e.path), out);
    }
  }
  for (const list of [out.created, out.changed, out.deleted, out.unknown]) list.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return out;
}

function classify(path: string, before: PathState, after: PathState, out: CheckpointDiff): void {
  if (before.state === 'unknown' || after.state === 'unknown') {
    const unknownSide = before.state === 'unknown' ? before : after;
    if (unknownSide.state !== 'unknown') return;
    const other = before.state === 'unknown' ? after : before;
    out.unknown.push({ path, side: before.state === 'unknown' ? 'before' : 'after', reason: unknownSide.reason, ...(isContent(other) ? { known: ref(other.entry) } : {}) });
    return;
  }
  if (before.state === 'absent' && isContent(after)) out.created.push({ path, after: ref(after.entry) });
  else if (isContent(before) && after.state === 'absent') out.deleted.push({ path, before: ref(before.entry) });
  else if (isContent(before) && isContent(after) && !sameContent(before.entry, after.entry)) out.changed.push({ path, before: ref(before.entry), after: ref(after.entry) });
}

function isContent(s: PathState): s is { state: 'file'; entry: FileEntry } | { state: 'link'; entry: LinkEntry } {
  return s.state === 'file' || s.state === 'link';
}

export function ref(e: FileEntry | LinkEntry): ContentRef {
  return e.kind === 'file' ? { kind: 'file', sha256: e.sha256, mode: e.mode, size: e.size } : { kind: 'link', target: e.target };
}

import { sha256Text } from '../core/hash';
import { splitLinesKeepEnds } from '../core/diff/lines';
import { diffLineArrays } from '../core/diff/lineDiff';
import { LineChange } from '../core/diff/myers';
import { BlobKind } from './blobFormat';
import { BlobStore, Keyframe } from './blobStore';
import { composeLineDelta, createLineDelta, LineDelta } from './lineDelta';

export interface SnapshotResult {
  sha256: string;
  /** False when an identical snapshot already existed (deduplicated). */
  created: boolean;
  /** How it is stored: a whole compressed text or a delta against a keyframe. */
  kind: BlobKind;
}

export interface SnapshotPolicy {
  /** A delta is kept only while its compressed size is at most this fraction of its keyframe's. */
  deltaMaxRatio: number;
  /** At most this many deltas share one keyframe. */
  maxDeltasPerKeyframe: number;
}

/** How many files' keyframes and newest versions stay in memory. */
const PATH_STATE_CACHE_SIZE = 8;

/**
 * What is kept in memory about a file snapshotted recently: the keyframe new snapshots
 * are diffed against, and the newest version with its delta against that keyframe (so
 * the next delta is composed from a cheap neighbour diff).
 */
interface PathState {
  keyframe: Keyframe;
  recent?: { sha256: string; keyframe: string; lines: string[]; delta: LineDelta };
}

/**
 * Decides how each snapshot is stored (keyframe or delta) and writes it through the blob
 * store. Not concurrency-safe by itself: BackupStore calls it from its write queue.
 */
export class Snapshotter {
  /** Least recently used first. */
  private readonly pathStates = new Map<string, PathState>();
  /** Deltas stored against each keyframe (counted from the blobs on first use). */
  private readonly deltaCounts = new Map<string, number>();
  /** The line diff the last `store` computed between a file's previous and new version. */
  lastNeighbourDiff: { fromSha: string; toSha: string; changes: LineChange[] } | undefined;

  constructor(private readonly blobs: BlobStore, private readonly policy: SnapshotPolicy) {}

  /**
   * Stores `text` as a snapshot of `filePath` unless an identical one exists. With a
   * keyframe for the file (cached, or found through `newestSnapshotSha`), the text is
   * stored as a delta when the policy allows, else as a new keyframe. Throws on I/O errors.
   */
  async store(filePath: string, text: string, newestSnapshotSha: () => string | undefined): Promise<SnapshotResult> {
    const sha256 = sha256Text(text);
    this.lastNeighbourDiff = undefined;
    if (this.blobs.has(sha256) && await this.blobs.exists(sha256)) {
      // Deduplicated. Keep the file's recent version only if it is this text.
      const state = this.pathStates.get(filePath);
      if (state?.recent && state.recent.sha256 !== sha256) state.recent = undefined;
      return { sha256, created: false, kind: this.blobs.info(sha256)?.kind ?? 'key' };
    }

    const lines = splitLinesKeepEnds(text);
    const keyframe = await this.keyframeFor(filePath, newestSnapshotSha);
    let candidate: { base: Keyframe; delta: LineDelta } | undefined;
    if (keyframe) {
      const recent = this.pathStates.get(filePath)?.recent;
      let delta: LineDelta;
      if (recent && recent.keyframe === keyframe.sha256) {
        const changes = diffLineArrays(recent.lines, lines);
        delta = composeLineDelta(recent.delta, recent.lines, lines, changes);
        this.lastNeighbourDiff = { fromSha: recent.sha256, toSha: sha256, changes };
      } else {
        delta = createLineDelta(keyframe.lines, lines);
      }
      candidate = { base: keyframe, delta };
    }
    const stored = await this.blobs.put(sha256, text, candidate, (deltaBytes) =>
      keyframe !== undefined
      && deltaBytes <= keyframe.bytes * this.policy.deltaMaxRatio
      && (this.deltaCounts.get(keyframe.sha256) ?? 0) < this.policy.maxDeltasPerKeyframe);

    if (stored.kind === 'key') {
      const newKeyframe: Keyframe = { sha256, lines, bytes: this.blobs.info(sha256)?.bytes ?? 0 };
      this.deltaCounts.set(sha256, 0);
      this.remember(filePath, { keyframe: newKeyframe, recent: { sha256, keyframe: sha256, lines, delta: { baseLines: lines.length, ops: [] } } });
    } else if (keyframe && candidate) {
      this.deltaCounts.set(keyframe.sha256, (this.deltaCounts.get(keyframe.sha256) ?? 0) + 1);
      this.remember(filePath, { keyframe, recent: { sha256, keyframe: keyframe.sha256, lines, delta: candidate.delta } });
    }
    return { sha256, created: stored.created, kind: stored.kind };
  }

  /** Forgets the in-memory state of one file, or of all files. */
  forget(filePath?: string): void {
    if (filePath === undefined) this.pathStates.clear();
    else this.pathStates.delete(filePath);
  }

  /** Called when a blob is deleted. */
  forgetBlob(sha256: string): void {
    this.deltaCounts.delete(sha256);
  }

  /**
   * The keyframe new snapshots of `filePath` are diffed against: cached, or found from the
   * file's newest stored snapshot (a keyframe itself, or a delta's base). Undefined when
   * there is none or it cannot be read intact (the next snapshot becomes a keyframe).
   */
  private async keyframeFor(filePath: string, newestSnapshotSha: () => string | undefined): Promise<Keyframe | undefined> {
    const cached = this.pathStates.get(filePath);
    if (cached && this.blobs.has(cached.keyframe.sha256)) {
      this.remember(filePath, cached);
      return cached.keyframe;
    }
    this.pathStates.delete(filePath);
    const sha = newestSnapshotSha();
    if (sha === undefined) return undefined;
    const info = this.blobs.info(sha);
    const keySha = info?.kind === 'key' ? sha : info?.base;
    if (!keySha) return undefined;
    const keyframe = await this.blobs.loadKeyframe(keySha);
    if (!keyframe) return undefined;
    if (!this.deltaCounts.has(keySha)) {
      let count = 0;
      for (const other of this.blobs.shas()) if (this.blobs.info(other)?.base === keySha) count++;
      this.deltaCounts.set(keySha, count);
    }
    this.remember(filePath, { keyframe });
    return keyframe;
  }

  private remember(filePath: string, state: PathState): void {
    this.pathStates.delete(filePath);
    this.pathStates.set(filePath, state);
    while (this.pathStates.size > PATH_STATE_CACHE_SIZE) {
      const oldest = this.pathStates.keys().next().value as string;
      this.pathStates.delete(oldest);
    }
  }
}

import { CheckpointRecord } from './checkpointRecord';

export interface PrunePolicy {
  /** Checkpoints that started before this time go (the store's retention: its oldest live entry). */
  horizon: number;
  /** At most this many checkpoints per workspace folder; the oldest go first. */
  maxPerRoot: number;
  /** Ids kept whatever the policy says (a turn in progress). */
  keep?: ReadonlySet<string>;
}

/**
 * The checkpoints to drop, by the policy; pure. Each folder's newest checkpoint always stays
 * (the next checkpoint's stat cache, and the before-state of whatever comes next), and so do
 * the ids in `keep`. Records are given oldest first.
 */
export function planPrune(records: readonly CheckpointRecord[], policy: PrunePolicy): string[] {
  const byRoot = new Map<string, CheckpointRecord[]>();
  for (const r of records) {
    let list = byRoot.get(r.root);
    if (!list) byRoot.set(r.root, (list = []));
    list.push(r);
  }
  const drop: string[] = [];
  const maxPerRoot = Math.max(1, Math.floor(policy.maxPerRoot));
  for (const list of byRoot.values()) {
    const newest = list[list.length - 1];
    let excess = list.length - maxPerRoot;
    for (const r of list) {
      if (r === newest || policy.keep?.has(r.id)) continue;
      if (r.time < policy.horizon || excess > 0) { drop.push(r.id); excess--; }
    }
  }
  return drop;
}

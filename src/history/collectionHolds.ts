/**
 * Garbage-collection holds, per store root, for the whole process. A checkpoint take writes
 * blobs from a worker thread that no store has indexed yet, and reuses blobs already on disk
 * that a store may count as garbage; until its record is renamed into place and its blobs are
 * indexed, no collection of that root may run. The hold is taken through the store the take
 * belongs to, but it is kept here, not in that store instance: a store of the same root opened
 * in this process after the first one closed (mid-take) must see it too.
 *
 * Roots are keyed by the caller (the store uses its root's real path).
 */
interface RootHolds {
  holds: number;
  /** Collections put off while held, run once the last hold is released. */
  whenFree: Array<() => Promise<void>>;
}

const roots = new Map<string, RootHolds>();

/** Takes a hold on `root`; the returned function releases it (once) and, at the last hold, runs and awaits the collections it put off. */
export function holdRoot(root: string): () => Promise<void> {
  let entry = roots.get(root);
  if (!entry) roots.set(root, (entry = { holds: 0, whenFree: [] }));
  entry.holds++;
  const held = entry;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    held.holds--;
    if (held.holds > 0) return;
    roots.delete(root);
    const waiting = held.whenFree.splice(0);
    await Promise.all(waiting.map((run) => run()));
  };
}

/** True while a checkpoint take holds `root`'s collection. */
export function rootHeld(root: string): boolean {
  return (roots.get(root)?.holds ?? 0) > 0;
}

/** Runs `collect` once `root` is no longer held (the caller checked that it is held now). */
export function whenRootFree(root: string, collect: () => Promise<void>): void {
  const entry = roots.get(root);
  if (entry && entry.holds > 0) entry.whenFree.push(collect);
  else void collect();
}

/**
 * Which placed hunks collide, without comparing every pair: a hunk can only collide with a
 * hunk whose lines it reaches, so each hunk is compared with the hunks whose extent (first to
 * last line of its matched windows) meets its own, found through an index of the extents.
 * For real patches that is a hunk's neighbours; the cost is O(k log k) plus the pairs compared.
 */
import type { SegmentPlan } from './plan';
import { editsOverlap } from './render';

/**
 * True when two placed hunks (their segments) cannot both be applied: their edits overlap
 * (see editsOverlap), or one hunk's changes fall inside the other's matched window (the other
 * read lines this one rewrites).
 */
export function collide(a: SegmentPlan[], b: SegmentPlan[]): boolean {
  for (const pa of a) {
    for (const pb of b) {
      for (const ea of pa.edits) for (const eb of pb.edits) if (editsOverlap(ea, eb)) return true;
      // one hunk's changes inside the other's matched window: the other read lines this one rewrites
      for (const ea of pa.edits) if (ea.end > ea.start && ea.start < pb.start + pb.oldLen && ea.end > pb.start) return true;
      for (const eb of pb.edits) if (eb.end > eb.start && eb.start < pa.start + pa.oldLen && eb.end > pa.start) return true;
    }
  }
  return false;
}

/**
 * The lines a placed hunk reaches, [lo, hi] inclusive: from its first window's start to its
 * last window's end. Every edit lies inside, so two hunks whose extents do not meet never collide.
 */
export function extentOf(plans: SegmentPlan[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of plans) {
    if (p.start < lo) lo = p.start;
    if (p.start + p.oldLen > hi) hi = p.start + p.oldLen;
  }
  return [lo, hi];
}

/** Closed intervals, queried for those meeting a given interval (a max-end tree over them sorted by start). */
export class ExtentIndex {
  private readonly order: Int32Array;
  private readonly los: Float64Array;
  private readonly size: number;
  private readonly maxHi: Float64Array;

  constructor(extents: ReadonlyArray<readonly [number, number]>) {
    const k = extents.length;
    this.order = Int32Array.from({ length: k }, (_, i) => i).sort((x, y) => extents[x][0] - extents[y][0] || x - y);
    this.los = Float64Array.from(this.order, (i) => extents[i][0]);
    let size = 1;
    while (size < k) size <<= 1;
    this.size = size;
    this.maxHi = new Float64Array(2 * size).fill(-Infinity);
    for (let p = 0; p < k; p++) this.maxHi[size + p] = extents[this.order[p]][1];
    for (let v = size - 1; v >= 1; v--) this.maxHi[v] = Math.max(this.maxHi[2 * v], this.maxHi[2 * v + 1]);
  }

  /** Calls `visit(i)` for every interval i meeting [lo, hi], until `visit` returns true. */
  forEachMeeting(lo: number, hi: number, visit: (i: number) => boolean | void): void {
    // intervals starting after hi never meet; among the others, those ending at or after lo do
    let end = 0;
    let top = this.los.length;
    while (end < top) {
      const mid = (end + top) >> 1;
      if (this.los[mid] <= hi) end = mid + 1;
      else top = mid;
    }
    if (end === 0) return;
    const stack = [1];
    let span = this.size;
    const spans = [span];
    const firsts = [0];
    while (stack.length) {
      const v = stack.pop() as number;
      span = spans.pop() as number;
      const first = firsts.pop() as number;
      if (first >= end || this.maxHi[v] < lo) continue;
      if (span === 1) {
        if (visit(this.order[first])) return;
        continue;
      }
      const half = span >> 1;
      // right child first on the stack, so that intervals are visited in start order
      stack.push(2 * v + 1, 2 * v);
      spans.push(half, half);
      firsts.push(first + half, first);
    }
  }
}

/**
 * The first colliding pair (a, b), a < b, in the order of `items`: the smallest a that collides
 * with a later item, and the first such b. Null when no two items collide. `charge` is told
 * of every pair compared.
 */
export function firstCollision(items: ReadonlyArray<SegmentPlan[]>, charge?: (steps: number) => void): [number, number] | null {
  const extents = items.map(extentOf);
  const index = new ExtentIndex(extents);
  for (let a = 0; a < items.length; a++) {
    let b = Infinity;
    let compared = 0;
    index.forEachMeeting(extents[a][0], extents[a][1], (j) => {
      if (j <= a || j >= b) return;
      compared++;
      if (collide(items[a], items[j])) b = j;
    });
    charge?.(compared + 1);
    if (b !== Infinity) return [a, b];
  }
  return null;
}

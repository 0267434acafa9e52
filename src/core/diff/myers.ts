/**
 * One region where two line sequences differ: lines [aStart, aEnd) of the old sequence are
 * replaced by lines [bStart, bEnd) of the new one. Either range may be empty (a pure
 * insertion or deletion), never both.
 */
export interface LineChange {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

export interface DiffSequenceOptions {
  /**
   * Edit cost (D) beyond which one middle-snake search stops looking for the optimum and
   * splits at its furthest forward point instead (as GNU diff's "too expensive" does). The
   * script stays correct, only possibly longer than minimal; it bounds the time on two
   * unrelated large texts. Default 1024.
   */
  costLimit?: number;
}

/**
 * Myers' O(ND) difference algorithm, linear-space variant (divide and conquer on the
 * middle snake), over two sequences of line ids (equal ids = equal lines).
 *
 * Contract: returns the changes in increasing order, non-overlapping, with adjacent
 * deletions and insertions merged into one change; applying them to `a` gives `b`
 * exactly. Minimal (a shortest edit script) unless `costLimit` cut a search short.
 */
export function diffSequences(a: ArrayLike<number>, b: ArrayLike<number>, options: DiffSequenceOptions = {}): LineChange[] {
  const costLimit = Math.max(1, options.costLimit ?? 1024);
  const changes: LineChange[] = [];
  const emit = (aStart: number, aEnd: number, bStart: number, bEnd: number): void => {
    if (aStart === aEnd && bStart === bEnd) return;
    const last = changes[changes.length - 1];
    if (last && last.aEnd === aStart && last.bEnd === bStart) {
      last.aEnd = aEnd;
      last.bEnd = bEnd;
    } else {
      changes.push({ aStart, aEnd, bStart, bEnd });
    }
  };

  const solve = (aLo: number, aHi: number, bLo: number, bHi: number): void => {
    // Common prefix and suffix cost nothing and shrink the search.
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) { aLo++; bLo++; }
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) { aHi--; bHi--; }
    if (aLo === aHi || bLo === bHi) {
      emit(aLo, aHi, bLo, bHi);
      return;
    }
    const snake = middleSnake(a, b, aLo, aHi, bLo, bHi, costLimit);
    const wholeLeft = snake.xStart === aHi && snake.yStart === bHi;
    const wholeRight = snake.xEnd === aLo && snake.yEnd === bLo;
    if (wholeLeft || wholeRight) {
      // No progress possible (should not happen); a full replacement is still correct.
      emit(aLo, aHi, bLo, bHi);
      return;
    }
    solve(aLo, snake.xStart, bLo, snake.yStart);
    solve(snake.xEnd, aHi, snake.yEnd, bHi);
  };

  solve(0, a.length, 0, b.length);
  return changes;
}

interface Snake { xStart: number; yStart: number; xEnd: number; yEnd: number }

/**
 * Finds a middle snake of the optimal path through a[aLo,aHi) × b[bLo,bHi) (both ranges
 * non-empty, first and last elements differing). Returns absolute coordinates; the run
 * between start and end is all matches. Diagonals k = x - y; -1 marks a diagonal not
 * reachable at the current cost (the search is confined to the grid).
 */
function middleSnake(
  a: ArrayLike<number>, b: ArrayLike<number>,
  aLo: number, aHi: number, bLo: number, bHi: number, costLimit: number,
): Snake {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  const maxD = Math.ceil((n + m) / 2);
  const dLimit = Math.min(maxD, costLimit);
  const offset = dLimit + 1;
  const size = 2 * dLimit + 3;
  const vf = new Int32Array(size).fill(-1);
  const vb = new Int32Array(size).fill(-1);

  for (let d = 0; d <= dLimit; d++) {
    // Forward search from (0,0).
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (d === 0) {
        x = 0;
      } else {
        const down = k + 1 <= d - 1 && vf[offset + k + 1] >= 0 && vf[offset + k + 1] - (k + 1) < m ? vf[offset + k + 1] : -1;
        const right = k - 1 >= -(d - 1) && vf[offset + k - 1] >= 0 && vf[offset + k - 1] < n ? vf[offset + k - 1] + 1 : -1;
        x = Math.max(down, right);
      }
      if (x < 0 || x - k < 0 || x - k > m) { vf[offset + k] = -1; continue; }
      let y = x - k;
      const xs = x, ys = y;
      while (x < n && y < m && a[aLo + x] === b[bLo + y]) { x++; y++; }
      vf[offset + k] = x;
      const kb = delta - k;
      if (odd && kb >= -(d - 1) && kb <= d - 1 && vb[offset + kb] >= 0 && x + vb[offset + kb] >= n) {
        return { xStart: aLo + xs, yStart: bLo + ys, xEnd: aLo + x, yEnd: bLo + y };
      }
    }
    // Reverse search from (n,m), run as a forward search over the reversed sequences.
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (d === 0) {
        x = 0;
      } else {
        const down = k + 1 <= d - 1 && vb[offset + k + 1] >= 0 && vb[offset + k + 1] - (k + 1) < m ? vb[offset + k + 1] : -1;
        const right = k - 1 >= -(d - 1) && vb[offset + k - 1] >= 0 && vb[offset + k - 1] < n ? vb[offset + k - 1] + 1 : -1;
        x = Math.max(down, right);
      }
      if (x < 0 || x - k < 0 || x - k > m) { vb[offset + k] = -1; continue; }
      let y = x - k;
      const xs = x, ys = y;
      while (x < n && y < m && a[aHi - 1 - x] === b[bHi - 1 - y]) { x++; y++; }
      vb[offset + k] = x;
      const kf = delta - k;
      if (!odd && kf >= -d && kf <= d && vf[offset + kf] >= 0 && x + vf[offset + kf] >= n) {
        return { xStart: aHi - x, yStart: bHi - y, xEnd: aHi - xs, yEnd: bHi - ys };
      }
    }
  }

  // Too expensive: split at the forward point that got furthest (largest x + y).
  let bestX = -1, bestY = -1;
  for (let k = -dLimit; k <= dLimit; k += 2) {
    const x = vf[offset + k];
    if (x < 0) continue;
    const y = x - k;
    if (bestX < 0 || x + y > bestX + bestY) { bestX = x; bestY = y; }
  }
  if (bestX < 0 || (bestX === 0 && bestY === 0)) {
    return { xStart: aHi, yStart: bHi, xEnd: aHi, yEnd: bHi };
  }
  return { xStart: aLo + bestX, yStart: bLo + bestY, xEnd: aLo + bestX, yEnd: bLo + bestY };
}

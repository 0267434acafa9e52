import { diffSequences, LineChange, DiffSequenceOptions } from './myers';

/**
 * Line diff of two line arrays (as from `splitLinesKeepEnds`). Steps, each there to keep
 * big inputs fast without giving up minimality:
 * 1. trim the common prefix and suffix by string comparison (the usual agent edit touches
 *    a few lines of a big file, so this leaves little to search);
 * 2. intern the remaining lines as integers;
 * 3. set aside lines that occur on one side only (they can never match, so the longest
 *    common subsequence is the same without them), which makes two mostly unrelated
 *    texts cheap;
 * 4. run Myers on the rest and map its matches back to every line.
 * Returns changes in absolute line indices of `a` and `b`, ordered and merged. Without an
 * explicit `costLimit`, the limit shrinks with the input size so that one search costs at
 * most about 10⁷ steps (the result stays correct, possibly not minimal, on huge
 * pathological inputs such as two permutations of the same lines).
 */
export function diffLineArrays(a: readonly string[], b: readonly string[], options: DiffSequenceOptions = {}): LineChange[] {
  let prefix = 0;
  const minLen = Math.min(a.length, b.length);
  while (prefix < minLen && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < minLen - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;

  const aCount = a.length - prefix - suffix;
  const bCount = b.length - prefix - suffix;
  if (aCount === 0 && bCount === 0) return [];
  if (aCount === 0 || bCount === 0) {
    return [{ aStart: prefix, aEnd: prefix + aCount, bStart: prefix, bEnd: prefix + bCount }];
  }

  // Intern: ids for lines of a; lines of b that a lacks get -1 (they cannot match).
  const ids = new Map<string, number>();
  const aIds = new Int32Array(aCount);
  for (let i = 0; i < aCount; i++) {
    const line = a[prefix + i];
    let id = ids.get(line);
    if (id === undefined) { id = ids.size; ids.set(line, id); }
    aIds[i] = id;
  }
  const inB = new Uint8Array(ids.size);
  const bIds = new Int32Array(bCount);
  for (let i = 0; i < bCount; i++) {
    const id = ids.get(b[prefix + i]);
    bIds[i] = id ?? -1;
    if (id !== undefined) inB[id] = 1;
  }

  // Keep only lines that occur on both sides, remembering where they came from.
  const aKeep: number[] = [];
  for (let i = 0; i < aCount; i++) if (inB[aIds[i]] === 1) aKeep.push(i);
  const bKeep: number[] = [];
  for (let i = 0; i < bCount; i++) if (bIds[i] >= 0) bKeep.push(i);
  const aFiltered = Int32Array.from(aKeep, (i) => aIds[i]);
  const bFiltered = Int32Array.from(bKeep, (i) => bIds[i]);

  const costLimit = options.costLimit ?? Math.max(128, Math.floor(1e7 / Math.max(1, aFiltered.length + bFiltered.length)));
  const filteredChanges = diffSequences(aFiltered, bFiltered, { costLimit });

  // Matched pairs of the filtered diff are matches of the whole; the rest is changed.
  const changes: LineChange[] = [];
  let aNext = 0;
  let bNext = 0;
  const matchRun = (fa: number, fb: number, length: number): void => {
    for (let k = 0; k < length; k++) {
      const ai = aKeep[fa + k];
      const bi = bKeep[fb + k];
      if (ai > aNext || bi > bNext) {
        changes.push({ aStart: prefix + aNext, aEnd: prefix + ai, bStart: prefix + bNext, bEnd: prefix + bi });
      }
      aNext = ai + 1;
      bNext = bi + 1;
    }
  };
  let fa = 0;
  let fb = 0;
  for (const c of filteredChanges) {
    matchRun(fa, fb, c.aStart - fa);
    fa = c.aEnd;
    fb = c.bEnd;
  }
  matchRun(fa, fb, aFiltered.length - fa);
  if (aNext < aCount || bNext < bCount) {
    changes.push({ aStart: prefix + aNext, aEnd: prefix + aCount, bStart: prefix + bNext, bEnd: prefix + bCount });
  }
  return changes;
}

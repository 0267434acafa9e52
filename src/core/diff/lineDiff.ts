import { diffSequences, LineChange, DiffSequenceOptions } from './myers';

/**
 * Line diff of two line arrays (as from `splitLinesKeepEnds`): trims the common prefix and
 * suffix by string comparison first (the usual agent edit touches a few lines of a big
 * file, so this leaves little to search), interns the remaining lines as integers, and
 * runs Myers on those. Returns changes in absolute line indices of `a` and `b`, ordered.
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

  const ids = new Map<string, number>();
  const intern = (line: string): number => {
    let id = ids.get(line);
    if (id === undefined) { id = ids.size; ids.set(line, id); }
    return id;
  };
  const aIds = new Int32Array(aCount);
  for (let i = 0; i < aCount; i++) aIds[i] = intern(a[prefix + i]);
  const bIds = new Int32Array(bCount);
  for (let i = 0; i < bCount; i++) bIds[i] = intern(b[prefix + i]);

  return diffSequences(aIds, bIds, options).map((c) => ({
    aStart: c.aStart + prefix, aEnd: c.aEnd + prefix, bStart: c.bStart + prefix, bEnd: c.bEnd + prefix,
  }));
}

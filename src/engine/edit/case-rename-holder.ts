import type { Host } from '../host';
import type { SameFile } from './same-file';

/** One file named twice in a call, under two cases of its name: the name that holds it now, and the other. */
export interface CasePair {
  holder: string;
  alias: string;
}

/**
 * Which of two case-spellings of one file holds it now, so the plan sees the file under that
 * name and none under the other (an "Add File" of the other name must not find it there).
 * In order: the caller's word (a rollback knows the name its change left the file under); the
 * one name whose version the agent passed a hash for (the file it read and deletes or moves);
 * the one name the folder lists (a case-preserving file system); else the first named.
 */
export async function casePairOf(
  host: Host,
  pair: SameFile,
  order: readonly string[],
  baseHashes: Record<string, string>,
  hint: ((a: string, b: string) => string | undefined) | undefined,
): Promise<CasePair> {
  const a = pair.one.given;
  const b = pair.other.given;
  const pick = (holder: string): CasePair => ({ holder, alias: holder === a ? b : a });
  const told = hint?.(a, b);
  if (told === a || told === b) return pick(told);
  const hashed = [a, b].filter((p) => baseHashes[p] !== undefined);
  if (hashed.length === 1) return pick(hashed[0]);
  const listed = [];
  if (await host.files.listsName(pair.one.target)) listed.push(a);
  if (await host.files.listsName(pair.other.target)) listed.push(b);
  if (listed.length === 1) return pick(listed[0]);
  return pick(order.indexOf(a) <= order.indexOf(b) ? a : b);
}

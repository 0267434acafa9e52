import { resolveInWorkspace } from './confine';
import { readDiskText } from './disk-text';

/** A refusal of one named path, in the shape the CLI prints ({type, message, path, reason?}). */
export interface ConfinedReadError {
  type: string;
  message: string;
  path: string;
  reason?: string;
}

export type ConfinedTexts = { ok: true; read(path: string): string | undefined } | { ok: false; error: ConfinedReadError };

/**
 * The texts of the files a patch names, each confined to `root` the way the headless server
 * confines a tool's path (confine.ts: realpath inside the root, no `..` or symlink escape, no
 * file with other hard links, no devices) and read with the tools' decoding (disk-text.ts:
 * UTF-8, no NUL, at most `maxBytes`). All are read before planning, so the planners keep
 * their synchronous reader: `read(path)` answers the text, or undefined for a file that does
 * not exist, and throws for a path that was not named (a caller's bug, never a quiet miss).
 * The first path refused or unreadable makes the whole result a refusal.
 */
export async function readConfinedTexts(root: string, paths: readonly string[], maxBytes: number): Promise<ConfinedTexts> {
  const texts = new Map<string, string | undefined>();
  for (const path of paths) {
    if (texts.has(path)) continue;
    const resolved = await resolveInWorkspace(path, [root], { forWrite: false, allowCreate: true });
    if (!resolved.ok) return { ok: false, error: errorOf(path, resolved.failure) };
    if (!resolved.exists) {
      texts.set(path, undefined);
      continue;
    }
    const read = await readDiskText(resolved.realPath, path, maxBytes);
    if (!read.ok) return { ok: false, error: errorOf(path, read.failure) };
    texts.set(path, read.current.text);
  }
  return {
    ok: true,
    read(path) {
      if (!texts.has(path)) throw new Error(`${JSON.stringify(path)} was read by the plan but not named by the patch`);
      return texts.get(path);
    },
  };
}

function errorOf(path: string, failure: { error_type: string; message: string; reason?: unknown }): ConfinedReadError {
  return { type: failure.error_type, message: failure.message, path, ...(typeof failure.reason === 'string' ? { reason: failure.reason } : {}) };
}

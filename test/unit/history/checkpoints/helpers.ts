import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A fresh workspace folder and a store root beside it. */
export function tempWorkspace(): { ws: string; store: string; cleanup: () => void } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-ckpt-'));
  const ws = path.join(base, 'ws');
  const store = path.join(base, 'store');
  fs.mkdirSync(ws);
  return { ws, store, cleanup: () => fs.rmSync(base, { recursive: true, force: true }) };
}

/** Writes files (path → content) under a folder, creating folders. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [p, content] of Object.entries(files)) {
    const abs = path.join(root, p);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
}

/** Every blob file under a store root. */
export function blobFiles(store: string): string[] {
  const dir = path.join(store, 'blobs');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((f) => fs.readdirSync(path.join(dir, f)));
}

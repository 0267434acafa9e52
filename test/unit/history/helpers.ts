import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';

/** A fresh temp directory for one test's store. */
export function tempRoot(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ase-history-'));
}

/** Path of the blob file for a sha256 inside a store root (the documented layout). */
export function blobPath(root: string, sha256: string): string {
  return path.join(root, 'blobs', sha256.slice(0, 2), sha256);
}

/** Deterministic source-like text of about `bytes` bytes (seeded, so reruns are identical). */
export function sourceText(bytes: number, seed = 1): string {
  let state = seed;
  const next = (): number => { state = (state * 1103515245 + 12345) & 0x7fffffff; return state; };
  const words = ['const', 'value', 'return', 'function', 'if', 'else', 'await', 'result', 'items', 'map', 'filter', '=>', '{', '}', '(', ')', ';'];
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const indent = '  '.repeat(next() % 4);
    const count = 3 + (next() % 8);
    const parts: string[] = [];
    for (let i = 0; i < count; i++) parts.push(words[next() % words.length] + (next() % 50 === 0 ? String(next() % 1000) : ''));
    const line = indent + parts.join(' ') + '\n';
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

/** Random, nearly incompressible text (for byte-limit tests where compression must not help). */
export function randomText(bytes: number): string {
  return randomBytes(Math.ceil(bytes / 2)).toString('hex').replace(/(.{80})/g, '$1\n');
}

export function directoryBytes(dir: string): number {
  let sum = 0;
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = fs.statSync(p);
    sum += st.isDirectory() ? directoryBytes(p) : st.size;
  }
  return sum;
}

import { ManifestEntry } from './manifest';

/**
 * A manifest is stored as chunks, each a raw blob of the store (gzip, named by the sha256 of
 * its bytes), so that a checkpoint after a few changes writes only the few chunks they fall
 * in: the rest are the same bytes, hence the same blobs. Chunk boundaries depend on the paths
 * alone (a boundary after a path whose hash ends in BOUNDARY_BITS zero bits), so adding or
 * removing a file moves no other boundary; MAX_CHUNK_ENTRIES bounds a chunk whatever the paths.
 */
const BOUNDARY_MASK = 0x3f; // ~64 entries per chunk on average
const MAX_CHUNK_ENTRIES = 512;

/** Splits sorted entries into chunks (arrays of entries). */
export function splitIntoChunks(entries: readonly ManifestEntry[]): ManifestEntry[][] {
  const chunks: ManifestEntry[][] = [];
  let current: ManifestEntry[] = [];
  for (const entry of entries) {
    current.push(entry);
    if ((fnv1a(entry.path) & BOUNDARY_MASK) === 0 || current.length >= MAX_CHUNK_ENTRIES) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Each entry's line, kept as long as the entry object lives (an unchanged file keeps its entry from one checkpoint to the next). */
const encodedLines = new WeakMap<ManifestEntry, string>();

/** The bytes of one chunk: a header line, then one JSON entry per line. */
export function encodeChunk(entries: readonly ManifestEntry[]): Buffer {
  const lines = entries.map((e) => {
    let line = encodedLines.get(e);
    if (line === undefined) encodedLines.set(e, (line = JSON.stringify(e)));
    return line;
  });
  return Buffer.from(`${CHUNK_HEADER}\n${lines.join('\n')}\n`, 'utf8');
}

const CHUNK_HEADER = 'ASE-MANIFEST-CHUNK 1';

/** Parses a chunk's bytes; throws when they are not a chunk (the caller reports the checkpoint as damaged). */
export function decodeChunk(bytes: Buffer): ManifestEntry[] {
  const lines = bytes.toString('utf8').split('\n');
  if (lines[0] !== CHUNK_HEADER) throw new Error('not a manifest chunk');
  const out: ManifestEntry[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') continue;
    const entry = JSON.parse(lines[i]) as ManifestEntry;
    if (!isEntry(entry)) throw new Error(`manifest chunk line ${i + 1} is not an entry`);
    out.push(entry);
  }
  return out;
}

function isEntry(e: ManifestEntry): boolean {
  if (typeof e !== 'object' || e === null || typeof e.path !== 'string') return false;
  if (e.kind === 'file') return typeof e.sha256 === 'string' && /^[0-9a-f]{64}$/.test(e.sha256) && typeof e.size === 'number' && typeof e.mode === 'number';
  if (e.kind === 'link') return typeof e.target === 'string';
  return e.kind === 'left_out' && typeof e.reason === 'string';
}

/** 32-bit FNV-1a of a string's UTF-16 code units: cheap, stable, well spread. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

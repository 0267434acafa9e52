import { promises as fs } from 'node:fs';
import { decodeBlob } from '../blobFormat';
import { sha256Bytes } from '../../core/hash';
import { listRecordIds, readRecord } from './checkpointRecord';
import { decodeChunk } from './manifestChunks';
import { blobFile } from './storeFiles';

/**
 * The blobs the stored checkpoints need: their manifest chunks and every file blob those name.
 * `chunkCache` keeps what a chunk names by the chunk's sha256 (a chunk's content never
 * changes), so a collection after the first reads only new chunks. Throws when a record or a
 * chunk cannot be read: the caller then collects nothing (a blob it cannot see referenced
 * may still be needed).
 */
export async function checkpointReferences(storeRoot: string, chunkCache: Map<string, string[]>): Promise<Set<string>> {
  const refs = new Set<string>();
  const live = new Set<string>();
  for (const id of await listRecordIds(storeRoot)) {
    const record = await readRecord(storeRoot, id);
    for (const chunk of record.chunks) {
      refs.add(chunk);
      live.add(chunk);
      let named = chunkCache.get(chunk);
      if (!named) {
        named = (await readChunkEntries(storeRoot, chunk)).flatMap((e) => (e.kind === 'file' ? [e.sha256] : []));
        chunkCache.set(chunk, named);
      }
      for (const sha of named) refs.add(sha);
    }
  }
  for (const chunk of chunkCache.keys()) if (!live.has(chunk)) chunkCache.delete(chunk);
  return refs;
}

/** A manifest chunk's entries, read and verified (async, for the host's thread). */
export async function readChunkEntries(storeRoot: string, chunk: string): Promise<ReturnType<typeof decodeChunk>> {
  const decoded = await decodeBlob(await fs.readFile(blobFile(storeRoot, chunk)));
  if ('error' in decoded) throw new Error(`manifest chunk ${chunk.slice(0, 12)}: ${decoded.error}`);
  if (decoded.header.kind !== 'raw' || sha256Bytes(decoded.payload) !== chunk) throw new Error(`manifest chunk ${chunk.slice(0, 12)} is damaged`);
  return decodeChunk(decoded.payload);
}

import { promises as fs } from 'node:fs';
import { decodeBlob } from '../blobFormat';
import { sha256Bytes } from '../../core/hash';
import { decodeChunk } from './manifestChunks';
import { blobFile } from './storeFiles';

/**
 * A manifest chunk's entries, read and verified (async, for the host's thread): what a
 * checkpoint's manifest holds (readManifest.ts) and which blobs it keeps from garbage
 * collection (checkpointCatalog.ts). Throws when the chunk is missing or damaged.
 */
export async function readChunkEntries(storeRoot: string, chunk: string): Promise<ReturnType<typeof decodeChunk>> {
  const decoded = await decodeBlob(await fs.readFile(blobFile(storeRoot, chunk)));
  if ('error' in decoded) throw new Error(`manifest chunk ${chunk.slice(0, 12)}: ${decoded.error}`);
  if (decoded.header.kind !== 'raw' || sha256Bytes(decoded.payload) !== chunk) throw new Error(`manifest chunk ${chunk.slice(0, 12)} is damaged`);
  return decodeChunk(decoded.payload);
}

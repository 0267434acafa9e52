import { CheckpointRecord } from './checkpointRecord';
import { ManifestEntry } from './manifest';
import { decodeChunk } from './manifestChunks';
import { readRawBlobSync } from './storeFiles';

/** A checkpoint's whole manifest, read from its chunks (each verified); throws when one is missing or damaged. */
export function loadManifestSync(storeRoot: string, record: CheckpointRecord): ManifestEntry[] {
  const entries: ManifestEntry[] = [];
  for (const chunk of record.chunks) for (const e of decodeChunk(readRawBlobSync(storeRoot, chunk))) entries.push(e);
  return entries;
}

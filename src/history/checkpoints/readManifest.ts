import { CheckpointRecord, readRecord } from './checkpointRecord';
import { readChunkEntries } from './checkpointReferences';
import { ManifestIndex } from './manifest';

/** A checkpoint's record and its manifest, indexed (async: the host's thread reads it without blocking). Throws when damaged. */
export async function readCheckpoint(storeRoot: string, id: string): Promise<{ record: CheckpointRecord; manifest: ManifestIndex }> {
  const record = await readRecord(storeRoot, id);
  const entries = [];
  for (const chunk of record.chunks) entries.push(...await readChunkEntries(storeRoot, chunk));
  return { record, manifest: new ManifestIndex(entries) };
}

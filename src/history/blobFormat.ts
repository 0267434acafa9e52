import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/**
 * On-disk format of one snapshot blob, stored at `blobs/<sha[0..2]>/<sha>` where <sha> is
 * the sha256 of the snapshot's UTF-8 text:
 *
 *   ASE-BLOB 1 key gzip <rawBytes>\n<gzip of the UTF-8 text>
 *   ASE-BLOB 1 delta gzip <rawBytes> <baseSha>\n<gzip of the JSON LineDelta against base>
 *   ASE-BLOB 1 raw gzip <rawBytes>\n<gzip of the file's bytes>
 *
 * A key blob (keyframe) holds the whole text; a delta blob holds a line delta against a
 * keyframe (never against another delta, so a restore reads at most two blobs). A raw blob
 * holds a file's bytes as they were on disk when they could not be read as text (binary, not
 * UTF-8, or over the size limit), named by the sha256 of those bytes: what a rollback over
 * such a file snapshots, so that rollback never needs to decode the file it replaces. gzip's
 * CRC32 catches most damage; the sha256 (the file name) catches the rest.
 */
export type BlobKind = 'key' | 'delta' | 'raw';

export interface BlobHeader {
  kind: BlobKind;
  codec: 'gzip';
  /** Byte length of the decompressed payload. */
  rawBytes: number;
  /** The keyframe a delta applies to. */
  base?: string;
}

const MAGIC = 'ASE-BLOB';
const SHA_RE = /^[0-9a-f]{64}$/;
/** Payloads up to this size are compressed synchronously (well under a millisecond). */
const SYNC_GZIP_MAX_BYTES = 64 * 1024;
/** Headers are short; reading this much is enough to parse one. */
export const MAX_HEADER_BYTES = 160;

/** Compresses `payload` and prefixes the header. */
export async function encodeBlob(kind: BlobKind, payload: Buffer, base?: string): Promise<Buffer> {
  const header = `${MAGIC} 1 ${kind} gzip ${payload.length}${kind === 'delta' ? ` ${base}` : ''}\n`;
  // Small payloads (deltas) compress faster inline than with a round trip to the thread pool.
  const body = payload.length <= SYNC_GZIP_MAX_BYTES ? zlib.gzipSync(payload, { level: 6 }) : await gzip(payload, { level: 6 });
  return Buffer.concat([Buffer.from(header, 'latin1'), body]);
}

/** Parses the header at the start of `bytes`; null when it is not a valid blob header. */
export function parseBlobHeader(bytes: Buffer): { header: BlobHeader; bodyOffset: number } | null {
  const nl = bytes.indexOf(0x0a);
  if (nl < 0 || nl > MAX_HEADER_BYTES) return null;
  const fields = bytes.subarray(0, nl).toString('latin1').split(' ');
  if (fields[0] !== MAGIC || fields[1] !== '1' || fields[3] !== 'gzip') return null;
  const rawBytes = Number(fields[4]);
  if (!Number.isSafeInteger(rawBytes) || rawBytes < 0) return null;
  if ((fields[2] === 'key' || fields[2] === 'raw') && fields.length === 5) {
    return { header: { kind: fields[2], codec: 'gzip', rawBytes }, bodyOffset: nl + 1 };
  }
  if (fields[2] === 'delta' && fields.length === 6 && SHA_RE.test(fields[5])) {
    return { header: { kind: 'delta', codec: 'gzip', rawBytes, base: fields[5] }, bodyOffset: nl + 1 };
  }
  return null;
}

/**
 * Decodes a whole blob file: header and decompressed payload. Returns a reason string
 * instead when the header is invalid, decompression fails or the size does not match.
 */
export async function decodeBlob(bytes: Buffer): Promise<{ header: BlobHeader; payload: Buffer } | { error: string }> {
  const parsed = parseBlobHeader(bytes);
  if (!parsed) return { error: 'invalid header' };
  let payload: Buffer;
  try {
    payload = await gunzip(bytes.subarray(parsed.bodyOffset));
  } catch (error) {
    return { error: `decompression failed (${(error as Error).message})` };
  }
  if (payload.length !== parsed.header.rawBytes) return { error: 'payload size mismatch' };
  return { header: parsed.header, payload };
}

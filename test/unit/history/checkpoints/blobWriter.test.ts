import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256Bytes } from '../../../../src/core/hash';
import { BlobWriter } from '../../../../src/history/checkpoints/blobWriter';
import { CompressionHelper, CompressReply } from '../../../../src/history/checkpoints/compressionHelper';
import { PendingSync, readRawBlobSync } from '../../../../src/history/checkpoints/storeFiles';
import { tempWorkspace } from './helpers';

const WORKER = path.join(__dirname, '../../../../src/history/checkpoints/checkpoint-worker.js');

/** Distinct, compressible file texts. */
function texts(n: number, bytes: number): Buffer[] {
  return Array.from({ length: n }, (_, i) => Buffer.from(`file ${i}\n${'const value = items.map((x) => x + 1);\n'.repeat(bytes / 40)}`, 'utf8'));
}

async function until<T>(poll: () => T | undefined): Promise<T> {
  for (let i = 0; i < 5000; i++) {
    const got = poll();
    if (got !== undefined) return got;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('no reply in 10 s');
}

describe('history/checkpoints: blob writer and its compression helper', () => {
  it('the helper thread answers a batch with each file gzipped whole (what the blob reader unzips back)', async () => {
    const helper = new CompressionHelper(WORKER);
    try {
      const files = texts(3, 4000);
      helper.send({ id: 7, level: 4, items: files.map((bytes) => ({ sha256: sha256Bytes(bytes), bytes })) });
      const reply: CompressReply = await until(() => helper.poll());
      assert.equal(reply.id, 7);
      assert.deepEqual(reply.results.map((r) => r.rawBytes), files.map((f) => f.length));
      const zlib = await import('node:zlib');
      for (let i = 0; i < files.length; i++) assert.ok(zlib.gunzipSync(reply.results[i].gzipped).equals(files[i]));
    } finally { await helper.close(); }
  });

  it('with the helper, 200 files are written as blobs that read back byte for byte, each reported once', async () => {
    const t = tempWorkspace();
    const helper = new CompressionHelper(WORKER);
    try {
      fs.mkdirSync(path.join(t.store, 'tmp'), { recursive: true });
      const reported: string[] = [];
      const writer = new BlobWriter(t.store, 4, new PendingSync(), (sha) => reported.push(sha), helper);
      const files = texts(200, 8000);
      for (const f of files) writer.add(sha256Bytes(f), f);
      await writer.drain();
      assert.deepEqual([...reported].sort(), files.map((f) => sha256Bytes(f)).sort());
      for (const f of files) assert.ok(readRawBlobSync(t.store, sha256Bytes(f)).equals(f));
    } finally {
      await helper.close();
      t.cleanup();
    }
  });

  it('a helper that stopped mid-way: what it had is compressed on the walking thread, nothing is lost', async () => {
    const t = tempWorkspace();
    const helper = new CompressionHelper(WORKER);
    try {
      fs.mkdirSync(path.join(t.store, 'tmp'), { recursive: true });
      const reported: string[] = [];
      const writer = new BlobWriter(t.store, 4, new PendingSync(), (sha) => reported.push(sha), helper);
      const files = texts(100, 8000);
      for (const f of files.slice(0, 64)) writer.add(sha256Bytes(f), f); // two full batches sent to the helper
      await helper.close();
      await until(() => (helper.alive ? undefined : true));
      for (const f of files.slice(64)) writer.add(sha256Bytes(f), f);
      await writer.drain();
      assert.equal(new Set(reported).size, 100);
      for (const f of files) assert.ok(readRawBlobSync(t.store, sha256Bytes(f)).equals(f));
    } finally { t.cleanup(); }
  });
});

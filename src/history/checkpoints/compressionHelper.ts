import { MessageChannel, MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import * as zlib from 'node:zlib';

/** Files to compress, sent as one message (one round trip per batch, not per file). */
export interface CompressRequest {
  id: number;
  level: number;
  items: Array<{ sha256: string; bytes: Uint8Array }>;
}

export interface CompressReply {
  id: number;
  results: Array<{ sha256: string; rawBytes: number; gzipped: Uint8Array }>;
}

/**
 * A second thread that gzips batches of files for the checkpoint worker, so that a cold
 * checkpoint (bound by compression) uses two cores when the machine has them free. It only
 * compresses: the checkpoint worker keeps every read and write of the store. Replies are
 * collected without the event loop (receiveMessageOnPort), between the walk's files.
 */
export class CompressionHelper {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private stopped = false;
  private closed = false;

  constructor(script: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(script, { workerData: { role: 'compress', port: port2 }, transferList: [port2] });
    this.worker.unref(); // idle, it never keeps the process alive
    this.worker.on('error', () => { this.stopped = true; });
    this.worker.on('exit', () => { this.stopped = true; });
  }

  /** False once the thread failed or exited: the caller compresses what it had sent itself. */
  get alive(): boolean {
    return !this.stopped;
  }

  send(request: CompressRequest): void {
    this.port.postMessage(request);
  }

  /** The next reply already there, if any (never waits). */
  poll(): CompressReply | undefined {
    if (this.closed) return undefined;
    return receiveMessageOnPort(this.port)?.message as CompressReply | undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopped = true;
    this.port.close();
    await this.worker.terminate();
  }
}

/** The helper thread's side: answers every request on `port`. */
export function serveCompression(port: MessagePort): void {
  port.on('message', (request: CompressRequest) => {
    const results = request.items.map((item) => ({
      sha256: item.sha256,
      rawBytes: item.bytes.length,
      gzipped: zlib.gzipSync(item.bytes, { level: request.level }),
    }));
    const reply: CompressReply = { id: request.id, results };
    port.postMessage(reply);
  });
}

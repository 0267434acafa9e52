/**
 * Bounded capture of one output stream that keeps the HEAD and the TAIL: a compiler's first
 * error is at the top and a test runner's summary at the bottom, and both matter to a
 * model. Memory stays bounded by `maxBytes` plus one chunk whatever the program prints.
 */
export class HeadTailCapture {
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private readonly tail: Buffer[] = [];
  private tailLength = 0;
  private total = 0;

  /**
   * @param maxBytes the most bytes kept (head + tail); at least 16.
   * @param headShare fraction of `maxBytes` given to the head (default 0.75, e.g. 48 + 16 KiB).
   */
  constructor(maxBytes: number, headShare = 0.75) {
    const max = Math.max(16, Math.floor(Number.isFinite(maxBytes) ? maxBytes : 64 * 1024));
    this.headLimit = Math.floor(max * Math.min(1, Math.max(0, headShare)));
    this.tailLimit = max - this.headLimit;
  }

  /** Adds bytes as they arrive. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headLength < this.headLimit) {
      const take = Math.min(this.headLimit - this.headLength, rest.length);
      this.head.push(rest.subarray(0, take));
      this.headLength += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0 || this.tailLimit === 0) return;
    this.tail.push(rest);
    this.tailLength += rest.length;
    // Drop whole chunks that no longer reach into the last `tailLimit` bytes.
    while (this.tail.length > 1 && this.tailLength - this.tail[0].length >= this.tailLimit) {
      this.tailLength -= this.tail.shift()!.length;
    }
  }

  /** Bytes seen so far. */
  get totalBytes(): number {
    return this.total;
  }

  /**
   * The captured text. When nothing was dropped it is the exact output, decoded as UTF-8.
   * Otherwise: head, a line `... [N bytes omitted] ...`, tail — with the cut points moved to
   * UTF-8 character boundaries (so no character is split into U+FFFD), N counting every
   * byte not shown.
   */
  text(): { text: string; truncated: boolean; omittedBytes: number } {
    const headBuf = Buffer.concat(this.head);
    let tailBuf = Buffer.concat(this.tail);
    if (tailBuf.length > this.tailLimit) tailBuf = tailBuf.subarray(tailBuf.length - this.tailLimit);
    if (headBuf.length + tailBuf.length === this.total) {
      return { text: Buffer.concat([headBuf, tailBuf]).toString('utf8'), truncated: false, omittedBytes: 0 };
    }
    const headEnd = utf8SafeEnd(headBuf);
    const tailStart = utf8SafeStart(tailBuf);
    const shownHead = headBuf.subarray(0, headEnd);
    const shownTail = tailBuf.subarray(tailStart);
    const omitted = this.total - shownHead.length - shownTail.length;
    const marker = `${shownHead.length > 0 && shownHead[shownHead.length - 1] !== 0x0a ? '\n' : ''}... [${omitted} bytes omitted] ...\n`;
    return { text: shownHead.toString('utf8') + marker + shownTail.toString('utf8'), truncated: true, omittedBytes: omitted };
  }
}

/** Length of `buf` without a multi-byte UTF-8 sequence cut off at its end. */
export function utf8SafeEnd(buf: Buffer): number {
  for (let i = buf.length - 1; i >= 0 && i >= buf.length - 4; i--) {
    const byte = buf[i];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return i + needed > buf.length ? i : buf.length;
  }
  return buf.length;
}

/** Offset of the first byte in `buf` that is not a UTF-8 continuation byte (at most 3 skipped). */
export function utf8SafeStart(buf: Buffer): number {
  let i = 0;
  while (i < buf.length && i < 3 && (buf[i] & 0xc0) === 0x80) i++;
  return i;
}

import * as assert from 'node:assert/strict';
import { HeadTailCapture, utf8SafeEnd, utf8SafeStart } from '../../../src/exec/output-capture';

describe('HeadTailCapture', () => {
  it('returns everything, exactly, up to the limit, however it is chunked', () => {
    const data = Buffer.from('0123456789'.repeat(10)); // 100 bytes
    for (const chunkSize of [1, 7, 33, 100]) {
      const c = new HeadTailCapture(100);
      for (let i = 0; i < data.length; i += chunkSize) c.push(data.subarray(i, i + chunkSize));
      assert.deepEqual(c.text(), { text: data.toString(), truncated: false, omittedBytes: 0 });
    }
  });

  it('keeps the first 3/4 and the last 1/4 beyond the limit', () => {
    const c = new HeadTailCapture(40);
    const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(''));
    for (let i = 0; i < data.length; i += 13) c.push(data.subarray(i, i + 13));
    const r = c.text();
    assert.equal(r.truncated, true);
    assert.equal(r.omittedBytes, 1000 - 30 - 10);
    assert.equal(r.text, `${data.subarray(0, 30)}\n... [960 bytes omitted] ...\n${data.subarray(990)}`);
    assert.equal(c.totalBytes, 1000);
  });

  it('never splits a UTF-8 character at either cut', () => {
    const c = new HeadTailCapture(64);
    c.push(Buffer.from('日本語✓'.repeat(100)));
    const r = c.text();
    assert.equal(r.truncated, true);
    assert.ok(!r.text.includes('\ufffd'), r.text);
    const shown = Buffer.byteLength(r.text) - Buffer.byteLength(`\n... [${r.omittedBytes} bytes omitted] ...\n`);
    assert.equal(r.omittedBytes, Buffer.byteLength('日本語✓'.repeat(100)) - shown);
  });

  it('utf8SafeEnd / utf8SafeStart find character boundaries', () => {
    const b = Buffer.from('a✓'); // 61 e2 9c 93
    assert.equal(utf8SafeEnd(b), 4);
    assert.equal(utf8SafeEnd(b.subarray(0, 3)), 1);
    assert.equal(utf8SafeEnd(b.subarray(0, 2)), 1);
    assert.equal(utf8SafeStart(b.subarray(2)), 2);
    assert.equal(utf8SafeStart(b), 0);
  });
});

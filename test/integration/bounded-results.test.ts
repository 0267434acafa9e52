import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

// Issue 19, item 11: what a failure sends back to the model is bounded, whatever the file.
describe('bounded results through the tools', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('AMBIGUOUS_MATCH on 10,000 identical lines lists 20 candidates and their count', async () => {
    const d = freshDir('ambiguous');
    writeBytes(path.join(d.abs, 'same.txt'), 'x\n'.repeat(10_000));
    const r = await invoke('replace_in_file', { path: `${d.rel}/same.txt`, old_text: 'x', new_text: 'y' });
    assert.equal(r.error_type, 'AMBIGUOUS_MATCH');
    assert.equal(r.candidates.length, 20);
    assert.ok(r.candidate_count > 1000);
    assert.ok(JSON.stringify(r).length < 3_000, `${JSON.stringify(r).length} characters`);
  });

  it('HASH_MISMATCH on a 1 MB file sends a bounded head and the sha256, not the file', async () => {
    const d = freshDir('mismatch');
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${'z'.repeat(40)}`).join('\n') + '\n';
    writeBytes(path.join(d.abs, 'big.txt'), text);
    const r = await invoke('edit_lines', { path: `${d.rel}/big.txt`, base_sha256: 'a'.repeat(64), mode: 'insert', start_line: 1, new_lines: ['x'] });
    assert.equal(r.error_type, 'HASH_MISMATCH');
    assert.match(r.latest_file_state.sha256, /^[0-9a-f]{64}$/);
    assert.equal(r.latest_file_state.truncated, true);
    assert.ok(JSON.stringify(r).length < 25_000, `${JSON.stringify(r).length} characters`);
    assert.ok(text.startsWith(r.latest_file_state.content));
  });

  it('a string input past its schema maxLength is INVALID_INPUT naming the field', async () => {
    const r = await invoke('safe_read_file', { path: 'a/'.repeat(3_000) + 'x' });
    assert.equal(r.error_type, 'INVALID_INPUT');
    assert.match(r.message, /path/);
  });
});

import * as assert from 'node:assert/strict';
import { ConsentTickets } from '../../../../src/hosts/vscode/consent-tickets';

describe('ConsentTickets (a chat confirmation covers exactly the change it showed)', () => {
  it('is taken once, for the same tool, real path, old and new text', () => {
    const t = new ConsentTickets();
    t.add('write_file', '/w/.vscode/settings.json', '{}', '{"a":1}', 0);
    assert.equal(t.take('safe_patch', '/w/.vscode/settings.json', '{}', '{"a":1}', 1), false);
    assert.equal(t.take('write_file', '/w/other.json', '{}', '{"a":1}', 1), false);
    assert.equal(t.take('write_file', '/w/.vscode/settings.json', '{ }', '{"a":1}', 1), false, 'the file changed after the confirmation');
    assert.equal(t.take('write_file', '/w/.vscode/settings.json', '{}', '{"a":2}', 1), false, 'another change');
    assert.equal(t.take('write_file', '/w/.vscode/settings.json', '{}', '{"a":1}', 1), true);
    assert.equal(t.take('write_file', '/w/.vscode/settings.json', '{}', '{"a":1}', 2), false, 'used up');
  });

  it('counts two confirmations of the same change as two, and expires unused ones after 30 minutes', () => {
    const t = new ConsentTickets();
    t.add('write_file', '/p', 'a', 'b', 0);
    t.add('write_file', '/p', 'a', 'b', 0);
    assert.equal(t.take('write_file', '/p', 'a', 'b', 1), true);
    assert.equal(t.take('write_file', '/p', 'a', 'b', 30 * 60_000 + 1), false);
  });

  it('keeps at most 100 unused tickets, dropping the oldest', () => {
    const t = new ConsentTickets();
    for (let i = 0; i <= 100; i++) t.add('write_file', `/p${i}`, '', 'x', 0);
    assert.equal(t.take('write_file', '/p0', '', 'x', 1), false);
    assert.equal(t.take('write_file', '/p100', '', 'x', 1), true);
  });
});

import * as assert from 'node:assert/strict';
import { ConsentTickets } from '../../../../src/hosts/vscode/consent-tickets';
import { lmConsentHolder } from '../../../../src/hosts/vscode/consent-holder';

const CHAT = lmConsentHolder({ scheme: 'vscode-chat-session', authority: 'local', path: '/s1' });

describe('ConsentTickets (a chat confirmation covers exactly the change it showed, for the caller it showed it to)', () => {
  it('is taken once, for the same tool, real path, old and new text', () => {
    const t = new ConsentTickets();
    t.add(CHAT, 'write_file', '/w/.vscode/settings.json', '{}', '{"a":1}', 0);
    assert.equal(t.take(CHAT, 'safe_patch', '/w/.vscode/settings.json', '{}', '{"a":1}', 1), false);
    assert.equal(t.take(CHAT, 'write_file', '/w/other.json', '{}', '{"a":1}', 1), false);
    assert.equal(t.take(CHAT, 'write_file', '/w/.vscode/settings.json', '{ }', '{"a":1}', 1), false, 'the file changed after the confirmation');
    assert.equal(t.take(CHAT, 'write_file', '/w/.vscode/settings.json', '{}', '{"a":2}', 1), false, 'another change');
    assert.equal(t.take(CHAT, 'write_file', '/w/.vscode/settings.json', '{}', '{"a":1}', 1), true);
    assert.equal(t.take(CHAT, 'write_file', '/w/.vscode/settings.json', '{}', '{"a":1}', 2), false, 'used up');
  });

  it('a skipped confirmation\'s ticket is of no use to an MCP call, a command or another chat session making the same change', () => {
    const t = new ConsentTickets();
    t.add(CHAT, 'write_file', '/p', 'a', 'b', 0);
    assert.equal(t.take(undefined, 'write_file', '/p', 'a', 'b', 1), false, 'no holder: MCP, commands');
    assert.equal(t.take(lmConsentHolder({ scheme: 'vscode-chat-session', authority: 'local', path: '/s2' }), 'write_file', '/p', 'a', 'b', 1), false, 'another session');
    assert.equal(t.take(lmConsentHolder(undefined), 'write_file', '/p', 'a', 'b', 1), false, 'a call without a chat');
    assert.equal(t.take(lmConsentHolder('mcp:s1'), 'write_file', '/p', 'a', 'b', 1), false, 'a token naming an MCP session');
    assert.equal(t.take(CHAT, 'write_file', '/p', 'a', 'b', 1), true, 'still there for the session it was shown in');
  });

  it('a newer confirmation of the same change replaces the earlier one: one ticket, not one per confirmation', () => {
    const t = new ConsentTickets();
    t.add(CHAT, 'write_file', '/p', 'a', 'b', 0);
    t.add(CHAT, 'write_file', '/p', 'a', 'b', 10);
    assert.equal(t.take(CHAT, 'write_file', '/p', 'a', 'b', 11), true);
    assert.equal(t.take(CHAT, 'write_file', '/p', 'a', 'b', 12), false);
  });

  it('expires unused tickets after 30 minutes, counted from the newest confirmation', () => {
    const t = new ConsentTickets();
    t.add(CHAT, 'write_file', '/p', 'a', 'b', 0);
    t.add(CHAT, 'write_file', '/p', 'a', 'b', 10 * 60_000);
    assert.equal(t.take(CHAT, 'write_file', '/p', 'a', 'b', 35 * 60_000), true);
    t.add(CHAT, 'write_file', '/q', 'a', 'b', 0);
    assert.equal(t.take(CHAT, 'write_file', '/q', 'a', 'b', 30 * 60_000), false);
  });

  it('keeps at most 100 unused tickets, dropping the oldest', () => {
    const t = new ConsentTickets();
    for (let i = 0; i <= 100; i++) t.add(CHAT, 'write_file', `/p${i}`, '', 'x', 0);
    assert.equal(t.take(CHAT, 'write_file', '/p0', '', 'x', 1), false);
    assert.equal(t.take(CHAT, 'write_file', '/p100', '', 'x', 1), true);
  });
});

describe('lmConsentHolder (the chat session behind a vscode.lm call)', () => {
  it('names one session the same whether VS Code passes it as a URI object or as its components', () => {
    class FakeUri {
      constructor(readonly scheme: string, readonly authority: string, readonly path: string, readonly query = '', readonly fragment = '') {}
      toString() { return `${this.scheme}://${this.authority}${this.path}`; }
    }
    const components = { $mid: 1, scheme: 'vscode-chat-session', authority: 'local', path: '/abc' };
    assert.equal(lmConsentHolder(new FakeUri('vscode-chat-session', 'local', '/abc')), lmConsentHolder(components));
    assert.notEqual(lmConsentHolder(components), lmConsentHolder({ ...components, path: '/abd' }));
  });

  it('tells "no chat" apart from every session, and a string from a URI', () => {
    assert.equal(lmConsentHolder(undefined), lmConsentHolder(null));
    assert.notEqual(lmConsentHolder(undefined), lmConsentHolder(''));
    assert.notEqual(lmConsentHolder('vscode-chat-session://local/abc'), lmConsentHolder({ scheme: 'vscode-chat-session', authority: 'local', path: '/abc' }));
  });

  it('never throws: an object it cannot name matches nothing, not even itself', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    assert.notEqual(lmConsentHolder(circular), lmConsentHolder(circular));
  });
});

import * as assert from 'node:assert/strict';
import { TurnIds } from '../../../src/engine/turn-ids';

describe('TurnIds (grouping tool calls into agent turns by their invocation token)', () => {
  const session = (s: string) => Object.freeze({ sessionResource: { toString: () => `vscode-chat-session://local/${s}` }, workingDirectory: undefined });

  it('gives calls of one chat session one id while they come within the quiet gap, though every token is a new object', () => {
    const ids = new TurnIds();
    const first = ids.idFor(session('A'), 0, 1000);
    assert.ok(first);
    assert.equal(ids.idFor(session('A'), 900, 1000), first);
    assert.equal(ids.idFor(session('A'), 1800, 1000), first, 'the gap counts from the last call');
    assert.notEqual(ids.idFor(session('A'), 3000, 1000), first, 'a longer pause starts a new turn');
  });

  it('never shares an id between sessions, and keeps identity for tokens without a session', () => {
    const ids = new TurnIds();
    assert.notEqual(ids.idFor(session('A'), 0), ids.idFor(session('B'), 1));
    const own = {};
    assert.equal(ids.idFor(own), ids.idFor(own));
    assert.notEqual(ids.idFor({}), ids.idFor({}));
    assert.equal(ids.idFor(undefined), undefined);
  });
});

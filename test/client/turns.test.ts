import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, writeBytes } from '../integration/helpers';
import { runAgentTurn } from './agent';
import type { ScriptStep } from './model';

/** Steps that read `rel` and write `content` over it. */
function rewrite(rel: string, content: string): ScriptStep[] {
  return [
    { tool_calls: [{ name: 'safe_read_file', arguments: { path: rel } }] },
    { tool_calls: [{ name: 'write_file', arguments: { path: rel, content, base_sha256: { $from: 'sha256' } } }] },
  ];
}

// Turns are grouped by the toolInvocationToken, which in Copilot's agent loop is a new object
// on every call naming the chat session (see src/engine/turn-ids.ts). Two chats seconds apart
// would share one turn if grouping fell back to quiet gaps, and the second chat's two writes
// would be two turns if it went by the token object's identity: this tells them apart.
describe('real client: "Roll Back Agent Turn" and chat requests', () => {
  let services: any;
  before(async () => {
    services = (await activateExtension()).services;
  });
  afterEach(closeAllEditors);

  it('rolls back exactly the files of the newest chat (both of its writes), not those of the chat before it', async () => {
    const d = freshDir('client-turns');
    const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt'];
    for (const n of names) writeBytes(path.join(d.abs, n), `${n} before\n`);
    const rel = (n: string) => `${d.rel}/${n}`;
    await runAgentTurn('First request', [...rewrite(rel('a.txt'), 'a by request 1\n'), ...rewrite(rel('b.txt'), 'b by request 1\n'), { text: 'done' }]);
    await runAgentTurn('Second request', [...rewrite(rel('c.txt'), 'c by request 2\n'), ...rewrite(rel('d.txt'), 'd by request 2\n'), { text: 'done' }]);

    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual([...r.restored].sort(), [rel('c.txt'), rel('d.txt')]);
    const now = Object.fromEntries(names.map((n) => [n, fs.readFileSync(path.join(d.abs, n), 'utf8')]));
    assert.deepEqual(now, { 'a.txt': 'a by request 1\n', 'b.txt': 'b by request 1\n', 'c.txt': 'c.txt before\n', 'd.txt': 'd.txt before\n' });
  });
});

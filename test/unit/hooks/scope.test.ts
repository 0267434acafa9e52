import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { scopeOf } from '../../../src/hooks/run-hook';
import type { HookCall } from '../../../src/hooks/hook-call';
import { DIALECTS } from '../../../src/hooks/agents';

const edit = (paths: string[]): HookCall => ({ agent: 'claude-code', event: 'pre', tool: 'Edit', kind: 'edit', paths, sessionId: 's', callId: 'c' });

describe('what a hooked call compares (run-hook.ts scopeOf): never silent, never the whole folder by accident', () => {
  it('named paths inside the root are read one by one; outside ones are named back, not dropped', () => {
    const s = scopeOf(edit(['/w/a.txt', '/elsewhere/b.txt']), '/w', '/w');
    assert.deepEqual(s, { scope: 'files', paths: ['/w/a.txt'], outside: ['/elsewhere/b.txt'] });
  });

  it('an edit with no path inside stays a files call with none (the owner records nothing), never a whole-folder compare', () => {
    assert.deepEqual(scopeOf(edit(['/elsewhere/b.txt']), '/w', '/w'), { scope: 'files', paths: [], outside: ['/elsewhere/b.txt'] });
    assert.deepEqual(scopeOf(edit([]), '/w', '/w'), { scope: 'files', paths: [], outside: [] });
  });

  it('more than 200 paths compare the folder whole (none dropped past the 200th)', () => {
    const many = Array.from({ length: 201 }, (_, i) => `/w/f${i}.txt`);
    assert.equal(scopeOf(edit(many), '/w', '/w').scope, 'workspace');
    assert.equal(scopeOf(edit(many.slice(0, 200)), '/w', '/w').paths.length, 200);
  });

  it('a path through the root\'s symbolic link is the same file under the real root', () => {
    const real = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-scope-')));
    const link = `${real}-link`;
    fs.symlinkSync(real, link);
    try {
      assert.deepEqual(scopeOf(edit([path.join(link, 'a.txt')]), link, real).paths, [path.join(real, 'a.txt')]);
    } finally {
      fs.rmSync(link);
      fs.rmSync(real, { recursive: true });
    }
  });

  it('the parsers keep every named path (a patch of 250 files is not cut to 200 before the scope is decided)', () => {
    const patch = Array.from({ length: 250 }, (_, i) => `*** Add File: f${i}.txt\n+x`).join('\n');
    const parsed = DIALECTS.codex.parse({ hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: `*** Begin Patch\n${patch}\n*** End Patch\n` }, session_id: 's', tool_use_id: 't' }, '/w');
    assert.ok(parsed.ok);
    assert.equal(scopeOf(parsed.call, '/w', '/w').scope, 'workspace');
  });
});

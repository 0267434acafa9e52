import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

// Issue 19, item 2: a failure loop can never garbage-collect the user's original text.
describe('retention: the original survives a failure loop', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  it('a 3.4 KB file rewritten to "}" and then failed on 100 times rolls back to its original byte for byte', async function () {
    this.timeout(120_000);
    const d = freshDir('retention');
    const rel = `${d.rel}/calculate.c`;
    const file = path.join(d.abs, 'calculate.c');
    const original = Array.from({ length: 100 }, (_, i) => `int f${i}(int x) { return x + ${i}; }\n`).join('').slice(0, 3400);
    writeBytes(file, original);
    const r0 = await invoke('safe_read_file', { path: rel });
    const w = await invoke('write_file', { path: rel, base_sha256: r0.sha256, content: '}\n', allow_size_reduce: true, skip_validation: true });
    assert.equal(w.success, true, JSON.stringify(w));
    for (let i = 0; i < 100; i++) {
      // a placeholder write is refused (ELISION_BLOCKED) and journaled as a blocked attempt;
      // the loop guard refuses later calls too: either way nothing is written
      const r = await invoke('write_file', { path: rel, base_sha256: w.sha256, content: `}\n// ... existing code ${i} ...\n` });
      assert.equal(r.success, false);
      if (i % 10 === 0) await vscode.commands.executeCommand('agentSafeEdit.resetFailureCounters');
    }
    const attempts = api.services.store.list(rel).filter((e: { outcome: string }) => e.outcome === 'blocked' || e.outcome === 'failed');
    assert.ok(attempts.length >= 50, `only ${attempts.length} attempts were journaled`);
    const back = await invoke('rollback_file', { path: rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(Buffer.compare(fs.readFileSync(file), Buffer.from(original)), 0);
    const evicted = api.services.store.evictions().filter((r: { path: string }) => r.path === rel);
    assert.ok(evicted.length > 0 && evicted.every((r: { versions: number }) => r.versions === 0), JSON.stringify(evicted));
  });
});

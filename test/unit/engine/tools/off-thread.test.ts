import * as assert from 'node:assert/strict';
import { runOffThread } from '../../../../src/engine/tools/off-thread';
import { PlanCache } from '../../../../src/engine/tools/plan-cache';
import { computedFirst } from '../../../../src/engine/tools/computed-first';
import { replacePlanOf, PlannedEdit } from '../../../../src/engine/edit/edit-requests';
import { applySearchReplace } from '../../../../src/core/replace';
import type { InvocationContext } from '../../../../src/engine/host';
import { FakeHost } from '../fake-host';
import { runEngineJob, runEngineJobWithin, EngineJob, jobSize } from '../../../../src/workers/engine-job';

const lines = Array.from({ length: 3000 }, (_, i) => `line ${i}`);
const base = lines.join('\n') + '\n';
const patch = '--- a/f\n+++ b/f\n@@ -10,3 +10,3 @@\n line 9\n-line 10\n+line ten\n line 11\n';

describe('tools/off-thread: the engine on a worker thread', function () {
  this.timeout(60_000);

  it('answers every kind of job exactly as on this thread', async () => {
    const jobs: EngineJob[] = [
      { kind: 'unified_diff', base, patch },
      { kind: 'search_replace', base, oldText: 'line 20\n', newText: 'line twenty\n' },
      { kind: 'patch_files', format: 'unified', patch, files: { f: base } },
      { kind: 'patch_files', format: 'apply_patch', patch: '*** Begin Patch\n*** Update File: f\n@@\n-line 7\n+line seven\n*** Add File: g\n+new\n*** End Patch\n', files: { f: base, g: null } },
      { kind: 'replace_edits', edits: [{ path: 'f', old_text: 'line 5\n', new_text: 'line five\n' }, { path: 'f', old_text: 'no such line', new_text: 'x' }], files: { f: base } },
    ];
    for (const job of jobs) assert.deepEqual(await runOffThread(job, { minChars: 0 }), runEngineJob(job), job.kind);
  });

  it('a job that reads a file it does not carry fails as the pipeline\'s plan does (the promise rejects)', async () => {
    await assert.rejects(runOffThread({ kind: 'patch_files', format: 'unified', patch, files: {} }, { minChars: 0 }), /the plan read f, which the call does not name/);
  });

  it('a job past its time is stopped and refused as TOO_LARGE', async () => {
    const big = Array.from({ length: 200_000 }, (_, i) => `row ${i}`).join('\n') + '\n';
    const r = await runOffThread({ kind: 'search_replace', base: big, oldText: 'row 199999\n', newText: 'x\n' }, { minChars: 0, timeoutMs: 1 });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.type, 'TOO_LARGE');
    assert.match(!r.ok ? r.error.message : '', /did not finish within/);
  });

  it('a small job that passes the host thread\'s work budget is answered by the worker, as the engine answers it anywhere', async () => {
    // 2,000 identical lines and an indented hunk of 20 of them: ~2,000 candidates to plan
    const same = 'x\n'.repeat(2000);
    const patch = '@@ @@\n' + Array.from({ length: 20 }, (_, k) => (k === 10 ? '-    x\n+    y' : '     x')).join('\n') + '\n';
    const job: EngineJob = { kind: 'unified_diff', base: same, patch };
    const here = runEngineJobWithin(job, 1);
    assert.equal(here.tripped, true, 'the tiny budget is passed here');
    assert.equal(!here.result.ok && here.result.error.type, 'TOO_LARGE');
    const r = await runOffThread(job, { hostWorkBase: 1 });
    assert.deepEqual(r, runEngineJob(job));
    assert.equal(!r.ok && r.error.type, 'AMBIGUOUS_MATCH', 'the default budget answers it');
    assert.deepEqual(await runOffThread(job, { workerScript: '/nonexistent/worker.js' }), runEngineJob(job), 'within the host budget it never reaches the worker');
  });

  it('small jobs run on this thread (no worker): the size counts every text the job carries', async () => {
    const job: EngineJob = { kind: 'replace_edits', edits: [{ path: 'f', old_text: 'ab', new_text: 'cd' }], files: { f: 'xab', g: null } };
    assert.equal(jobSize(job), 3 + 4);
    // an unloadable worker script would reject: below the threshold it is never loaded
    assert.deepEqual(await runOffThread(job, { workerScript: '/nonexistent/worker.js' }), runEngineJob(job));
  });
});

describe('tools/plan-cache: the confirmation\'s plan reused by invoke', () => {
  it('computes once for the same key and texts, again when a text or the key differs, and forgets after a while', async () => {
    let now = 0;
    const cache = new PlanCache<string>(() => now);
    let computed = 0;
    const compute = async (texts: Map<string, string | undefined>) => `${++computed}:${[...texts.values()].join(',')}`;
    const files: Record<string, string | undefined> = { a: 'A', b: undefined };
    const read = (p: string) => files[p];
    assert.equal(await cache.get('k', ['a', 'b'], read, compute), '1:A,');
    assert.equal(await cache.get('k', ['a', 'b'], read, compute), '1:A,', 'same key, same texts: kept');
    files.a = 'A2';
    assert.equal(await cache.get('k', ['a', 'b'], read, compute), '2:A2,', 'a text changed');
    assert.equal(await cache.get('k2', ['a', 'b'], read, compute), '3:A2,', 'another call');
    assert.equal(await cache.get('k2', ['a'], read, compute), '4:A2', 'other paths');
    now += 10 * 60_000;
    assert.equal(await cache.get('k2', ['a'], read, compute), '5:A2', 'expired');
    cache.clear();
    assert.equal(await cache.get('k2', ['a'], read, compute), '6:A2');
  });
});

describe('tools/computed-first: every text the pipeline plans on goes through the job', () => {
  it('a text other than the one read (a stale base\'s version) is planned as a job too, never by the plan on this thread', async () => {
    const fake = await new FakeHost().open();
    try {
      fake.put('f.txt', 'a\nb\n');
      const asked: string[] = [];
      let here = 0;
      const req: PlannedEdit = { tool: 'replace_in_file', path: 'f.txt', plan: (t) => ((here++), replacePlanOf(applySearchReplace(t ?? '', 'b', 'c'))) };
      const jobFor = (text: string) => {
        asked.push(text);
        return { kind: 'search_replace' as const, base: text, oldText: 'b', newText: 'c' };
      };
      const ready = await computedFirst({ host: fake.host } as unknown as InvocationContext, req, jobFor, replacePlanOf);
      assert.deepEqual(asked, ['a\nb\n']);
      assert.ok(ready.planAsync, 'the request carries the job-backed planner');
      const onBase = await ready.planAsync('x\nb\n');
      assert.deepEqual(asked, ['a\nb\n', 'x\nb\n']);
      assert.equal(onBase.ok && onBase.plan.newText, 'x\nc\n');
      const onRead = await ready.planAsync('a\nb\n');
      assert.equal(onRead.ok && onRead.plan.newText, 'a\nc\n');
      assert.equal(asked.length, 2, 'the text read is answered by the result computed first');
      assert.equal(here, 0, 'nothing planned on this thread');
    } finally {
      await fake.close();
    }
  });
});

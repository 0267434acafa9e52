import * as assert from 'node:assert';
import { foregroundWindow, UNKNOWN_LATENCY_MS, type WindowInput } from '../../../src/validate/diagnostics-providers';

const base: WindowInput = { languageId: 'javascript', diagnosticsBefore: 0, languagesSeen: new Set(), languagesWithProviders: new Set(), maxWaitMs: 2000, mustSettle: false };

describe('validate/foregroundWindow (issue 15: the adaptive diagnostics wait)', () => {
  it('does not wait on a clean file: its problems, if any, ride along with the next result', () => {
    assert.equal(foregroundWindow(base), undefined);
  });
  it('does not wait for a language without any diagnostics producer, even with diagnostics before', () => {
    assert.equal(foregroundWindow({ ...base, languageId: 'made-up', diagnosticsBefore: 0 }), undefined);
  });
  it('waits on a file with diagnostics, for twice the last latency plus 100 ms, or the default before one is known', () => {
    assert.deepEqual(foregroundWindow({ ...base, diagnosticsBefore: 3 }), { maxWaitMs: 2000, firstEventMs: UNKNOWN_LATENCY_MS, quietMs: 150 });
    assert.deepEqual(foregroundWindow({ ...base, diagnosticsBefore: 3, lastLatencyMs: 120 }), { maxWaitMs: 2000, firstEventMs: 340, quietMs: 150 });
  });
  it('never waits longer than maxWaitMs, and not at all when it is 0', () => {
    assert.equal(foregroundWindow({ ...base, diagnosticsBefore: 3, lastLatencyMs: 5000 })?.firstEventMs, 2000);
    assert.equal(foregroundWindow({ ...base, diagnosticsBefore: 3, maxWaitMs: 0 }), undefined);
  });
  it('with onNewErrors "rollback" the result holds the verdict: the full settle, also on a clean file', () => {
    assert.deepEqual(foregroundWindow({ ...base, mustSettle: true }), { maxWaitMs: 2000, firstEventMs: UNKNOWN_LATENCY_MS, quietMs: 300 });
    assert.deepEqual(foregroundWindow({ ...base, mustSettle: true, diagnosticsBefore: 1 }), { maxWaitMs: 2000, firstEventMs: 2000, quietMs: 300 });
  });
});

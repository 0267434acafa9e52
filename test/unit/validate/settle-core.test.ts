import assert from 'node:assert/strict';
import { waitForQuiet } from '../../../src/validate/settle-core';

/** A minimal event source with a count of live listeners. */
class FakeEvents<E> {
  private listeners = new Set<(e: E) => void>();
  get live(): number {
    return this.listeners.size;
  }
  subscribe = (listener: (e: E) => void) => {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  };
  fire(e: E): void {
    for (const l of [...this.listeners]) l(e);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('validate/waitForQuiet (diagnostics settle core)', () => {
  it('settles after a relevant event followed by a quiet period, and unsubscribes', async () => {
    const events = new FakeEvents<string>();
    const waiting = waitForQuiet(events.subscribe, (uri) => uri === 'file:///a', { maxWaitMs: 5000, quietMs: 30 });
    assert.equal(events.live, 1, 'subscribed before returning');
    events.fire('file:///a');
    const r = await waiting;
    assert.equal(r.settled, true);
    assert.equal(r.sawEvent, true);
    assert.equal(events.live, 0);
  });

  it('gives up at firstEventMs when no event came, but waits on once one did', async () => {
    const quiet = new FakeEvents<string>();
    const none = await waitForQuiet(quiet.subscribe, () => true, { maxWaitMs: 5000, quietMs: 10, firstEventMs: 40 });
    assert.equal(none.sawEvent, false);
    assert.ok(none.waitedMs < 1000, `waited ${none.waitedMs} ms`);
    const busy = new FakeEvents<string>();
    const waiting = waitForQuiet(busy.subscribe, () => true, { maxWaitMs: 5000, quietMs: 120, firstEventMs: 40 });
    busy.fire('x');
    const r = await waiting;
    assert.equal(r.settled, true, 'an event before firstEventMs keeps the wait going until quiet');
  });

  it('ignores events for other URIs and gives up at maxWaitMs', async () => {
    const events = new FakeEvents<string>();
    const waiting = waitForQuiet(events.subscribe, (uri) => uri === 'file:///a', { maxWaitMs: 80, quietMs: 10 });
    events.fire('file:///b');
    const r = await waiting;
    assert.equal(r.settled, false);
    assert.equal(r.sawEvent, false);
    assert.equal(events.live, 0);
  });

  it('each relevant event restarts the quiet period; events after settling are ignored', async () => {
    const events = new FakeEvents<string>();
    const quietMs = 60;
    const waiting = waitForQuiet(events.subscribe, () => true, { maxWaitMs: 5000, quietMs }).then((r) => ({ ...r, at: Date.now() }));
    events.fire('x');
    await sleep(20);
    const lastEventAt = Date.now();
    events.fire('x'); // restarts the quiet period
    const r = await waiting;
    assert.equal(r.settled, true);
    // Timers never fire early (2 ms allowance for clock rounding), so this orders events, not speed.
    assert.ok(r.at - lastEventAt >= quietMs - 2, `settled ${r.at - lastEventAt} ms after the last event`);
    events.fire('x'); // no listener left: must not throw or re-resolve
    assert.equal(events.live, 0);
  });

  it('a stream of events that never goes quiet ends at maxWaitMs, not settled', async () => {
    const events = new FakeEvents<string>();
    const timer = setInterval(() => events.fire('x'), 5);
    try {
      const r = await waitForQuiet(events.subscribe, () => true, { maxWaitMs: 100, quietMs: 50 });
      assert.equal(r.settled, false);
      assert.equal(r.sawEvent, true);
    } finally {
      clearInterval(timer);
    }
  });
});

import { strict as assert } from 'node:assert';
import { TurnWindow } from '../../../../src/engine/writers/turn-window';
import { isOurTemporaryFile } from '../../../../src/engine/writers/writer-recorder';

describe('TurnWindow: when other writers\' changes belong to an agent turn', () => {
  const tail = 60_000;
  it('a turn lasts from its first call to the tail after its last activity', () => {
    const w = new TurnWindow(() => tail);
    assert.equal(w.current(0), undefined);
    assert.equal(w.call('t1', 'copilot', 1000), undefined);
    assert.equal(w.current(1000 + tail)?.id, 't1');
    assert.equal(w.current(1001 + tail), undefined, 'past the tail: nobody\'s turn');
    assert.equal(w.latest()?.id, 't1');
    assert.equal(w.endsAt(), 1000 + tail);
  });

  it('a call of another turn ends the one going on and returns it (its changes are recorded as its own)', () => {
    const w = new TurnWindow(() => tail);
    w.call('t1', undefined, 1000);
    const ended = w.call('t2', undefined, 2000);
    assert.equal(ended?.id, 't1');
    assert.equal(w.current(2000)?.id, 't2');
    assert.equal(w.call('t3', undefined, 2000 + 2 * tail), undefined, 'a turn past its tail is not ended again');
  });

  it('an agent\'s own edit starts a turn we name, which the first call of ours adopts; calls without an id go on with it', () => {
    const w = new TurnWindow(() => tail);
    w.agentWrite(1000);
    const id = w.adoptableId(1000);
    assert.match(id ?? '', /observed/);
    assert.equal(w.call(id, undefined, 5000), undefined);
    assert.equal(w.current(5000 + tail)?.id, id, 'the call extended it');
    w.call(undefined, undefined, 6000);
    assert.equal(w.current(6000)?.id, id);
    assert.equal(w.adoptableId(6000), undefined, 'adopted: the next chat\'s first call does not join it');
    assert.equal(w.call('another-chat', undefined, 7000)?.id, id, 'another chat ends it');
  });

  it('a turn without an id takes the first id a call brings', () => {
    const w = new TurnWindow(() => tail);
    w.call(undefined, undefined, 1000);
    assert.equal(w.call('t9', 'mcp', 1500), undefined);
    assert.deepEqual({ id: w.current(1500)?.id, client: w.current(1500)?.client }, { id: 't9', client: 'mcp' });
  });

  it('our own write\'s temporary file is never another writer\'s', () => {
    assert.equal(isOurTemporaryFile('/ws/src/.a.ts.ase-1f2e3d4c.tmp'), true);
    assert.equal(isOurTemporaryFile('C:\\ws\\.b.txt.ase-00ff00ff.tmp'), true);
    assert.equal(isOurTemporaryFile('/ws/src/a.ts.tmp'), false);
    assert.equal(isOurTemporaryFile('/ws/.ase-dir/file.txt'), false);
  });
});

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { BackupStore } from '../../../src/history/backupStore';
import { diffFromKnownVersion } from '../../../src/history/staleDiff';
import { sha256Text } from '../../../src/core/hash';
import { sourceText, tempRoot } from './helpers';

describe('diffFromKnownVersion', () => {
  let root: string;
  let store: BackupStore;
  beforeEach(async () => { root = tempRoot(); store = new BackupStore(root); assert.ok((await store.open()).ok); });
  afterEach(async () => { await store.close(); fs.rmSync(root, { recursive: true, force: true }); });

  it('diffs from the agent\'s (stored) version to the current text', async () => {
    const agentVersion = sourceText(20_000);
    const begun = await store.begin({ tool: 'write_file', path: 'src/a.ts', beforeText: 'old\n' });
    assert.ok(begun.ok);
    assert.ok((await store.finish(begun.id, { afterText: agentVersion, outcome: 'applied' })).ok);
    const current = agentVersion.replace('\n', '\nuser added this\n');
    const result = await diffFromKnownVersion(store, sha256Text(agentVersion), current, 'src/a.ts');
    assert.equal(result.kind, 'diff');
    assert.ok(result.kind === 'diff' && result.diff.startsWith('--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,4 +1,5 @@\n'));
    assert.ok(result.kind === 'diff' && result.diff.includes('+user added this\n'));
  });

  it('says unknown for a version the store never saw, and larger when the diff is no shorter than the text', async () => {
    assert.equal((await diffFromKnownVersion(store, sha256Text('never'), 'x\n', 'a')).kind, 'unknown');
    const begun = await store.begin({ tool: 'write_file', path: 'b', beforeText: 'aaaa\nbbbb\n' });
    assert.ok(begun.ok);
    assert.equal((await diffFromKnownVersion(store, begun.before_sha256, 'zz\n', 'b')).kind, 'larger');
  });
});

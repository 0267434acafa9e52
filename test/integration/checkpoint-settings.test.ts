import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { BackupStore } from '../../src/history/backupStore';
import { Checkpoints } from '../../src/history/checkpoints/checkpoints';
import { takeOptionsFromSettings } from '../../src/history/checkpoints/takeOptionsFromSettings';
import { readSettings } from '../../src/hosts/vscode/settings';
import { activateExtension, freshDir, writeBytes } from './helpers';

const MB = 1024 * 1024;

/**
 * The checkpoint caps as VS Code hands them over: the settings declared in package.json,
 * read by the VS Code host's settings reader, mapped to take() by takeOptionsFromSettings,
 * and honoured by a checkpoint of a workspace folder taken on its worker thread.
 */
describe('safeEdit.checkpoints.* settings reach a checkpoint', () => {
  const config = () => vscode.workspace.getConfiguration('safeEdit');
  before(activateExtension);
  afterEach(async () => {
    for (const key of ['checkpoints.maxFileBytes', 'checkpoints.maxTotalBytes']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
  });

  it('defaults 16 MB / 100 MB (1 GB, bounded by half of backups.maxTotalMB\'s 200); user values below the minimum are clamped, and the file cap leaves a file out, listed and unknown', async () => {
    assert.deepEqual(takeOptionsFromSettings(readSettings()), { maxFileBytes: 16 * MB, maxTotalBytes: 100 * MB });
    await config().update('checkpoints.maxFileBytes', 1000, vscode.ConfigurationTarget.Global);
    await config().update('checkpoints.maxTotalBytes', 20 * MB, vscode.ConfigurationTarget.Global);
    const options = takeOptionsFromSettings(readSettings());
    assert.deepEqual(options, { maxFileBytes: 64 * 1024, maxTotalBytes: 20 * MB });

    const d = freshDir('ckpt-caps');
    writeBytes(path.join(d.abs, 'src/app.ts'), 'export const app = 1;\n');
    writeBytes(path.join(d.abs, 'logs/big.log'), Buffer.alloc(100 * 1024, 0x61));
    const storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-it-ckpt-store-'));
    const backups = new BackupStore(storeRoot);
    try {
      assert.ok((await backups.open()).ok);
      const checkpoints = new Checkpoints(backups);
      try {
        const taken = await checkpoints.take(d.abs, options);
        assert.ok(taken.ok, JSON.stringify(taken));
        assert.deepEqual(taken.checkpoint.left_out, [{ path: 'logs/big.log', reason: 'too_large', size: 100 * 1024 }]);
        assert.equal(taken.checkpoint.files, 1);
      } finally { await checkpoints.close(); }
    } finally {
      await backups.close();
      fs.rmSync(storeRoot, { recursive: true, force: true });
    }
  });
});

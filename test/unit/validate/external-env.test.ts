import { strict as assert } from 'node:assert';
import { tmpdir } from 'node:os';
import { runProcess } from '../../../src/validate/external/run-process';

describe('external validators: environment (issue 19 item 14)', () => {
  const saved = { electron: process.env.ELECTRON_RUN_AS_NODE, ipc: process.env.VSCODE_TEST_IPC_HOOK };
  afterEach(() => {
    for (const [key, value] of [['ELECTRON_RUN_AS_NODE', saved.electron], ['VSCODE_TEST_IPC_HOOK', saved.ipc]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('get the filtered environment execute_program gets: no ELECTRON_RUN_AS_NODE, no VSCODE_*', async () => {
    process.env.ELECTRON_RUN_AS_NODE = '1';
    process.env.VSCODE_TEST_IPC_HOOK = '/tmp/host.sock';
    const code = 'process.stdout.write(JSON.stringify([process.env.ELECTRON_RUN_AS_NODE ?? "absent", process.env.VSCODE_TEST_IPC_HOOK ?? "absent", typeof process.env.PATH]))';
    const r = await runProcess([process.execPath, '-e', code], tmpdir(), 10_000);
    assert.equal(r.started, true, r.error);
    assert.deepEqual(JSON.parse(r.stdout), ['absent', 'absent', 'string']);
  });
});

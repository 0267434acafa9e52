import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { consentSuite, freshDir, invoke, workspaceRoot, writeBytes } from './helpers';

/** Issue 19 items 5 and 6, through vscode.lm.invokeTool in a real VS Code. */
describe('sensitive paths and git dirs under other names (issue 19)', () => {
  const ext = consentSuite();

  describe('sensitive files need consent, whatever their case', () => {
    const cases: [string, string][] = [
      ['a workflow spelled in another case', '.GitHub/Workflows/ci.yml'],
      ['workspace settings spelled in another case', '.VSCode/Settings.JSON'],
      ['AGENTS.md', 'AGENTS.md'],
      ['copilot instructions', '.github/copilot-instructions.md'],
      ['a dev container', '.devcontainer/devcontainer.json'],
      ['a husky hook', '.husky/pre-commit'],
      ['an MCP server list', '.mcp.json'],
      ['Claude settings', '.claude/settings.local.json'],
      ['package.json', 'package.json'],
    ];
    for (const [label, rel] of cases) {
      it(`a declined consent keeps ${label} (${rel}) from being created`, async () => {
        ext().services.setConsentAnswerForTests('deny');
        // '{}' is valid in every file type here, so only the consent can stop it.
        const r = await invoke('write_file', { path: rel, content: '{}\n', create_dirs: true });
        assert.equal(r.error_type, 'PERMISSION_DENIED', JSON.stringify(r));
        assert.equal(fs.existsSync(path.join(workspaceRoot(), rel)), false);
      });
    }
  });

  describe('git directories under any name are never written', () => {
    const makeGitDir = (abs: string) => {
      writeBytes(path.join(abs, 'HEAD'), 'ref: refs/heads/main\n');
      writeBytes(path.join(abs, 'config'), '[core]\n\tbare = true\n');
      fs.mkdirSync(path.join(abs, 'objects'), { recursive: true });
    };

    it('the worktree layout: .bare/config is refused (GIT_INTERNALS) and unchanged', async () => {
      const d = freshDir('bare-layout');
      makeGitDir(path.join(d.abs, '.bare'));
      writeBytes(path.join(d.abs, '.git'), 'gitdir: ./.bare\n');
      const r0 = await invoke('safe_read_file', { path: `${d.rel}/.bare/config` });
      assert.equal(r0.success, true, JSON.stringify(r0));
      const r = await invoke('replace_in_file', { path: `${d.rel}/.bare/config`, base_sha256: r0.sha256, old_text: 'bare = true', new_text: 'fsmonitor = ./evil.sh' });
      assert.equal(r.error_type, 'PATH_DENIED', JSON.stringify(r));
      assert.equal(r.reason, 'GIT_INTERNALS');
      assert.equal(fs.readFileSync(path.join(d.abs, '.bare', 'config'), 'utf8'), '[core]\n\tbare = true\n');
    });

    it('a bare clone: foo.git/config cannot be overwritten nor a hook created', async () => {
      const d = freshDir('bare-clone');
      makeGitDir(path.join(d.abs, 'foo.git'));
      const w = await invoke('write_file', { path: `${d.rel}/foo.git/hooks/post-checkout`, content: '#!/bin/sh\n', create_dirs: true });
      assert.equal(w.error_type, 'PATH_DENIED', JSON.stringify(w));
      assert.equal(w.reason, 'GIT_INTERNALS');
      assert.equal(fs.existsSync(path.join(d.abs, 'foo.git', 'hooks')), false);
      const r0 = await invoke('safe_read_file', { path: `${d.rel}/foo.git/config` });
      const e = await invoke('edit_lines', { path: `${d.rel}/foo.git/config`, base_sha256: r0.sha256, mode: 'insert', start_line: 2, new_lines: ['\tfsmonitor = ./evil.sh'] });
      assert.equal(e.reason, 'GIT_INTERNALS', JSON.stringify(e));
    });

    it('a directory a .git file points at (gitdir:) is refused even when not shaped like a git dir', async () => {
      const d = freshDir('gitdir-pointer');
      writeBytes(path.join(d.abs, '.git'), 'gitdir: ./store\n');
      writeBytes(path.join(d.abs, 'store', 'config'), '[core]\n');
      const w = await invoke('write_file', { path: `${d.rel}/store/config2`, content: '[core]\n' });
      assert.equal(w.reason, 'GIT_INTERNALS', JSON.stringify(w));
      assert.equal(fs.existsSync(path.join(d.abs, 'store', 'config2')), false);
    });
  });
});

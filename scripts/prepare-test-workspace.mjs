#!/usr/bin/env node
// Makes the throwaway workspace the "Extension Tests" launch configuration (.vscode/launch.json)
// opens: .vscode-test/f5-tests-workspace/, emptied and holding only a README.md, as the
// integration tests expect of their folder (test/runner/README.md). Prints its path.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A fixed folder under the git-ignored .vscode-test/: never a path from outside, since it is deleted.
const workspace = path.join(repoRoot, '.vscode-test', 'f5-tests-workspace');

rmSync(workspace, { recursive: true, force: true });
mkdirSync(workspace, { recursive: true });
writeFileSync(
  path.join(workspace, 'README.md'),
  '# Extension tests workspace\n\nA throwaway folder for one run of the tests from the editor; the tests create their own files here.\n',
);
console.log(workspace);

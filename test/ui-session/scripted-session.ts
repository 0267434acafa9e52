import * as vscode from 'vscode';

/**
 * A scripted agent session for the UI tests (integration and browser): edits, a blocked
 * write, a failure loop and a rollback, driven exactly as Copilot agent mode drives the tools
 * (`vscode.lm.invokeTool`). Test code: bundled to dist/test-hooks/ by non-production builds
 * only (never in the .vsix) and loaded by src/ui/index.ts in test or development mode.
 *
 * In folder `dir` (workspace-relative) it leaves:
 * - `calc.c`: created, edited twice (replace_in_file, edit_lines), a 2-byte overwrite refused
 *   (SIZE_REDUCTION_BLOCKED), then rolled back one revision (the edit_lines change undone);
 * - `notes.md`: created, then 3 failing replace_in_file calls (NO_MATCH, NO_MATCH,
 *   EDIT_FAILURE_LOOP).
 * Activity: 4 edits, 1 blocked, 2 failed, 1 loop, 1 rollback; journal: calc.c 5 entries,
 * notes.md 4.
 */
export interface ScriptedSessionResult {
  dir: string;
  /** error_type (or "ok") of every call, in order, so a test can see where a session went wrong. */
  steps: string[];
}

export const CALC_C = `#include <stdio.h>
#include <stdlib.h>

/* A tiny calculator used by the Agent Safe Edit UI tests. */

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }

static int apply(char op, int a, int b, int *out) {
  switch (op) {
    case '+': *out = add(a, b); return 0;
    case '-': *out = sub(a, b); return 0;
    case '*': *out = mul(a, b); return 0;
    default: return -1;
  }
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s <a> <op> <b>\\n", argv[0]);
    return 2;
  }
  int a = atoi(argv[1]);
  int b = atoi(argv[3]);
  int result = 0;
  if (apply(argv[2][0], a, b, &result) != 0) {
    fprintf(stderr, "unknown operator: %s\\n", argv[2]);
    return 1;
  }
  printf("%d\\n", result);
  return 0;
}

/* Padding so that the file is comfortably above the 1000-byte write guard threshold:
 * the size guard protects files larger than safeEdit.writeGuard.minBytes from being
 * replaced by a tiny fragment such as a lone closing brace. */
`;

export const NOTES_MD = '# Notes\n\n- calculator supports + - *\n';

async function call(name: string, input: object): Promise<any> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const part = result.content.find((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart);
  return part ? JSON.parse(part.value) : { success: false, error_type: 'NO_TEXT_PART' };
}

/** Runs the session; a step that does not give the expected result stops it with an Error naming the step. */
export async function runScriptedSession(dir: string): Promise<ScriptedSessionResult> {
  const steps: string[] = [];
  const expect = async (label: string, name: string, input: object, want: string): Promise<any> => {
    const r = await call(name, input);
    const got = r.success ? 'ok' : String(r.error_type);
    steps.push(got);
    if (got !== want) throw new Error(`scripted session step "${label}": expected ${want}, got ${got}: ${r.message}`);
    return r;
  };
  const calc = `${dir}/calc.c`;
  const notes = `${dir}/notes.md`;
  let r = await expect('create calc.c', 'write_file', { path: calc, content: CALC_C, create_dirs: true }, 'ok');
  r = await expect('add div', 'replace_in_file', { path: calc, base_sha256: r.sha256, old_text: 'static int mul(int a, int b) { return a * b; }\n', new_text: 'static int mul(int a, int b) { return a * b; }\nstatic int divide(int a, int b) { return b == 0 ? 0 : a / b; }\n' }, 'ok');
  r = await expect('add case', 'edit_lines', { path: calc, base_sha256: r.sha256, mode: 'insert', start_line: 15, new_lines: ["    case '/': *out = divide(a, b); return 0;"] }, 'ok');
  await expect('overwrite with a brace', 'write_file', { path: calc, base_sha256: r.sha256, content: '}\n' }, 'SIZE_REDUCTION_BLOCKED');
  r = await expect('create notes.md', 'write_file', { path: notes, content: NOTES_MD }, 'ok');
  await expect('miss 1', 'replace_in_file', { path: notes, base_sha256: r.sha256, old_text: 'supports + - * /', new_text: 'supports + - * / %' }, 'NO_MATCH');
  await expect('miss 2', 'replace_in_file', { path: notes, base_sha256: r.sha256, old_text: 'supports +, -, *', new_text: 'supports +, -, *, /' }, 'NO_MATCH');
  await expect('miss 3 (loop)', 'replace_in_file', { path: notes, base_sha256: r.sha256, old_text: 'calculator: + - *', new_text: 'calculator: + - * /' }, 'EDIT_FAILURE_LOOP');
  await expect('roll back calc.c', 'rollback_file', { path: calc, revision: 0 }, 'ok');
  return { dir, steps };
}

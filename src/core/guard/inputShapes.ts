import type { ToolName } from './toolNames';

/** A tool's required input shape, as a model should read it, and one valid example. */
export interface ToolInputShape {
  /** TypeScript-like shape; `?` marks optional fields. */
  shape: string;
  /** One valid input object. */
  example: Record<string, unknown>;
}

const SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * The input shape of every tool, from DESIGN.md's tool table; REPEATED_BAD_INPUT shows the
 * entry of the tool that was called. Keep in step with the tools' JSON schemas.
 */
export const TOOL_INPUT_SHAPES: Readonly<Record<ToolName, ToolInputShape>> = Object.freeze({
  safe_read_file: {
    shape: '{ path: string, start_line?: number, end_line?: number }',
    example: { path: 'src/main.c', start_line: 1, end_line: 80 },
  },
  safe_patch: {
    shape: '{ path: string, base_sha256: string, unified_diff: string }',
    example: {
      path: 'src/main.c',
      base_sha256: SHA,
      unified_diff: '@@ -3,3 +3,3 @@\n int main(void) {\n-  return 1;\n+  return 0;\n }\n',
    },
  },
  replace_in_file: {
    shape: '{ path: string, old_text: string, new_text: string, base_sha256?: string, expected_replacements?: number }',
    example: { path: 'src/main.c', old_text: '  return 1;', new_text: '  return 0;', base_sha256: SHA, expected_replacements: 1 },
  },
  edit_lines: {
    shape:
      "{ path: string, base_sha256: string, mode: 'insert' | 'replace' | 'delete', start_line: number, end_line?: number, new_lines?: string[], check_duplicates?: boolean }",
    example: { path: 'src/main.c', base_sha256: SHA, mode: 'replace', start_line: 4, end_line: 4, new_lines: ['  return 0;'] },
  },
  write_file: {
    shape: '{ path: string, content: string, base_sha256?: string (required if the file exists), allow_size_reduce?: boolean, create_dirs?: boolean }',
    example: { path: 'src/util.h', content: '#pragma once\nint add(int a, int b);\n', base_sha256: SHA },
  },
  rollback_file: {
    shape: '{ path: string, revision?: number, backup_id?: string }',
    example: { path: 'src/main.c', revision: 0 },
  },
  list_backups: {
    shape: '{ path: string }',
    example: { path: 'src/main.c' },
  },
  execute_program: {
    shape: '{ program: string, args: string[], cwd?: string, timeout_ms?: number, stdin?: string }',
    example: { program: './calc', args: ['5 + 3'], timeout_ms: 10000 },
  },
  patch_html: {
    shape: "{ path: string, base_sha256: string, patches: { selector: string ('#id'), op: string, html?: string }[] }",
    example: { path: 'site/index.html', base_sha256: SHA, patches: [{ selector: '#title', op: 'replace', html: '<h1 id="title">Hello</h1>' }] },
  },
});

/** The shape entry of `tool`, or undefined for a tool this table does not know. */
export function inputShapeOf(tool: string): ToolInputShape | undefined {
  return Object.prototype.hasOwnProperty.call(TOOL_INPUT_SHAPES, tool) ? TOOL_INPUT_SHAPES[tool as ToolName] : undefined;
}

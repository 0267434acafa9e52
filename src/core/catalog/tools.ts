import { HTML_OPS } from '../html/types';
import type { JsonSchema } from './json-schema';
import { MAX_EDITS_PER_CALL } from './limits';

/**
 * The language-model tools: the one place their names, categories and the descriptions and
 * input schemas the model sees are written. package.json's `contributes.languageModelTools`
 * is generated from it (`npm run manifest`); the guard, the activity log, the dashboard and
 * the agent instructions take their tool sets from it. A new tool is one entry here plus its
 * file in src/tools/.
 */

/** read: looks only; edit: changes a file's text; history: backups; exec: runs a program. */
export type ToolCategory = 'read' | 'edit' | 'history' | 'exec';

export interface ToolSpec {
  category: ToolCategory;
  /** The tool can change a file on success (the edits, and a rollback). */
  editsFiles: boolean;
  displayName: string;
  /** A codicon, `$(name)`. */
  icon: string;
  userDescription: string;
  modelDescription: string;
  /** Without maxLength: the manifest adds one to every string (see string-limits.ts). */
  inputSchema: JsonSchema;
  /** One valid input: shown with the input's shape when a model repeats a bad input (REPEATED_BAD_INPUT). */
  example: Record<string, unknown>;
}

// Sentences several descriptions share, and the schemas of inputs several tools take.
const PROTOCOL = 'Take the file content and sha256 from the conversation when you already have them (from safe_read_file or from a previous tool result); call safe_read_file only when they are absent or stale.';
const VERIFY = 'After every success, check the returned excerpt against your intent and say so before moving on.';
const path: JsonSchema = { type: 'string', description: 'File path, relative to the workspace root (or absolute inside the workspace).' };
const baseSha: JsonSchema = { type: 'string', description: 'sha256 of the file as you last saw it (from safe_read_file or the previous edit result).', pattern: '^[0-9a-fA-F]{64}$' };
const allowSizeReduce: JsonSchema = { type: 'boolean', description: 'Allow the edit to shrink an existing file of over safeEdit.writeGuard.minBytes (1,000) bytes by more than safeEdit.writeGuard.maxShrinkPercent (90%). Refused as SIZE_REDUCTION_BLOCKED otherwise. Set it only when you really mean to delete most of the file.', default: false };
const SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const skipValidation: JsonSchema = { type: 'boolean', description: 'Apply even if the syntax check finds a new error. Use only when you are sure the check is wrong.', default: false };

export const TOOL_CATALOG = Object.freeze({
  safe_read_file: {
    category: 'read',
    editsFiles: false,
    displayName: 'Read File (Safe Edit)',
    icon: '$(file-code)',
    userDescription: 'Read a workspace file with its sha256, line count and line endings.',
    modelDescription: `Read a text file in the workspace. Returns the content (whole file, or the 1-based inclusive line range start_line..end_line), the sha256 of the WHOLE current text (the editor's buffer if the file is open, even with unsaved changes), line_count and eol. Pass that sha256 as base_sha256 to the editing tools (safe_patch, edit_lines, write_file, replace_in_file, patch_html) so an edit only lands on the version you read. ${PROTOCOL} For large files, read only the range you need.`,
    inputSchema: {
      type: 'object',
      properties: {
        path,
        start_line: { type: 'integer', minimum: 1, description: 'First line to return (1-based). Default 1.' },
        end_line: { type: 'integer', minimum: 1, description: 'Last line to return (1-based, inclusive). Default: the last line.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    example: { path: 'src/main.c', start_line: 1, end_line: 80 },
  },
  safe_patch: {
    category: 'edit',
    editsFiles: true,
    displayName: 'Safe Patch',
    icon: '$(diff)',
    userDescription: 'Apply a unified diff or an apply_patch text to exactly the versions of the files the agent read, all files or none.',
    modelDescription: `Apply a patch to one or several files, but only if each file is still the version you read. unified_diff takes a unified diff of one file (path + base_sha256, as always), a unified diff of several files (---/+++ headers per file), or an apply_patch text ("*** Begin Patch", "*** Update File: PATH" with @@ chunks, "*** Add File:", "*** Delete File:", "*** Move to:", "*** End Patch"); the format is detected (format forces it). For several files pass base_hashes {path: sha256} of every existing file the patch changes (a file being added needs none); path is optional when the patch names its files. Hunks are located by their context (the @@ line numbers are only a hint), tolerating whitespace drift; a hunk whose context matches in more than one place is refused (AMBIGUOUS_MATCH), never guessed. All hunks of all files apply or none: on failure nothing is written and the result names the file and hunk that failed (failed_files) and which files would have applied (applicable_files). A hunk already in the file is reported as already applied, not applied twice. The result lists files: [{path, sha256, action}] (modified, added, deleted, moved, unchanged); the whole call is one change in the history, and rollback_file of any of its files undoes all of them. Include 2-3 unchanged context lines around each change, copied exactly from the file. On HASH_MISMATCH the result contains the latest state: use it and retry once. On INVALID_PATCH fix only the hunk named. After 2 invalid patches on a file, switch to write_file as instructed. Example of several files: {"unified_diff": "*** Begin Patch\n*** Update File: src/a.ts\n@@ export function f() {\n-  return 1;\n+  return 2;\n*** Add File: src/b.ts\n+export const b = 1;\n*** End Patch\n", "base_hashes": {"src/a.ts": "<sha256 of src/a.ts>"}}. ${PROTOCOL} ${VERIFY}`,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file, for a patch of one file (optional when the patch names its files in ---/+++ or *** headers). Relative to the workspace root (or absolute inside the workspace).' },
        base_sha256: { ...baseSha, description: 'sha256 of the one file the patch changes, as you last saw it (from safe_read_file or the previous edit result). For several files use base_hashes.' },
        base_hashes: { type: 'object', properties: {}, additionalProperties: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' }, description: 'For a patch of several files: {workspace-relative path: sha256 of the version you read} for every existing file it changes, deletes or moves. A file being added needs none.' },
        unified_diff: { type: 'string', description: 'A unified diff (one file, or several with ---/+++ headers per file) or an apply_patch text (*** Begin Patch … *** End Patch).' },
        format: { type: 'string', enum: ['unified', 'apply_patch'], description: 'Force the patch format; detected when absent (apply_patch when a line is "*** Begin Patch" or the patch starts with an "*** Add/Update/Delete File:" header).' },
        allow_size_reduce: allowSizeReduce,
        skip_validation: skipValidation,
      },
      required: ['unified_diff'],
      additionalProperties: false,
    },
    example: {
      path: 'src/main.c',
      base_sha256: SHA,
      unified_diff: '@@ -3,3 +3,3 @@\n int main(void) {\n-  return 1;\n+  return 0;\n }\n',
    },
  },
  replace_in_file: {
    category: 'edit',
    editsFiles: true,
    displayName: 'Replace in File (Safe Edit)',
    icon: '$(replace)',
    userDescription: 'Replace unique occurrences of texts in one or several files, all or none.',
    modelDescription: `Replace old_text with new_text in one file, or make several replacements in one or more files at once with edits: [{path, old_text, new_text, expected_replacements?}] (then base_hashes {path: sha256} instead of base_sha256). old_text must match exactly one place (whole lines are best, with 1-3 lines of unchanged context to make it unique); tolerant of trailing whitespace, indentation and line-ending drift, and of line-number prefixes copied from a listing. If old_text matches several places the edit is refused with their line numbers (AMBIGUOUS_MATCH); set expected_replacements only when you really mean to replace every occurrence. The edits of one call are placed on the files as you read them (not one after another) and must not overlap; all apply or none, and the result lists files: [{path, sha256, action}], or names the file and edit that failed. An edit whose result already stands where it would land (a retry) is reported as already applied (already_applied: true) and nothing is written, with or without base_sha256; when the file reads both as a first application and as a repeat, it is refused naming both. Pass base_sha256 (or base_hashes) when you have it so the edit only lands on the version you read. Example of several edits: {"edits": [{"path": "src/a.ts", "old_text": "function load(", "new_text": "function loadConfig("}, {"path": "src/b.ts", "old_text": "load(path)", "new_text": "loadConfig(path)"}], "base_hashes": {"src/a.ts": "<sha256>", "src/b.ts": "<sha256>"}}. ${PROTOCOL} ${VERIFY}`,
    inputSchema: {
      type: 'object',
      properties: {
        path,
        old_text: { type: 'string', description: 'The exact text to replace (copied from the file).' },
        new_text: { type: 'string', description: 'The replacement text.' },
        base_sha256: baseSha,
        expected_replacements: { type: 'integer', minimum: 1, description: 'How many occurrences to replace (default 1: the match must be unique).' },
        edits: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_EDITS_PER_CALL,
          description: `Several replacements applied together, all or none (instead of path/old_text/new_text); at most ${MAX_EDITS_PER_CALL}.`,
          items: {
            type: 'object',
            properties: {
              path,
              old_text: { type: 'string', description: 'The exact text to replace (copied from the file as you read it).' },
              new_text: { type: 'string', description: 'The replacement text.' },
              expected_replacements: { type: 'integer', minimum: 1, description: 'How many occurrences to replace (default 1).' },
            },
            required: ['path', 'old_text', 'new_text'],
            additionalProperties: false,
          },
        },
        base_hashes: { type: 'object', properties: {}, additionalProperties: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' }, description: 'With edits: {workspace-relative path: sha256 of the version you read}.' },
        allow_size_reduce: allowSizeReduce,
        skip_validation: skipValidation,
      },
      required: [],
      additionalProperties: false,
    },
    example: { path: 'src/main.c', old_text: '  return 1;', new_text: '  return 0;', base_sha256: SHA, expected_replacements: 1 },
  },
  edit_lines: {
    category: 'edit',
    editsFiles: true,
    displayName: 'Edit Lines (Safe Edit)',
    icon: '$(list-ordered)',
    userDescription: 'Insert, replace or delete a line range, with duplicate detection.',
    modelDescription: `Edit a 1-based line range of a file you read: mode "insert" puts new_lines before start_line (use line_count+1 to append), "replace" replaces start_line..end_line with new_lines, "delete" removes start_line..end_line. Requires base_sha256 so the line numbers refer to the version you read. An insert whose lines already stand within 10 lines of the target is refused as DUPLICATE_CONTENT (showing the existing lines) unless check_duplicates is false: read before you insert. new_lines are lines without line endings. ${PROTOCOL} ${VERIFY}`,
    inputSchema: {
      type: 'object',
      properties: {
        path,
        base_sha256: baseSha,
        mode: { type: 'string', enum: ['insert', 'replace', 'delete'] },
        start_line: { type: 'integer', minimum: 1 },
        end_line: { type: 'integer', minimum: 1, description: 'Last line (inclusive) for replace/delete. Default: start_line.' },
        new_lines: { type: 'array', items: { type: 'string' }, description: 'Lines to insert or to replace with, without line endings.' },
        check_duplicates: { type: 'boolean', default: true },
        allow_size_reduce: allowSizeReduce,
        skip_validation: skipValidation,
      },
      required: ['path', 'base_sha256', 'mode', 'start_line'],
      additionalProperties: false,
    },
    example: { path: 'src/main.c', base_sha256: SHA, mode: 'replace', start_line: 4, end_line: 4, new_lines: ['  return 0;'] },
  },
  write_file: {
    category: 'edit',
    editsFiles: true,
    displayName: 'Write File (Safe Edit)',
    icon: '$(save)',
    userDescription: 'Create or overwrite a whole file, guarded against data loss.',
    modelDescription: `Write the complete content of a file (create it, or overwrite it). Overwriting an existing file requires base_sha256 of the version you read. The content must be the WHOLE file: never write placeholders such as "// ... existing code ..." (refused as ELISION_BLOCKED). An existing file over 1,000 bytes that would shrink by more than 90% is refused (SIZE_REDUCTION_BLOCKED) unless allow_size_reduce is true because you really mean to delete most of it. Set create_dirs to create missing parent folders. Prefer safe_patch or replace_in_file for small changes to large files. ${PROTOCOL} ${VERIFY}`,
    inputSchema: {
      type: 'object',
      properties: {
        path,
        content: { type: 'string', description: 'The complete new content of the file.' },
        base_sha256: baseSha,
        allow_size_reduce: allowSizeReduce,
        create_dirs: { type: 'boolean', default: false },
        skip_validation: skipValidation,
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    example: { path: 'src/util.h', content: '#pragma once\nint add(int a, int b);\n', base_sha256: SHA },
  },
  rollback_file: {
    category: 'history',
    editsFiles: true,
    displayName: 'Roll Back File (Safe Edit)',
    icon: '$(history)',
    userDescription: 'Restore a file from the automatic backups taken before every agent edit.',
    modelDescription: 'Restore a file to the state before an agent edit, from the automatic backups taken before every change. By default it restores the state before the most recent change an agent made (our tools, execute_program, an agent\'s own edit tool); or pass revision (as list_backups numbers the backups) or a backup_id from list_backups. It never undoes the user\'s own changes, and another program\'s change only when you name it and pass force: true — do that only when the user asks. When that edit changed several files in one call (safe_patch or replace_in_file with several files), every file of it is restored together, all or none (group: false restores this file only). The rollback is itself backed up, so it can be rolled back too. Use it to recover from an edit that went wrong instead of rewriting the file from memory.',
    inputSchema: {
      type: 'object',
      properties: {
        path,
        revision: { type: 'integer', minimum: 0, description: 'Which backup, as list_backups numbers them (0 = the newest). Absent (and no backup_id): the state before the newest change an agent made (the user\'s own changes and other programs\' are never the default).' },
        backup_id: { type: 'string' },
        force: { type: 'boolean', default: false, description: 'Restore even though the file changed since its newest recorded change, or when the rollback undoes another program\'s change (its current text is backed up first). Without it such a rollback is refused (HASH_MISMATCH, PERMISSION_DENIED). The user\'s own changes and unsaved changes in the editor are never overwritten.' },
        group: { type: 'boolean', default: true, description: 'When the edit changed several files in one call, restore all of them (default), or only this file (false).' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    example: { path: 'src/main.c' },
  },
  list_backups: {
    category: 'history',
    editsFiles: false,
    displayName: 'List Backups (Safe Edit)',
    icon: '$(archive)',
    userDescription: 'List the automatic backups of a file.',
    modelDescription: 'List the automatic backups of a file that rollback_file can restore, newest first: id, time, tool, writer (the tool, or who else changed the file: a program execute_program ran, an agent\'s own edit tool, or "outside the tools"), size and lines added/removed by the change that followed.',
    inputSchema: {
      type: 'object',
      properties: { path },
      required: ['path'],
      additionalProperties: false,
    },
    example: { path: 'src/main.c' },
  },
  execute_program: {
    category: 'exec',
    editsFiles: false,
    displayName: 'Execute Program (Safe Edit)',
    icon: '$(terminal)',
    userDescription: 'Run a program with an argument array, without a shell.',
    modelDescription: 'Run one program with an argv array and NO shell: each element of args reaches the program as exactly one argument, so spaces, quotes, newlines and Unicode need no quoting or escaping (e.g. program "./calc", args ["5 + 3"]). program is a path inside the workspace (./build/app) or a name on PATH (gcc, python3, node). Returns exit_code, signal, stdout, stderr (long output keeps head and tail), duration_ms and timed_out. Use it to compile, run tests or run a program with tricky arguments. When you truly need shell features (pipes, redirection, globbing, &&), run a shell explicitly, e.g. program "bash", args ["-c", "..."]. Disabled in untrusted workspaces.',
    inputSchema: {
      type: 'object',
      properties: {
        program: { type: 'string', description: 'Program path (inside the workspace) or a name on PATH.' },
        args: { type: 'array', items: { type: 'string' }, description: 'Arguments, one element per argument.' },
        cwd: { type: 'string', description: 'Working directory inside the workspace (default: workspace root).' },
        timeout_ms: { type: 'integer', minimum: 1, description: 'Timeout in milliseconds (default 60000).' },
        stdin: { type: 'string', description: 'Text written to the program\'s standard input.' },
      },
      required: ['program', 'args'],
      additionalProperties: false,
    },
    example: { program: './calc', args: ['5 + 3'], timeout_ms: 10000 },
  },
  patch_html: {
    category: 'edit',
    editsFiles: true,
    displayName: 'Patch HTML (Safe Edit)',
    icon: '$(code)',
    userDescription: 'Edit HTML elements addressed by #id, validated on a DOM.',
    modelDescription: `Edit an HTML file by element id instead of by lines. Each patch has selector "#id" (only id selectors), op one of replace (the whole element), inner (its content), append, prepend (inside it), before, after (next to it), remove, set_attribute (name, value), remove_attribute (name), and html for the ops that insert. Patches apply in order (a later patch can target an element an earlier one created) and all or nothing; only the addressed elements' bytes change. On failure the result names the first failing patch and why. Requires base_sha256. ${PROTOCOL} ${VERIFY}`,
    inputSchema: {
      type: 'object',
      properties: {
        path,
        base_sha256: baseSha,
        patches: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              selector: { type: 'string', description: '"#id" of the target element.' },
              op: { type: 'string', enum: [...HTML_OPS] },
              html: { type: 'string' },
              name: { type: 'string' },
              value: { type: 'string' },
            },
            required: ['selector', 'op'],
            additionalProperties: false,
          },
        },
        allow_size_reduce: allowSizeReduce,
        skip_validation: skipValidation,
      },
      required: ['path', 'base_sha256', 'patches'],
      additionalProperties: false,
    },
    example: { path: 'site/index.html', base_sha256: SHA, patches: [{ selector: '#title', op: 'replace', html: '<h1 id="title">Hello</h1>' }] },
  },
} satisfies Record<string, ToolSpec>);

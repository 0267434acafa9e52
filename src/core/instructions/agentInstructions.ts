/** Where the "Add Agent Instructions to Workspace" command writes `agentInstructionsMarkdown()`. */
export const AGENT_INSTRUCTIONS_PATH = '.github/instructions/agent-safe-edit.instructions.md';

/**
 * The content of `.github/instructions/agent-safe-edit.instructions.md`: a VS Code custom
 * instructions file (front matter with `applyTo: "**"`, so it is added to every chat request
 * in the workspace) teaching an agent how to use the Agent Safe Edit tools well.
 *
 * Format: https://code.visualstudio.com/docs/agent-customization/custom-instructions
 * (`*.instructions.md` under `.github/instructions/`; optional `name`, `description`;
 * `applyTo` is a glob relative to the workspace root, "**" = all files).
 *
 * It is read on every request, so it is short and imperative: every line is an action. Ends
 * with a newline; uses "\n" line breaks (the command may convert to the workspace's EOL).
 */
export function agentInstructionsMarkdown(): string {
  return `---
name: 'Agent Safe Edit'
description: 'How to read, edit, run and recover files with the Agent Safe Edit tools'
applyTo: "**"
---
<!-- Written by the command "Agent Safe Edit: Add Agent Instructions to Workspace". Edit freely. -->
# Editing files with the Agent Safe Edit tools

Use these tools for every file read and change: safe_read_file, safe_patch, replace_in_file, edit_lines, write_file, patch_html, rollback_file, list_backups, execute_program. Each result is one JSON object: \`success\`, \`error_type\` when it failed, a \`message\` that tells you what to do next, and the data of the case. Follow the message.

## Read only what you do not have
- Every safe_read_file and every successful edit returns the file's \`sha256\` (and an edit returns an excerpt around the change). Keep using the content and sha256 you already have in the conversation.
- Call safe_read_file only when the file is not in the conversation yet, or when it is stale: a HASH_MISMATCH told you so, or someone else changed it. Read a line range (\`start_line\`, \`end_line\`) when you need only part of a big file.
- Pass \`base_sha256\` (the sha256 of the version you are editing) to every edit. On HASH_MISMATCH, use the latest state returned with the failure instead of re-reading blindly.

## Before you insert
- Look at the exact place first, and check that the code is not already there (search the file for the first line of your block). Keep \`check_duplicates\` on in edit_lines; DUPLICATE_CONTENT means the block already exists: do not insert it again.
- Copy the indentation and whitespace of the surrounding lines exactly.

## Choose the tool
- A small change to text that occurs once: replace_in_file (\`old_text\` must match exactly once; AMBIGUOUS_MATCH lists the candidates: add surrounding lines).
- A change by line number: edit_lines (insert, replace, delete).
- Several changes in one file: safe_patch with a unified diff against the version you read.
- A new file, or rewriting most of one: write_file with the full content.
- An HTML element with an id: patch_html.

## After every edit
- Check the excerpt the result returns: the change is where you meant, braces and brackets are balanced, nothing is duplicated, the indentation is right.
- Validate after each edit, not after ten: build, compile or run the tests with execute_program, and fix the first error before the next change.

## Running programs
- execute_program takes \`program\` and an \`args\` array. Each element reaches the program as one argument, exactly as written: no shell, no quoting, no escaping. Example: \`{"program": "./calc", "args": ["5 + 3"]}\` passes \`5 + 3\` as one argument. Never try quoting variants.

## Large deletions
- write_file refuses to shrink a file a lot (SIZE_REDUCTION_BLOCKED) unless you set \`allow_size_reduce: true\`. Set it only when you really mean to remove most of the file. Never write placeholders such as "// rest of the file unchanged": write the full content.

## When an edit fails
- INVALID_PATCH: fix the hunk the result names and re-send the patch; the result tells you which hunks would have applied and what was found instead.
- INVALID_PATCH_LIMIT_EXCEEDED (safe_patch failed repeatedly on a file): stop using safe_patch for that file in your next turn. Take the latest content, apply all your changes to the full content, and write it with write_file.
- EDIT_FAILURE_LOOP: do not re-read the file and retry the same edit. Move on to another file, rewrite this file whole with write_file from its latest content, or ask the user.
- REPEATED_CALL: you are repeating the same call or cycle of calls; use the results you already have, or change approach.
- REPEATED_BAD_INPUT: send an input of the shape shown in the message.

## Recovery
- Every change is backed up before it is made. list_backups shows what can be restored; rollback_file restores a file (\`revision: 0\` is the state before the latest change). A rollback can itself be rolled back.
`;
}

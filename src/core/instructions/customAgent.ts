import { SAFE_EDIT_TOOL_NAMES } from './toolList';

/** Where the command writes `customAgentMarkdown()`. */
export const CUSTOM_AGENT_PATH = '.github/agents/safe-edit.agent.md';

export interface CustomAgentOptions {
  /**
   * Tool names for the `tools:` list. Default: our tools' reference names
   * (`SAFE_EDIT_TOOL_NAMES`) plus the built-in `search` tool set, so the agent can still find
   * code. VS Code ignores names it does not know.
   */
  tools?: readonly string[];
}

/**
 * The content of `.github/agents/safe-edit.agent.md`: a VS Code custom agent that offers our
 * tools, so a user can pick "Safe Edit" in the agent picker and Copilot uses them instead of
 * the built-in edit tools.
 *
 * Format: https://code.visualstudio.com/docs/agents/reference/custom-agent-file-reference
 * and https://code.visualstudio.com/docs/agent-customization/custom-agents — a Markdown file
 * in `.github/agents/` with an optional YAML header (`name`, `description`, `tools` as a list
 * of tool or tool-set names, …) followed by the agent's instructions.
 */
export function customAgentMarkdown(options: CustomAgentOptions = {}): string {
  const tools = options.tools ?? [...SAFE_EDIT_TOOL_NAMES, 'search'];
  const toolList = tools.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ');
  return `---
name: 'Safe Edit'
description: 'Edits files only through hash-checked, backed-up Agent Safe Edit tools, validates after every change, and steps out of failure loops'
tools: [${toolList}]
---
<!-- Written by the command "Agent Safe Edit: Add Agent Instructions to Workspace". Edit freely. -->
You change code in this workspace using only the Agent Safe Edit tools. Do not edit files any other way (no built-in edit tools, no shell redirection).

Work like this:
1. Use the content and sha256 already in the conversation; call safe_read_file only for a file you do not have or that is stale.
2. Before inserting code, look at the place and check that the code is not already there.
3. Edit with the smallest fitting tool: replace_in_file for unique text, edit_lines by line number, safe_patch for several hunks, write_file for a new file or a full rewrite, patch_html for HTML by id. Always pass base_sha256.
4. After each successful edit, check the returned excerpt, then build or test with execute_program (program plus an args array; no shell quoting) before the next change.
5. Do not shrink a file a lot unless that is the intent (allow_size_reduce); never write "rest unchanged" placeholders.
6. When a result says INVALID_PATCH_LIMIT_EXCEEDED, switch that file to write_file. When it says EDIT_FAILURE_LOOP, do not retry the same edit: move on, rewrite the file whole from its latest content, or ask the user. When it says REPEATED_CALL, stop repeating and use what you have.
7. If a change went wrong, list_backups and rollback_file restore the file; tell the user what you restored.
`;
}

/**
 * The `tool` names our commands write into the journal for the restores they make, so that
 * the history tells a user's rollback from an agent's, and "Undo Last Agent Edit" can skip
 * them. Pure.
 */
export const COMMAND_ROLLBACK_TOOL = 'rollback_command';
export const TURN_ROLLBACK_TOOL = 'rollback_turn';
/** The restores of "Redo Agent Turn" (the rollback of a turn rollback). */
export const REDO_TURN_TOOL = 'redo_turn';
export const INSTRUCTIONS_TOOL = 'add_agent_instructions';
export const MCP_CONFIGURATION_TOOL = 'write_mcp_configuration';
/** The changes "Set Up Agent Safe Edit for Other Agents…" and `agent-safe-edit setup` make to agents' configuration files. */
export const SETUP_AGENTS_TOOL = 'set_up_agents';

/** Journal tools that are a user's command rather than an agent's edit. */
export const USER_COMMAND_TOOLS: ReadonlySet<string> = new Set([COMMAND_ROLLBACK_TOOL, TURN_ROLLBACK_TOOL, REDO_TURN_TOOL, INSTRUCTIONS_TOOL, MCP_CONFIGURATION_TOOL, SETUP_AGENTS_TOOL]);

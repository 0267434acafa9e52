import { TOOL_CATALOG, type ToolCategory, type ToolSpec } from './tools';

/** The tool names of the contract, in catalog (package.json) order. */
export type ToolName = keyof typeof TOOL_CATALOG;
export const TOOL_NAMES: readonly ToolName[] = Object.freeze(Object.keys(TOOL_CATALOG) as ToolName[]);

/** The catalog entry of `tool`, or undefined for a name outside the contract. */
export function toolSpecOf(tool: string): ToolSpec | undefined {
  return Object.prototype.hasOwnProperty.call(TOOL_CATALOG, tool) ? TOOL_CATALOG[tool as ToolName] : undefined;
}

function toolsWhere(test: (spec: ToolSpec) => boolean): ReadonlySet<string> {
  return new Set(TOOL_NAMES.filter((name) => test(TOOL_CATALOG[name])));
}

/** Tools whose failures on a file count toward EDIT_FAILURE_LOOP, and whose success ends it. */
export const EDITING_TOOLS = toolsWhere((t) => t.category === 'edit');

/**
 * Tools whose success on a file also ends that file's failure streaks (the file now holds a
 * known state), but whose failures are not edit failures: the history tools that write.
 */
export const RECOVERY_TOOLS = toolsWhere((t) => t.category === 'history' && t.editsFiles);

/** Tools that change a file when they succeed (an edit or a rollback). */
export const FILE_CHANGING_TOOLS = toolsWhere((t) => t.editsFiles);

/** The category of `tool`, or undefined for a name outside the contract. */
export function toolCategoryOf(tool: string): ToolCategory | undefined {
  return toolSpecOf(tool)?.category;
}

const READER_ORDER: readonly ToolCategory[] = ['read', 'edit', 'history', 'exec'];

/**
 * The tool names in the order a reader meets them (read, then edit, history, exec; catalog
 * order within a category): the agent instructions and custom agent list them so.
 */
export const TOOL_NAMES_READER_ORDER: readonly ToolName[] = Object.freeze(
  READER_ORDER.flatMap((category) => TOOL_NAMES.filter((name) => TOOL_CATALOG[name].category === category)),
);

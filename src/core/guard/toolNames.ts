// The guard's tool sets come from the catalog (one list of tools and error classes).
export type { ToolName } from '../catalog/tool-sets';
export { EDITING_TOOLS, RECOVERY_TOOLS } from '../catalog/tool-sets';
export { GUARD_ERROR_TYPES, NEUTRAL_ERROR_TYPES } from '../catalog/errors';

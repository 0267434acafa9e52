import { TOOL_NAMES_READER_ORDER } from '../catalog/tool-sets';

/**
 * The tool reference names the generated files use, in the order a reader meets them. They
 * are the catalog's names, which package.json contributes as `toolReferenceName`s.
 */
export const SAFE_EDIT_TOOL_NAMES: readonly string[] = TOOL_NAMES_READER_ORDER;

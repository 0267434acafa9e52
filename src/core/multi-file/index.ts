export { detectPatchFormat } from './detect';
export type { PatchFormat } from './detect';
export { planUnifiedFiles, unifiedPaths } from './unified';
export { planReplaceEdits } from './replace-edits';
export type { ReplaceEdit } from './replace-edits';
export type { MultiFileError, MultiFilePlan } from './types';

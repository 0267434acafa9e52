export { planApplyPatch } from './apply';
export { parseApplyPatch } from './parse';
export type { ApplyPatchPlan, ApplyPatchError, ApplyPatchErrorType, FilePlan, FileAction, ReadFile, ParsedPatch, FileOp, Chunk } from './types';

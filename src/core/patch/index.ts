export { applyFilePatch } from './apply';
export { applyUnifiedDiff } from './unified-diff';
export type { ApplyPatchOptions } from './apply';
export { parsePatch, splitPatchByFile, formatFilePatch } from './parse';
export type { Hunk, HunkLine, FilePatch, ParseResult } from './parse';
export { TIER_RANK } from './types';
export type { Tier, HunkPlacement, ChangedRange, EngineError, EngineErrorType, EngineResult } from './types';

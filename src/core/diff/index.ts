/** Unified diff creation from two texts (pure; no I/O). */
export { createUnifiedDiff, UnifiedDiffOptions } from './unified';
export { diffLineCounts } from './counts';
export { diffLineArrays } from './lineDiff';
export { diffSequences, LineChange, DiffSequenceOptions } from './myers';
export { splitLinesKeepEnds, hasLineEnd } from './lines';

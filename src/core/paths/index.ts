export { checkPathSyntax, CheckedPath, MAX_PATH_LENGTH, MAX_SEGMENT_BYTES } from './path-syntax';
export { PathDenyReason, pathDenied, quotePath } from './deny';
export { fileUriToPath } from './file-uri';
export { isWindowsReservedName } from './windows-names';
export { isInsideOrEqual, splitSegments, toSlashes, hasGitSegment, defaultCaseInsensitive, PathApi } from './containment';

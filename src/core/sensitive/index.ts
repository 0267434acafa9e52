export { compileGlob, expandBraces, matchName, splitPath, CompiledGlob, GlobOptions, MAX_EXPANSIONS } from './glob';
export { DEFAULT_SENSITIVE_GLOBS } from './default-globs';
export { isSensitivePath, anchorUserGlob, SensitiveMatch, SensitiveOptions } from './is-sensitive';
export { HOME_SENSITIVE_GLOBS } from './default-globs';
export { sensitiveTarget, SensitiveTargetInput } from './sensitive-target';

export { applySearchReplace } from './apply';
export type { SearchReplaceOptions } from './apply';
export { stripLineNumbers } from './lineNumbers';

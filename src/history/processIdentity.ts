// The process identity moved to files/process-identity.ts (the hook command's endpoint search
// needs it and may not load history/); the store lock's imports stay as they were.
export { processIdentity, startTimeOf } from '../files/process-identity';
export type { ProcessIdentity } from '../files/process-identity';

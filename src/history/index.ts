/** The backup store and journal (Node fs; no `vscode`). */
export { BackupStore, BeginInput, FinishInput, AttemptInput } from './backupStore';
export { SnapshotResult } from './snapshotter';
export { groupIntoTurns, turnRestorePoints, Turn, TurnRestorePoint, TurnGroupingOptions } from './turns';
export { diffFromKnownVersion, StaleDiff } from './staleDiff';
export { isRestorable } from './retention';
export * from './types';

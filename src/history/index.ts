/** The backup store and journal (Node fs; no `vscode`). */
export { BackupStore, BeginInput, FinishInput, AttemptInput, SnapshotResult } from './backupStore';
export { groupIntoTurns, turnRestorePoints, Turn, TurnRestorePoint, TurnGroupingOptions } from './turns';
export { diffFromKnownVersion, StaleDiff } from './staleDiff';
export { restorableRevisions } from './revisions';
export * from './types';

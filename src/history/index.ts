/** The backup store and journal (Node fs; no `vscode`). */
export { BackupStore, BeginInput, FinishInput, AttemptInput } from './backupStore';
export { SnapshotResult } from './snapshotter';
export { groupIntoTurns, turnRestorePoints, Turn, TurnRestorePoint, TurnGroupingOptions } from './turns';
export { diffFromKnownVersion, StaleDiff } from './staleDiff';
export { isRestorable } from './retention';
export * from './types';
export { Checkpoints, CheckpointsOptions, RestoreInput } from './checkpoints/checkpoints';
export { CheckpointRecord, ListedLeftOut } from './checkpoints/checkpointRecord';
export { CheckpointDiff, PathChange, UnknownChange, ContentRef } from './checkpoints/diffCheckpoints';
export { RestoreOutcome } from './checkpoints/restoreFiles';
export { TakeOptions } from './checkpoints/takeCheckpoint';
export { CheckpointSettings, takeOptionsFromSettings } from './checkpoints/takeOptionsFromSettings';

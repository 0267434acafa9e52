import { LateDiagnostics } from './late-diagnostics';
import * as vscode from 'vscode';
import * as nodePath from 'node:path';
import { ActivityLog } from '../../core/activity';
import { GuardState } from '../../core/guard';
import { checkInputAgainstSchema, JsonSchema } from '../../core/input';
import { fail } from '../../core/types';
import { KeyedLock } from '../../files/file-lock';
import { promises as fs } from 'node:fs';
import { findOpenDocument, readCurrentText } from './current-text';
import { resolveTarget, workspaceRoots } from './resolve-target';
import { readSettings, SafeEditSettings, setSettingsWarningSink } from './settings';
import type { Services } from './services';
import { BackupStore } from '../../history/backupStore';
import { DiagnosticsActivity } from '../../validate/diagnostics-settle';
import { configureSyntaxChecks } from '../../validate/syntax/check-syntax';
import { defaultWasmDirs } from '../../validate/wasm-files';
import { consentForSensitive } from './sensitive-consent';
import { ConsentTickets } from './consent-tickets';
import { UserPrompter } from './user-prompt';
import { ProposedDocuments } from './proposed-documents';
import { withUiToken } from './ui-token';
import { TurnIds } from '../../engine/turn-ids';
import { vscodeFileHost } from './file-host';
import { vscodeExecHost } from './exec-confirmation';
import { vscodeDiagnosticsHost } from './post-edit-diagnostics';
import { uriOf } from './resolve-target';
import { vscodeCheckpointHost } from './workspace-checkpoints';
import { WriterRecorder } from '../../engine/writers/writer-recorder';
import { watchWriters } from './writer-watch';
import * as fsSync from 'node:fs';

/** Builds the per-window services from the extension context and the current settings. */
/** Opens the store a window works on (mcp/window-store.ts: the folder's one history), injected: hosts never reach the layers above them. */
export type WindowStoreOpener = (o: { windowDir: string; folders: readonly string[]; newStore(dir: string): BackupStore; log(line: string): void }) => Promise<{
  store: BackupStore; opened: Awaited<ReturnType<BackupStore['open']>>; dir: string; folder?: string; notes: string[]; heldElsewhere?: string;
}>;

export async function createServices(context: vscode.ExtensionContext, openWindowStore: WindowStoreOpener): Promise<Services> {
  const output = vscode.window.createOutputChannel('Agent Safe Edit', { log: true });
  context.subscriptions.push(output);
  setSettingsWarningSink((line) => output.appendLine(line));
  const storageDir = (context.storageUri ?? context.globalStorageUri).fsPath;
  const schemas = toolSchemas(context);
  const guard = new GuardState({ settings: guardSettings(readSettings()) });
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('safeEdit')) guard.updateSettings(guardSettings(readSettings()));
    }),
  );

  const settings = readSettings();
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const history = await openWindowStore({
    windowDir: storageDir, folders, log: (line) => output.appendLine(line),
    newStore: (dir) => new BackupStore(dir, { maxEntriesPerFile: settings.backupsMaxEntriesPerFile, maxTotalBytes: settings.backupsMaxTotalBytes, log: (line) => output.appendLine(line) }),
  });
  const { store, opened } = history;
  for (const note of history.notes) output.appendLine(`[history] ${note}`);
  if (history.heldElsewhere) void vscode.window.showWarningMessage(`Agent Safe Edit: ${history.notes[history.notes.length - 1]}`);
  if (!opened.ok) output.appendLine(`Backup store could not be opened: ${opened.failure.message}`);
  else if (opened.recovery.interrupted.length > 0) output.appendLine(`Recovered ${opened.recovery.interrupted.length} interrupted edit(s) from the journal: ${opened.recovery.interrupted.join(', ')}`);
  if (opened.ok) {
    for (const g of opened.recovery.interruptedGroups) output.appendLine(`A multi-file change was interrupted (${g.paths.join(', ')}); its files may hold a mix of old and new texts; they are put back to before it.`);
  }
  context.subscriptions.push({ dispose: () => void store.close() });
  // The store's folder is protected like the window's storage (a workspace may contain it: ~).
  const protectedDir = history.folder ? history.dir : storageDir;
  const diagnosticsActivity = new DiagnosticsActivity();
  context.subscriptions.push(diagnosticsActivity);
  const lateDiagnostics = new LateDiagnostics();
  context.subscriptions.push(lateDiagnostics);
  configureSyntaxChecks({ wasmDirs: defaultWasmDirs(context.extensionPath) });
  const turnIds = new TurnIds();
  // Only the test runner can answer the consent dialog for the user, never a normal session.
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const prompter = new UserPrompter(testMode);
  const proposed = new ProposedDocuments();
  const consentTickets = new ConsentTickets();
  context.subscriptions.push(proposed.register());

  const log = (line: string) => output.appendLine(line);
  // A question that cannot be shown is unanswered: every caller treats that as "no" (a
  // refusal such as PERMISSION_DENIED), never as an internal error.
  const ask = (prompt: Parameters<Services['ask']>[0]) => prompter.ask(prompt).catch(() => undefined);
  const checkpoints = vscodeCheckpointHost(store, log, readSettings);
  context.subscriptions.push({ dispose: () => void checkpoints.close() });
  const files = vscodeFileHost(protectedDir);
  const writers = new WriterRecorder({ store, files, log, checkpoints }, { tailMs: () => readSettings().writersTurnTailMs, recordTurns: () => readSettings().writersRecordTurns, maxFileBytes: () => readSettings().checkpointsMaxFileBytes, quietGapMs: () => readSettings().turnsQuietGapMs, watcher: true });
  context.subscriptions.push(watchWriters(writers, { enabled: () => readSettings().writersRecordTurns, checkpointPath: checkpoints.checkpointPath }));
  let handedOver = false;
  const services: Services = {
    extensionUri: context.extensionUri,
    proposed,
    files,
    checkpoints,
    writers,
    exec: vscodeExecHost({ settings: readSettings, ask }),
    diagnostics: vscodeDiagnosticsHost({ settings: readSettings, log, diagnosticsActivity, lateDiagnostics }),
    storageDir: protectedDir,
    windowDir: storageDir,
    historyDir: history.dir,
    historyFolders: () => (handedOver ? [] : history.folder ? [history.folder] : history.heldElsewhere ? [] : realFolders()),
    handOver: async () => {
      // A newer window on this folder asked for its history: this one stops recording and lets
      // the store go; its views would show a history that no longer grows, so it asks to reload.
      handedOver = true;
      output.appendLine(`[history] a newer window opened ${history.folder ?? 'this folder'}: its history is there now; reload this window to take it back`);
      await writers.stop();
      await checkpoints.close().catch(() => undefined);
      await store.close().catch(() => undefined);
      void vscode.window.showWarningMessage(`Agent Safe Edit: another window opened ${history.folder ?? 'this folder'} and holds its history now; this window no longer records. Reload it to take the history back.`, 'Reload Window').then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.action.reloadWindow');
      });
    },
    interruptedGroups: opened.ok ? opened.recovery.interruptedGroups : [],
    locks: new KeyedLock(),
    activity: new ActivityLog(),
    guard,
    store,
    diagnosticsActivity,
    lateDiagnostics,
    turnIdFor: (token, preferId) => turnIds.idFor(token, Date.now(), readSettings().turnsQuietGapMs, preferId),
    consentForSensitive: (target, oldText, newText, tool, holder) =>
      consentForSensitive(target, oldText, newText, tool, readSettings().protectedFiles, prompter, proposed, { tickets: consentTickets, holder }),
    consentTickets,
    consentAnsweredForTests: () => prompter.hasAnswerForTests(),
    setConsentAnswerForTests: (answer) => prompter.setAnswerForTests(answer),
    consentPromptsForTests: () => prompter.recordsForTests(),
    ask,
    uiTokenForTests: () => (testMode ? withUiToken({}).uiToken : undefined),
    settings: () => readSettings(),
    checkInput(tool, input) {
      const schema = schemas.get(tool);
      if (!schema) return fail('INTERNAL_ERROR', `No input schema is declared for ${tool}.`);
      return checkInputAgainstSchema(schema, input);
    },
    async identify(p) {
      const r = await resolveTarget(p, { forWrite: false, allowCreate: true, protectedDirs: [] });
      return r.ok ? r.target.displayPath : normalizeForGuard(p);
    },
    async peekVersion(p) {
      const r = await resolveTarget(p, { forWrite: false, allowCreate: false, protectedDirs: [] });
      if (!r.ok) return '';
      const doc = findOpenDocument(uriOf(r.target));
      if (doc) return `doc:${doc.version}`;
      try {
        const st = await fs.stat(uriOf(r.target).fsPath);
        return `disk:${st.mtimeMs}:${st.size}`;
      } catch {
        return '';
      }
    },
    async peekSha256(p) {
      const r = await resolveTarget(p, { forWrite: false, allowCreate: false, protectedDirs: [] });
      if (!r.ok) return '';
      const t = await readCurrentText(uriOf(r.target), r.target.displayPath, readSettings().maxFileBytes);
      return t.ok ? t.current.sha256 : '';
    },
    log,
  };
  return services;
}

/** The tools' input schemas, read back from our own package.json: one source of truth. */
function toolSchemas(context: vscode.ExtensionContext): Map<string, JsonSchema> {
  const tools = (context.extension.packageJSON?.contributes?.languageModelTools ?? []) as { name: string; inputSchema: JsonSchema }[];
  return new Map(tools.map((t) => [t.name, t.inputSchema]));
}

function guardSettings(s: SafeEditSettings) {
  return {
    patchFailureLimit: s.patchFailureLimit,
    editFailureLoopLimit: s.editFailureLoopLimit,
    repeatedCallWarn: s.repeatedCallWarnAt,
    repeatedCallRefuse: s.repeatedCallRefuseAt,
    badInputRepeatLimit: s.repeatedBadInputLimit,
    idleResetMinutes: s.idleResetMinutes,
  };
}

/**
 * The guard's file identity without touching the disk: slashes normalized, a leading "./"
 * dropped, an absolute path inside a workspace folder made relative.
 */
function normalizeForGuard(p: string): string {
  let s = p.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  for (const root of workspaceRoots()) {
    const rel = nodePath.relative(root.path, p);
    if (nodePath.isAbsolute(p) && rel && !rel.startsWith('..') && !nodePath.isAbsolute(rel)) {
      s = rel.replace(/\\/g, '/');
      break;
    }
  }
  return s;
}

/** The window's folders on disk as real paths (a folder that cannot be resolved is left out). */
function realFolders(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').flatMap((f) => {
    try {
      return [fsSync.realpathSync.native(f.uri.fsPath)];
    } catch {
      return [];
    }
  });
}

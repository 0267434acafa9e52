import { promises as fs } from 'node:fs';
import { ActivityLog } from '../../core/activity';
import { GuardState } from '../../core/guard';
import { checkInputAgainstSchema, JsonSchema } from '../../core/input';
import type { SafeEditSettings } from '../../core/settings';
import { fail } from '../../core/types';
import type { BackupStore } from '../../history/backupStore';
import type { CheckpointHost, ExecHost, Host } from '../../engine/host';
import { WriterRecorder } from '../../engine/writers/writer-recorder';
import { TurnIds } from '../../engine/turn-ids';
import { KeyedLock } from '../../files/file-lock';
import { mcpToolListings } from '../../engine/mcp-tools';
import { diskFileHost } from './file-host';
import { protectedFileRefusal } from './protected-files';

export interface DiskHostOptions {
  /** The workspace root as given (absolute), and its real path. */
  root: string;
  realRoot: string;
  storeDir: string;
  store: BackupStore;
  settings: SafeEditSettings;
  /** Protected files may be changed without asking (--allow-protected). */
  allowProtected: boolean;
  /** execute_program may run programs (--allow-exec). */
  allowExec: boolean;
  /** Calls of this one process group into turns by the quiet gap. */
  sessionResource: string;
  log(line: string): void;
  /** Workspace checkpoints of the root: with them, execute_program's runs and other writers during a turn are recorded. */
  checkpoints?: CheckpointHost;
}

/** The disk host also knows its root, for the server's messages. */
export interface DiskHost extends Host {
  readonly root: string;
  readonly realRoot: string;
  readonly allowProtected: boolean;
  readonly allowExec: boolean;
}

const SCHEMAS = new Map(mcpToolListings().map((t) => [t.name, t.inputSchema as unknown as JsonSchema]));

/**
 * The engine's host on the bare disk (the headless MCP server): files through diskFileHost,
 * the settings' defaults (no settings file), a guard and locks of this process, and nobody to
 * ask — protected files are refused unless --allow-protected, execute_program runs only with
 * --allow-exec and refuses the argument shapes VS Code would ask about every time.
 */
export function createDiskHost(o: DiskHostOptions): DiskHost {
  const files = diskFileHost(o.root, o.storeDir);
  const turnIds = new TurnIds();
  const session = { sessionResource: o.sessionResource };
  const { settings } = o;
  // No file watcher here: a checkpoint at each turn's start is its base, and each recording walks the root.
  const writers = o.checkpoints
    ? new WriterRecorder({ store: o.store, files, log: o.log, checkpoints: o.checkpoints }, { tailMs: () => settings.writersTurnTailMs, recordTurns: () => settings.writersRecordTurns, maxFileBytes: () => settings.checkpointsMaxFileBytes, quietGapMs: () => settings.turnsQuietGapMs, checkpointAtTurnStart: true })
    : undefined;
  return {
    root: o.root,
    realRoot: o.realRoot,
    allowProtected: o.allowProtected,
    allowExec: o.allowExec,
    storageDir: o.storeDir,
    store: o.store,
    locks: new KeyedLock(),
    guard: new GuardState({ settings: {
      patchFailureLimit: settings.patchFailureLimit,
      editFailureLoopLimit: settings.editFailureLoopLimit,
      repeatedCallWarn: settings.repeatedCallWarnAt,
      repeatedCallRefuse: settings.repeatedCallRefuseAt,
      badInputRepeatLimit: settings.repeatedBadInputLimit,
      idleResetMinutes: settings.idleResetMinutes,
    } }),
    activity: new ActivityLog(),
    files,
    settings: () => settings,
    log: o.log,
    checkInput(tool, input) {
      const schema = SCHEMAS.get(tool);
      if (!schema) return fail('INTERNAL_ERROR', `No input schema is declared for ${tool}.`);
      return checkInputAgainstSchema(schema, input);
    },
    async identify(p) {
      const r = await files.resolve(p, { forWrite: false, allowCreate: true });
      return r.ok ? r.target.displayPath : p.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
    },
    async peekVersion(p) {
      const r = await files.resolve(p, { forWrite: false, allowCreate: false });
      if (!r.ok) return '';
      try {
        const st = await fs.stat(r.target.realPath);
        return `disk:${st.mtimeMs}:${st.size}`;
      } catch {
        return '';
      }
    },
    turnIdFor: (_token, preferId) => turnIds.idFor(session, Date.now(), settings.turnsQuietGapMs, preferId),
    ...(o.checkpoints ? { checkpoints: o.checkpoints } : {}),
    ...(writers ? { writers } : {}),
    async consentForSensitive(target, _old, _new, tool) {
      const refused = protectedFileRefusal({ root: o.root, realRoot: o.realRoot, allowProtected: o.allowProtected, protectedFiles: settings.protectedFiles }, target, tool);
      return refused ? { ok: false, failure: refused } : { ok: true };
    },
    ask: async () => undefined,
    exec: diskExecHost(o.allowExec),
  };
}

/**
 * execute_program without VS Code: off unless the server was started with --allow-exec (the
 * user's one-time yes to running programs here, in place of the chat's confirmation and
 * Workspace Trust). The argument shapes the extension asks about every time (inline code, git
 * configuration, protected files or .git named in arguments) are refused: nobody can be asked.
 */
function diskExecHost(allowExec: boolean): ExecHost {
  return {
    refusal() {
      if (allowExec) return undefined;
      return fail('PERMISSION_DENIED', 'execute_program is off in this headless server: it runs programs, and nobody can confirm a run here. Nothing was run. Ask the user to run it, or to restart agent-safe-edit-mcp with --allow-exec.', { reason: 'exec_disabled' }).failure;
    },
    async confirm(call) {
      if (call.risks.length === 0) return undefined;
      const reasons = call.risks.map((r) => r.reason).join('; ');
      return fail('PERMISSION_DENIED', `execute_program refused this call: ${reasons}. Such calls could bypass the file protections, and the headless server cannot ask the user. Do not retry with another spelling; use the file tools, or ask the user to run it.`, { reasons: call.risks }).failure;
    },
  };
}

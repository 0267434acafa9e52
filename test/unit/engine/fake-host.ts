import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ActivityLog } from '../../../src/core/activity';
import { GuardState } from '../../../src/core/guard';
import { effectiveSettings, toSafeEditSettings } from '../../../src/core/settings';
import { sha256Text } from '../../../src/core/hash';
import { fail, Result } from '../../../src/core/types';
import { eolKind } from '../../../src/core/text/eol';
import { BackupStore } from '../../../src/history/backupStore';
import type { Applied, FileHost, FileText, Host, Target } from '../../../src/engine/host';
import { KeyedLock } from '../../../src/files/file-lock';
import { mcpToolListings } from '../../../src/engine/mcp-tools';
import { checkInputAgainstSchema, JsonSchema } from '../../../src/core/input';
import { NEVER_CANCELLED, ToolRunner } from '../../../src/engine/runner';
import { allToolDefinitions } from '../../../src/engine/tools';

/** One file of the fake: what the "disk" holds, and what an "editor" shows when it differs (unsaved). */
interface FakeFile { text: string; editor?: string; bom?: boolean; mode?: number }

/** The mode the fake gives a file created without one. */
export const FAKE_DEFAULT_MODE = 0o644;

/**
 * A host whose files live in memory (and whose store is a real BackupStore in a temp folder),
 * so the engine's transaction and pipeline branches run in plain Node in milliseconds. Faults
 * are planted per path: a write that fails, a save the disk refuses (the text stays in the
 * "editor", unsaved), a delete that fails, another program writing between read and write.
 */
export class FakeHost {
  readonly files = new Map<string, FakeFile>();
  /** The order of successful writes and deletes, for assertions. */
  readonly log: string[] = [];
  readonly failWrite = new Set<string>();
  readonly refuseSave = new Set<string>();
  readonly failDelete = new Set<string>();
  /** Runs right before the host writes or deletes the path (another program, a user typing). */
  readonly beforeChange = new Map<string, () => void>();
  consent: 'allow' | 'deny' = 'allow';
  /**
   * Names that differ only in case lead to one file (WSL /mnt/c, CIFS, casefold): each spelling
   * resolves to its own real path, as realpath(3) on such a mount keeps the case given, but to
   * the same file identity, and reads, writes and deletes reach the one stored file.
   */
  caseInsensitive = false;
  /**
   * With caseInsensitive: a rename between two cases of one file's name does nothing, as
   * rename(2) does on Linux (POSIX: two names of one file), so the engine must go through a
   * temporary name; false: the new case is kept, as on macOS or Windows.
   */
  renameIgnoresCase = false;
  /** Renames that fail, by the name renamed to. */
  readonly failRename = new Set<string>();
  readonly host: Host;
  readonly store: BackupStore;
  readonly storeDir: string;

  constructor() {
    this.storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-fake-store-'));
    this.store = new BackupStore(this.storeDir);
    const settings = toSafeEditSettings(effectiveSettings(() => undefined, true).values);
    const schemas = new Map(mcpToolListings().map((t) => [t.name, t.inputSchema as unknown as JsonSchema]));
    this.host = {
      storageDir: this.storeDir,
      store: this.store,
      locks: new KeyedLock(),
      guard: new GuardState(),
      activity: new ActivityLog(),
      files: this.fileHost(),
      settings: () => settings,
      log: () => undefined,
      checkInput(tool, input) {
        const schema = schemas.get(tool);
        return schema ? checkInputAgainstSchema(schema, input) : fail('INTERNAL_ERROR', `no schema for ${tool}`);
      },
      identify: async (p) => p,
      peekVersion: async (p) => String(this.files.get(p)?.text.length ?? ''),
      turnIdFor: () => undefined,
      consentForSensitive: async () => (this.consent === 'allow' ? { ok: true } : fail('PERMISSION_DENIED', 'declined')),
      ask: async () => undefined,
      exec: { refusal: () => fail('PERMISSION_DENIED', 'no programs in the fake').failure, confirm: async () => undefined },
    };
  }

  /** Calls an engine tool on this host, as a client would (schema check, guard, one JSON result). */
  call(tool: string, input: Record<string, unknown>): Promise<Record<string, any>> {
    this.runners ??= new Map(allToolDefinitions().map((d) => [d.name, new ToolRunner(d, this.host)]));
    return this.runners.get(tool)!.run(input, NEVER_CANCELLED, undefined, 'test') as Promise<Record<string, any>>;
  }

  private runners: Map<string, ToolRunner> | undefined;

  async open(): Promise<this> {
    const opened = await this.store.open();
    if (!opened.ok) throw new Error(opened.failure.message);
    return this;
  }

  /**
   * A crash of the process: the store is closed as it stands (pending entries stay pending) and
   * opened again, as the next start would; returns what open() reported.
   */
  async restartStore(): Promise<import('../../../src/history/types').RecoveryReport> {
    await this.store.close();
    const again = new BackupStore(this.storeDir);
    const opened = await again.open();
    if (!opened.ok) throw new Error(opened.failure.message);
    (this as { store: BackupStore }).store = again;
    (this.host as { store: BackupStore }).store = again;
    return opened.recovery;
  }

  async close(): Promise<void> {
    await this.store.close();
    fs.rmSync(this.storeDir, { recursive: true, force: true });
  }

  put(p: string, text: string, extra: { bom?: boolean; mode?: number } = {}): void {
    this.files.set(p, { text, ...extra });
  }

  /** The stored file's name a spelling leads to (itself on a case-sensitive fake). */
  key(p: string): string {
    if (!this.caseInsensitive || this.files.has(p)) return p;
    const lower = p.toLowerCase();
    for (const k of this.files.keys()) if (k.toLowerCase() === lower) return k;
    return p;
  }

  /** What the user sees: the editor's text when it differs from the disk, else the disk's. */
  shown(p: string): string | undefined {
    const f = this.files.get(p);
    return f?.editor ?? f?.text;
  }

  target(p: string): Target {
    const exists = this.files.has(this.key(p));
    return {
      displayPath: p, absPath: `/fake/${p}`, realPath: `/fake/${p}`, relPath: p, realRelPath: p, root: '/fake', rootName: 'fake', realRoot: '/fake', exists, kind: exists ? 'file' : 'missing',
      ...(exists ? { fileId: `fake:${this.key(p)}` } : {}),
    };
  }

  private fileHost(): FileHost {
    // arrow functions throughout: `this` is the fake
    const read = (p: string): FileText | undefined => {
      const f = this.files.get(p);
      if (!f) return undefined;
      const text = f.editor ?? f.text;
      return { text, sha256: sha256Text(text), eol: eolKind(text), bom: f.bom ?? false, mode: f.mode ?? FAKE_DEFAULT_MODE, isOpen: f.editor !== undefined, isDirty: f.editor !== undefined };
    };
    const holds = (p: string, current: { text?: string } | undefined): boolean => this.files.get(p)?.text === current?.text || (this.files.get(p)?.editor !== undefined && this.files.get(p)?.editor === current?.text);
    const key = (t: Target) => this.key(t.displayPath);
    return {
      roots: () => [{ path: '/fake' }],
      resolve: async (input) => ({ ok: true, target: this.target(input.replace(/^\.\//, '')) }),
      readText: async (t) => {
        const current = read(key(t));
        return current ? { ok: true, current } : fail('FILE_NOT_FOUND', `${t.displayPath} does not exist.`);
      },
      readForRestore: async (t) => ({ ok: true, current: read(key(t)) }),
      writeText: async (t, current, newText, _createDirs, like): Promise<Result<{ applied: Applied }>> => {
        const p = key(t);
        this.beforeChange.get(p)?.();
        if (this.failWrite.has(p)) return fail('INTERNAL_ERROR', `${p}: the fake refused the write`);
        if (current !== undefined && !holds(p, current)) return fail('HASH_MISMATCH', `${p} changed on disk while the change was being prepared.`);
        if (current === undefined && this.files.has(p)) return fail('HASH_MISMATCH', `${p} appeared meanwhile.`);
        if (this.refuseSave.has(p)) {
          // the text reached the "editor", the disk kept the old bytes
          const f = this.files.get(p) ?? { text: '' };
          this.files.set(p, { ...f, editor: newText });
          if (current === undefined) this.files.delete(p);
          return { ok: true, applied: { text: newText, sha256: sha256Text(newText), saved: false, notes: [] } };
        }
        // a changed file keeps its own BOM and mode; a new one takes what it stands in for
        const was = this.files.get(p);
        const bom = current !== undefined ? was?.bom : like?.bom;
        const mode = current !== undefined ? was?.mode : like?.mode;
        this.files.set(p, { text: newText, ...(bom ? { bom } : {}), ...(mode !== undefined ? { mode } : {}) });
        this.log.push(`write ${p}`);
        return { ok: true, applied: { text: newText, sha256: sha256Text(newText), saved: true, notes: [] } };
      },
      writeBytes: async (t, _current, data) => {
        this.files.set(t.displayPath, { text: data.toString('utf8') });
        this.log.push(`bytes ${t.displayPath}`);
        return { ok: true };
      },
      setMode: async (t, mode) => {
        const f = this.files.get(key(t));
        if (!f) return fail('FILE_NOT_FOUND', `${t.displayPath} does not exist.`);
        this.files.set(key(t), { ...f, mode });
        this.log.push(`chmod ${t.displayPath} ${mode.toString(8)}`);
        return { ok: true };
      },
      delete: async (t, current) => {
        const p = key(t);
        this.beforeChange.get(p)?.();
        if (this.failDelete.has(p)) return fail('INTERNAL_ERROR', `${p}: the fake refused the delete`);
        if (!holds(p, current as { text?: string })) return fail('HASH_MISMATCH', `${p} changed on disk while the change was being prepared (another program wrote it). Nothing was changed; read the file again.`);
        this.files.delete(p);
        this.log.push(`delete ${p}`);
        return { ok: true };
      },
      rename: async (from, to, current) => {
        const p = key(from);
        const q = key(to);
        if (!holds(p, current)) return fail('HASH_MISMATCH', `${p} changed meanwhile.`);
        if (this.files.has(q) && q !== p) return fail('FILE_EXISTS', `${q} is another file.`);
        if (this.failRename.has(to.displayPath)) return fail('INTERNAL_ERROR', `${to.displayPath}: the fake refused the rename`);
        if (q === p && this.renameIgnoresCase) return { ok: true };
        const f = this.files.get(p) as FakeFile;
        this.files.delete(p);
        this.files.set(to.displayPath, f);
        this.log.push(`rename ${p} ${to.displayPath}`);
        return { ok: true };
      },
      listsName: async (t) => this.files.has(t.displayPath),
      languageId: () => 'plaintext',
    };
  }
}

import { errorClassOf } from './catalog/errors';
import { toolSpecOf } from './catalog/tool-sets';

/**
 * What the tools did this session, for the dashboard and the status bar: per-tool counts, the
 * bytes each tool returned to the model (what the agent's context paid), and a bounded list of
 * notable events (blocked writes, rollbacks, loops). Pure: the caller supplies the time.
 */
export interface ToolStats {
  calls: number;
  successes: number;
  failures: number;
  bytesReturned: number;
}

export type ActivityKind = 'edit' | 'blocked' | 'failed' | 'rollback' | 'loop' | 'limit' | 'repeated' | 'read' | 'exec' | 'reset';

export interface ActivityEvent {
  time: number;
  kind: ActivityKind;
  tool: string;
  path?: string;
  error_type?: string;
  message: string;
  /** Who called ("chat", "mcp:<client name>"); absent for other callers. */
  client?: string;
}

/**
 * The event kind of a finished call: successes by the tool's catalog category, failures by
 * the failure type's class (src/core/catalog/errors.ts).
 */
export function classify(tool: string, success: boolean, errorType?: string): ActivityKind {
  if (success) {
    const spec = toolSpecOf(tool);
    if (spec?.category === 'history' && spec.editsFiles) return 'rollback';
    if (spec?.editsFiles) return 'edit';
    if (spec?.category === 'exec') return 'exec';
    return 'read';
  }
  return errorClassOf(errorType);
}

export class ActivityLog {
  readonly perTool = new Map<string, ToolStats>();
  readonly events: ActivityEvent[] = [];
  private listeners = new Set<(e: ActivityEvent | undefined) => void>();

  constructor(private readonly maxEvents = 500) {}

  /** Records one finished tool call; returns the event it produced. */
  record(time: number, tool: string, success: boolean, bytesReturned: number, fields: { path?: string; error_type?: string; message: string; client?: string }): ActivityEvent {
    const s = this.perTool.get(tool) ?? { calls: 0, successes: 0, failures: 0, bytesReturned: 0 };
    s.calls++;
    if (success) s.successes++;
    else s.failures++;
    s.bytesReturned += bytesReturned;
    this.perTool.set(tool, s);
    const event: ActivityEvent = { time, kind: classify(tool, success, fields.error_type), tool, ...fields };
    this.events.push(event);
    if (this.events.length > this.maxEvents) this.events.splice(0, this.events.length - this.maxEvents);
    this.emit(event);
    return event;
  }

  /** Notes an event that is not a tool call (a command-palette rollback, a counter reset). */
  note(event: ActivityEvent): void {
    this.events.push(event);
    if (this.events.length > this.maxEvents) this.events.splice(0, this.events.length - this.maxEvents);
    this.emit(event);
  }

  count(kind: ActivityKind): number {
    return this.events.filter((e) => e.kind === kind).length;
  }

  lastOf(kinds: ActivityKind[], since: number): ActivityEvent | undefined {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.time < since) return undefined;
      if (kinds.includes(e.kind)) return e;
    }
    return undefined;
  }

  onChange(listener: (e: ActivityEvent | undefined) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private emit(e: ActivityEvent | undefined): void {
    for (const l of [...this.listeners]) {
      try {
        l(e);
      } catch {
        // A broken listener (a view) must never break a tool call.
      }
    }
  }
}

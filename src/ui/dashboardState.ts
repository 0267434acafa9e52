/**
 * The dashboard's state object: everything the webview renders, as plain JSON. Built in the
 * extension host from the live services and posted to the webview whole on every change, so
 * the webview never has to merge partial updates and `setState` can keep it for a reload.
 * No `vscode` import: the integration tests read the same object through the UI handle.
 */
import type { ActivityEvent, ActivityLog } from '../core/activity';
import type { GuardSnapshot } from '../core/guard';
import type { EvictionRecord, JournalEntry, StoreStats } from '../history/types';
import { isRestorable } from '../history/retention';
import { writerLabel } from '../history/writerLabel';
import type { SessionTally } from './sessionTally';

export interface DashboardEntryRow {
  id: string;
  time: number;
  tool: string;
  path: string;
  outcome: JournalEntry['outcome'];
  lines_added: number;
  lines_removed: number;
  message?: string;
  /** The backup of the text before this change exists: Roll Back and Compare are offered. */
  restorable: boolean;
  /** Who made it ("chat", "mcp:<name>", "command"), when the journal knows. */
  client?: string;
  /** Who wrote it: our tool's name, or the other writer ("execute_program: node gen.js", "Copilot: …", "outside the tools"). */
  writer: string;
}

export interface DashboardEventRow {
  time: number;
  tool: string;
  path?: string;
  error_type?: string;
  message: string;
}

export interface DashboardState {
  /** Bumped when the shape changes; the webview ignores a stored state of another version. */
  version: 1;
  generated_at: number;
  totals: {
    edits: number;
    blocked: number;
    failed: number;
    rollbacks: number;
    loops: number;
    limits: number;
    repeated: number;
    calls: number;
    successes: number;
    failures: number;
    bytes_returned: number;
  };
  tools: Array<{ tool: string; calls: number; successes: number; failures: number; bytes_returned: number }>;
  /** Tool calls this session per named client ("chat", "mcp:<name>"), most calls first; other callers of vscode.lm name none. */
  clients: Array<{ client: string; calls: number }>;
  counters: GuardSnapshot['files'];
  bad_inputs: GuardSnapshot['bad_inputs'];
  detections: Array<{ time: number; kind: string; file?: string; tool?: string; detail: string }>;
  blocked: DashboardEventRow[];
  rollbacks: DashboardEventRow[];
  entries: DashboardEntryRow[];
  /** More entries exist than `entries` lists. */
  entries_truncated: boolean;
  backups: StoreStats;
  /** What retention dropped from the history, newest first (at most MAX_EVICTIONS). */
  evictions: EvictionRecord[];
  /** Edits and failures per minute over the last `timeline.minutes` minutes, oldest first. */
  timeline: { bucket_ms: number; start: number; edits: number[]; failures: number[] };
}

export interface DashboardInputs {
  now: number;
  activity: ActivityLog;
  tally: SessionTally;
  guard: GuardSnapshot;
  entries: JournalEntry[];
  stats: StoreStats;
  evictions?: EvictionRecord[];
}

const MAX_ENTRIES = 100;
const MAX_EVICTIONS = 20;
const MAX_EVENT_ROWS = 50;
const TIMELINE_BUCKETS = 30;
const BUCKET_MS = 60_000;

/** Builds the state from one consistent read of the services (the caller gathers the inputs). */
export function buildDashboardState(input: DashboardInputs): DashboardState {
  const { activity, tally } = input;
  const tools = [...activity.perTool.entries()]
    .map(([tool, s]) => ({ tool, calls: s.calls, successes: s.successes, failures: s.failures, bytes_returned: s.bytesReturned }))
    .sort((a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool));
  const sum = (pick: (t: (typeof tools)[number]) => number) => tools.reduce((n, t) => n + pick(t), 0);
  return {
    version: 1,
    generated_at: input.now,
    totals: {
      edits: tally.count('edit'),
      blocked: tally.count('blocked'),
      failed: tally.count('failed'),
      rollbacks: tally.count('rollback'),
      loops: tally.count('loop'),
      limits: tally.count('limit'),
      repeated: tally.count('repeated'),
      calls: sum((t) => t.calls),
      successes: sum((t) => t.successes),
      failures: sum((t) => t.failures),
      bytes_returned: sum((t) => t.bytes_returned),
    },
    tools,
    clients: clientsOf(activity.events),
    counters: input.guard.files,
    bad_inputs: input.guard.bad_inputs,
    detections: input.guard.recent_detections
      .slice()
      .reverse()
      .map((d) => ({ time: d.time, kind: d.kind, file: d.file, tool: d.tool, detail: d.detail })),
    blocked: newestOfKind(activity.events, 'blocked'),
    rollbacks: newestOfKind(activity.events, 'rollback'),
    entries: input.entries.slice(0, MAX_ENTRIES).map(entryRow),
    entries_truncated: input.entries.length > MAX_ENTRIES,
    backups: input.stats,
    evictions: (input.evictions ?? []).slice(0, MAX_EVICTIONS),
    timeline: timeline(activity.events, input.now),
  };
}

function entryRow(e: JournalEntry): DashboardEntryRow {
  return {
    id: e.id,
    time: e.time,
    tool: e.tool,
    path: e.path,
    outcome: e.outcome,
    lines_added: e.lines_added,
    lines_removed: e.lines_removed,
    ...(e.message ? { message: e.message } : {}),
    restorable: isRestorable(e),
    ...(e.client ? { client: e.client } : {}),
    writer: writerLabel(e),
  };
}

/** Tool calls per named client among the logged events (the activity log keeps the newest 500). */
function clientsOf(events: readonly ActivityEvent[]): DashboardState['clients'] {
  const counts = new Map<string, number>();
  for (const e of events) if (e.client) counts.set(e.client, (counts.get(e.client) ?? 0) + 1);
  return [...counts].map(([client, calls]) => ({ client, calls })).sort((a, b) => b.calls - a.calls || a.client.localeCompare(b.client));
}

function newestOfKind(events: readonly ActivityEvent[], kind: ActivityEvent['kind']): DashboardEventRow[] {
  const rows: DashboardEventRow[] = [];
  for (let i = events.length - 1; i >= 0 && rows.length < MAX_EVENT_ROWS; i--) {
    const e = events[i];
    if (e.kind !== kind) continue;
    rows.push({ time: e.time, tool: e.tool, ...(e.path ? { path: e.path } : {}), ...(e.error_type ? { error_type: e.error_type } : {}), message: e.message });
  }
  return rows;
}

/** Kinds drawn as failures in the chart: anything where the agent did not get what it asked for. */
const FAILURE_KINDS = new Set(['failed', 'blocked', 'loop', 'limit', 'repeated']);

/** Per-minute buckets ending with the minute that holds `now`. Events outside the window are ignored. */
function timeline(events: readonly ActivityEvent[], now: number): DashboardState['timeline'] {
  const lastStart = Math.floor(now / BUCKET_MS) * BUCKET_MS;
  const start = lastStart - (TIMELINE_BUCKETS - 1) * BUCKET_MS;
  const edits = new Array<number>(TIMELINE_BUCKETS).fill(0);
  const failures = new Array<number>(TIMELINE_BUCKETS).fill(0);
  for (const e of events) {
    const i = Math.floor((e.time - start) / BUCKET_MS);
    if (i < 0 || i >= TIMELINE_BUCKETS) continue;
    if (e.kind === 'edit' || e.kind === 'rollback') edits[i]++;
    else if (FAILURE_KINDS.has(e.kind)) failures[i]++;
  }
  return { bucket_ms: BUCKET_MS, start, edits, failures };
}

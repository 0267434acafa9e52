import type { ActivityEvent, ActivityKind, ActivityLog } from '../core/activity';

/**
 * Counts this session's activity events by kind. The ActivityLog keeps only its latest
 * events (bounded), so counting them would undercount a long session; this tally subscribes
 * once at start-up, adopts the events already logged, and counts every later one.
 * No `vscode` import.
 */
export class SessionTally {
  private readonly counts = new Map<ActivityKind, number>();
  private last: ActivityEvent | undefined;
  private readonly subscription: { dispose(): void };

  constructor(activity: ActivityLog) {
    for (const e of activity.events) this.add(e);
    this.subscription = activity.onChange((e) => { if (e) this.add(e); });
  }

  count(kind: ActivityKind): number {
    return this.counts.get(kind) ?? 0;
  }

  /** The newest event seen, if any. */
  lastEvent(): ActivityEvent | undefined {
    return this.last;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private add(e: ActivityEvent): void {
    this.counts.set(e.kind, this.count(e.kind) + 1);
    this.last = e;
  }
}

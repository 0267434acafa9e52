/**
 * Counts per key (a file path, a tool name) where a missing key means 0. Clearing a key
 * removes it, so the map only holds live counters (what the dashboard shows).
 */
export class CounterMap {
  private readonly counts = new Map<string, number>();

  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Adds 1 and returns the new count. */
  increment(key: string): number {
    const next = this.get(key) + 1;
    this.counts.set(key, next);
    return next;
  }

  /** Sets the count back to 0 and returns what it was (0 when it was not counting). */
  clear(key: string): number {
    const previous = this.get(key);
    this.counts.delete(key);
    return previous;
  }

  clearAll(): void {
    this.counts.clear();
  }

  keys(): string[] {
    return [...this.counts.keys()];
  }
}

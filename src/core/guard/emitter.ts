/** What `onEvent` returns: call `dispose()` to stop listening (VS Code's Disposable shape). */
export interface DisposableLike {
  dispose(): void;
}

/**
 * A minimal typed event emitter with no dependency on `vscode`. Listeners run synchronously
 * in registration order. A listener that throws is skipped, not propagated: a dashboard bug
 * must never turn an agent's tool call into a failure.
 */
export class TinyEmitter<T> {
  private readonly listeners = new Set<(event: T) => void>();

  /** Registers `listener`; the same function registered twice is called once. */
  on(listener: (event: T) => void): DisposableLike {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  emit(event: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // Deliberately ignored; see the class comment.
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}

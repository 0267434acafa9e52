/**
 * Runs async tasks one at a time in call order. The store's writes go through one queue so
 * concurrent tool calls cannot interleave a snapshot, a journal append and a garbage
 * collection. A task that rejects does not stop the queue; its caller gets the rejection.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}

/**
 * Serializes async work per key (a file's absolute path): concurrent tool calls on one file
 * run one after another, so each one's hash check sees the result of the previous one.
 * Calls on different files still run in parallel.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    // Keep the chain alive whatever the outcome; drop the entry when this call was the last one.
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

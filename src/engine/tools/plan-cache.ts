/**
 * The last planned change, by what defines it (the tool's input) and the texts it was planned
 * on. A call that changes a protected file is planned twice: by prepareInvocation, to show
 * the change in the chat's confirmation, then by invoke under the files' locks. The plan is
 * a pure function of the input and the texts, so when invoke reads the same texts it takes
 * the plan made for the confirmation instead of planning again. One entry, kept a few minutes.
 */
const KEEP_MS = 5 * 60_000;

interface Entry<T> {
  key: string;
  texts: Map<string, string | undefined>;
  value: T;
  at: number;
}

export class PlanCache<T> {
  private last: Entry<T> | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The value for `key` on the texts `read` gives for `paths`: the kept one when the key and
   * every text are equal, else `compute(texts)`, then kept.
   */
  async get(key: string, paths: readonly string[], read: (path: string) => string | undefined, compute: (texts: Map<string, string | undefined>) => Promise<T>): Promise<T> {
    const texts = new Map(paths.map((p) => [p, read(p)]));
    const last = this.last;
    if (last && this.now() - last.at <= KEEP_MS && last.key === key && sameTexts(last.texts, texts)) return last.value;
    const value = await compute(texts);
    this.last = { key, texts, value, at: this.now() };
    return value;
  }

  clear(): void {
    this.last = undefined;
  }
}

function sameTexts(a: Map<string, string | undefined>, b: Map<string, string | undefined>): boolean {
  if (a.size !== b.size) return false;
  for (const [p, t] of b) if (!a.has(p) || a.get(p) !== t) return false;
  return true;
}

/**
 * Gives the chat request behind a tool call a stable id, when the `toolInvocationToken` the
 * call carries identifies one. The token is opaque: the same object for every tool call of
 * one request is what we can rely on, so ids are assigned by object identity (a WeakMap keeps
 * no request alive). Calls without a token (undefined, as in tests and other callers) get no
 * id, and the history groups them into turns by quiet gaps instead.
 */
export class TurnIds {
  private readonly ids = new WeakMap<object, string>();
  private next = 1;
  private readonly prefix = Date.now().toString(36);

  idFor(token: unknown): string | undefined {
    if (token === null || (typeof token !== 'object' && typeof token !== 'function')) return undefined;
    let id = this.ids.get(token as object);
    if (!id) {
      id = `turn-${this.prefix}-${this.next++}`;
      this.ids.set(token as object, id);
    }
    return id;
  }
}

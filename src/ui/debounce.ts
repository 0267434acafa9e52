/**
 * Collapses bursts of calls into one call `delayMs` after the last of them (trailing edge).
 * `flush()` runs a pending call now; `dispose()` drops it. Used so that a tool run that fires
 * several change events refreshes a view once.
 */
export interface Debounced {
  (): void;
  flush(): void;
  dispose(): void;
}

export function debounce(fn: () => void, delayMs: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => { timer = undefined; fn(); };
  const call = (() => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  }) as Debounced;
  call.flush = () => { if (timer !== undefined) { clearTimeout(timer); run(); } };
  call.dispose = () => { if (timer !== undefined) clearTimeout(timer); timer = undefined; };
  return call;
}

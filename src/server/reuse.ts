/**
 * A value loaded at most once per `ms` and shared: callers within that time wait on the same load,
 * and once it has resolved they get the value itself, without waiting a turn of the event loop (the
 * busiest read routes answer synchronously). A failed load is not kept.
 */
export function reusedFor<T>(ms: number, load: () => Promise<T>): { get(): T | Promise<T>; clear(): void } {
  let current: { pending: Promise<T>; value?: { ready: T }; until: number } | null = null;
  return {
    get() {
      const now = performance.now();
      if (current && current.until > now) return current.value ? current.value.ready : current.pending;
      const entry: NonNullable<typeof current> = { pending: load(), until: now + ms };
      current = entry;
      entry.pending.then(
        (ready) => (entry.value = { ready }),
        () => current === entry && (current = null),
      );
      return entry.pending;
    },
    clear() {
      current = null;
    },
  };
}

/** `use(value)` now when `value` is ready, else once it resolves. */
export function whenReady<T, R>(value: T | Promise<T>, use: (ready: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(use) : use(value);
}

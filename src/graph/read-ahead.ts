/**
 * Yields the items of `source`, asking for the next one as soon as the current one is handed
 * out: the source (an import reading and converting its file) prepares batch k+1 while the
 * caller writes batch k, so the service's CPU work and the database's overlap (bulk imports).
 * At most one item is held ahead. A failure of the source surfaces when the caller asks for the
 * item that failed; when the caller stops early (its own failure), the item being prepared is
 * awaited and the source closed.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let pending = iterator.next();
  let finished = false;
  try {
    for (;;) {
      const result = await pending;
      if (result.done) {
        finished = true;
        return;
      }
      pending = iterator.next();
      // Handled where it is awaited (next turn, or the clean-up below): no unhandled rejection meanwhile.
      pending.catch(() => undefined);
      yield result.value;
    }
  } finally {
    if (!finished) {
      const last = await pending.then(
        (r) => r,
        () => ({ done: true as const, value: undefined }),
      );
      if (!last.done) await iterator.return?.(undefined).catch(() => undefined);
    }
  }
}

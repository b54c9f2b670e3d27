import type { Record as Neo4jRecord, Result, Session } from 'neo4j-driver';
import { GraphTimeoutError } from '../../errors';

export interface OrderedStreamOptions {
  /**
   * Opens a session and runs the statement for the rows whose key (column `k`, the statement's
   * ORDER BY) comes after `after`. Called again to resume.
   */
  open(after: unknown): { session: Session; result: Result };
  /** The key before the first row (idKeysetStart). */
  start: unknown;
  /**
   * Rows received ahead of the consumer before the statement is stopped (and resumed after the last
   * row consumed once the consumer has caught up).
   */
  bufferRows: number;
  /** Maps a driver error to the service's errors (GraphTimeoutError for Neo4j's time limit). */
  mapError(error: unknown): unknown;
  /**
   * Longest wait for the server while the consumer waits for rows (the adapter's client-side
   * deadline, queryTimeoutMs + grace): a server that stops answering mid-export (a frozen process)
   * fails the stream with `deadlineError()` instead of hanging it.
   */
  idleDeadlineMs: number;
  deadlineError(): Error;
}

/**
 * The rows of one statement ordered by a unique key, read to the end as ONE statement while the
 * consumer keeps up, with the memory bounded when it does not.
 *
 * Keyset pages (`WHERE id(n) > $after ORDER BY id(n) LIMIT 1000`, used before) made every page
 * scan and sort all matches again: Neo4j has no range seek on ids, so a filtered export was about
 * 9x Neo4j's own statement at 100,000 nodes and grew with the square of the matches. Here the
 * statement streams once. Bolt 3 (Neo4j 3.5) has no PULL n: the server sends every row and the
 * driver cannot pause it. So the rows received are counted against the rows consumed; when the
 * consumer (a slow HTTP client of an export) falls `bufferRows` behind (rows received while it still
 * works through the batch handed to it), the session is closed
 * (RESET: the server stops the statement), the rows already received are handed out, and the
 * statement is run again for the keys after the last one consumed. A fast consumer costs one
 * statement; a slow one costs a restart per `bufferRows` rows it lags, never unbounded memory.
 * Neo4j's time limit (queryTimeoutMs) applies per statement: a statement stopped by it after
 * delivering rows is resumed the same way; one that delivered none fails with 504. A server that
 * sends nothing for idleDeadlineMs while the consumer waits fails the stream (503), and the session
 * is closed in the background, as the adapter's other calls do.
 */
export async function* orderedStream(options: OrderedStreamOptions): AsyncGenerator<Neo4jRecord[]> {
  let after = options.start;
  for (;;) {
    const { session, result } = options.open(after);
    const queue: Neo4jRecord[] = [];
    let completed = false;
    let failure: unknown;
    let stopped = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    result.subscribe({
      onNext: (record) => {
        if (stopped) return;
        queue.push(record);
        // Rows received while the consumer works through the last batch: at most bufferRows.
        if (queue.length >= options.bufferRows && !completed) {
          // The consumer lags: stop the statement; resumed after the last row consumed.
          stopped = true;
          void session.close().catch(() => undefined);
        }
        notify();
      },
      onCompleted: () => {
        completed = true;
        notify();
      },
      onError: (error) => {
        if (!stopped) failure = error;
        completed = true;
        notify();
      },
    });
    let delivered = 0;
    // The inner loop ends by a break (resume after the last row delivered), a return or a throw.
    try {
      for (;;) {
        if (queue.length > 0) {
          // Everything received so far, as one batch (one generator step per batch, not per row).
          const batch = queue.splice(0);
          after = batch[batch.length - 1].get('k');
          delivered += batch.length;
          yield batch;
          continue;
        }
        if (stopped) {
          break;
        }
        if (completed) {
          if (failure !== undefined) {
            const mapped = options.mapError(failure);
            // Neo4j's time limit after some rows: carry on after the last row delivered.
            if (mapped instanceof GraphTimeoutError && delivered > 0) {
              break;
            }
            throw mapped;
          }
          return;
        }
        let timer: NodeJS.Timeout | undefined;
        let expired = false;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(() => {
            expired = true;
            resolve();
          }, options.idleDeadlineMs);
        });
        clearTimeout(timer);
        if (expired && queue.length === 0 && !completed) throw options.deadlineError();
      }
    } catch (error) {
      // A frozen server would hold close() (RESET waits for its answer): let it go in the background.
      stopped = true;
      void session.close().catch(() => undefined);
      throw error;
    } finally {
      if (!stopped) {
        stopped = true;
        await session.close().catch(() => undefined);
      }
    }
  }
}

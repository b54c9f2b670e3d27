import type { Knex } from 'knex';
import { GraphContentionError } from '../../errors';

/**
 * Lock contention between concurrent writes on PostgreSQL. Writes that lock several rows lock
 * them in id order (see writes.ts), so two of them cannot wait for each other; what remains
 * (a deadlock with a statement this code base does not control, a serialization failure under a
 * stricter isolation level) is retried a bounded number of times, and only when this call owns
 * the transaction: inside a caller's transaction the whole transaction is lost, so the error goes
 * up as GraphContentionError (503 GRAPH_CONTENTION with Retry-After), never as a 500.
 */

/** SQLSTATE 40P01 deadlock_detected, 40001 serialization_failure. */
const CONTENTION_CODES = new Set(['40P01', '40001']);

export function isContention(error: unknown): boolean {
  if (error instanceof GraphContentionError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONTENTION_CODES.has(code);
}

export interface RetryOptions {
  /** Attempts in all (default 4). */
  attempts?: number;
  /** First back-off in ms, doubled each time, with jitter (default 20). */
  baseDelayMs?: number;
}

/**
 * Runs `work` and runs it again when it lost a deadlock or a serialization check, as long as
 * `executor` is not a transaction the caller owns. Each attempt must be a whole unit (one
 * statement, or a transaction it opens itself).
 */
export async function retryOnContention<T>(
  executor: Knex | Knex.Transaction,
  work: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = (executor as Knex.Transaction).isTransaction ? 1 : (options.attempts ?? 4);
  const base = options.baseDelayMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isContention(error)) throw error;
      if (attempt >= attempts) throw error instanceof GraphContentionError ? error : new GraphContentionError();
      // The deadlock victim backs off a little, with jitter, so the winners finish first.
      const delay = base * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * delay));
    }
  }
}

import { AppError, DatabaseBusyError, DatabaseUnavailableError } from '../errors';

/**
 * Which errors of the service's own store (PostgreSQL through node-postgres, or PGlite, both
 * behind knex) mean "the database cannot be used right now" rather than a fault of the request
 * or of the service: they are answered 503 with Retry-After (error-handler.ts), never 500.
 *
 * - a wait for a pooled connection that outlived knex's acquireConnectionTimeout
 *   (KnexTimeoutError "Knex: Timeout acquiring a connection..."): 503 DATABASE_BUSY;
 * - a connection that cannot be made or was lost: ECONNREFUSED / ECONNRESET / ... from the socket,
 *   SQLSTATE class 08 (connection exception), 57P01 admin_shutdown (a terminated backend, a
 *   server shutting down), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 *   recovering), 53300 too_many_connections, 55000 "database ... is not currently accepting
 *   connections", node-postgres' "Connection terminated ..." errors without a code, and a PGlite
 *   that has been closed: 503 DATABASE_UNAVAILABLE.
 */
const CONNECTION_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
const UNAVAILABLE_SQLSTATE = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_MESSAGE =
  /Connection terminated|Connection ended unexpectedly|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|PGlite is closed/i;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
}

/** A wait for a connection of the knex pool that ran out of time. */
function messageOf(e: ErrorLike): string {
  return typeof e.message === 'string' ? e.message : '';
}

export function isPoolTimeout(error: unknown): boolean {
  const e = (error ?? {}) as ErrorLike;
  return e.name === 'KnexTimeoutError' && /acquiring a connection/i.test(messageOf(e));
}

/** A connection to the database that cannot be made or was lost (see the list above). */
export function isConnectionFailure(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const e = error as ErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (code === '55000' && /not currently accepting connections/i.test(messageOf(e))) return true;
  if (code && /^[0-9A-Z]{5}$/.test(code)) return false;
  return CONNECTION_MESSAGE.test(messageOf(e));
}

/** The 503 answer for an error of the store that says it cannot be used now, else undefined. */
export function databaseUnavailable(error: unknown): AppError | undefined {
  if (error instanceof AppError) return undefined;
  if (isPoolTimeout(error)) return new DatabaseBusyError();
  if (isConnectionFailure(error)) return new DatabaseUnavailableError();
  return undefined;
}

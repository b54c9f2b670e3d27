import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GraphContentionError,
  GraphTimeoutError,
  GraphUnavailableError,
} from '../../errors';

/** 503 when Neo4j insists on a password change (first start with the default password). */
export class GraphPasswordChangeRequiredError extends AppError {
  constructor() {
    super(
      503,
      'GRAPH_PASSWORD_CHANGE_REQUIRED',
      'The Neo4j password must be changed before the graph database can be used: run `npm run graphdb:password` (it changes the password and stores it in graphdb.connector.password)',
    );
  }
}

export interface MapErrorContext {
  /** The failing query ran on behalf of runCypher with readOnly=true. */
  readOnly?: boolean;
  /** The failing query is user Cypher (syntax and type errors are the caller's: 400). */
  userQuery?: boolean;
  /**
   * The statement Neo4j ran is a rewrite of this, the user's own query (restricted readers,
   * scoped-cypher.ts): Neo4j's messages quote the statement it ran, which holds the reader's
   * access rules (hidden label names, row-rule properties), and may show values.
   */
  rewrittenFrom?: string;
}

interface DriverError {
  code?: string;
  message?: string;
  name?: string;
}

const UNAVAILABLE_CODES = new Set([
  'ServiceUnavailable',
  'SessionExpired',
  'Neo.TransientError.General.DatabaseUnavailable',
  'Neo.ClientError.Database.DatabaseNotFound',
]);
/**
 * Driver errors that carry no code (or 'N/A') but mean the server cannot be used now: the driver's
 * pool had no connection for connectionAcquisitionTimeoutMs (a frozen or overloaded server), a
 * socket that failed or was closed, the pool closed at shutdown.
 */
const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|ECONNRESET|EPIPE|Could not perform discovery|Failed to connect to server|Connection acquisition timed out|Failed to establish connection|Connection was closed by server|Pool is closed/i;
const CONTENTION_CODES = new Set([
  'Neo.TransientError.Transaction.DeadlockDetected',
  'Neo.TransientError.Transaction.LockAcquisitionTimeout',
  'Neo.TransientError.Transaction.LockClientStopped',
]);
const TIMEOUT_CODES = new Set([
  'Neo.ClientError.Transaction.TransactionTimedOut',
  'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
  'Neo.TransientError.Transaction.TransactionTimedOut',
]);

/**
 * Driver / server errors → the application's errors. Anything unknown is returned unchanged
 * (the error middleware turns it into a generic 500).
 */
export function mapNeo4jError(error: unknown, context: MapErrorContext = {}): unknown {
  if (error instanceof AppError) return error;
  const e = (error ?? {}) as DriverError;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  // An error of the query itself (its code says so) is never read as an unreachable server from
  // its text: a procedure's java.io.FileNotFoundException matched ENOTFOUND (503 showing a path).
  const queryError = code.startsWith('Neo.ClientError.Statement.') || code.startsWith('Neo.ClientError.Procedure.');

  if (code === 'Neo.ClientError.Security.CredentialsExpired') return new GraphPasswordChangeRequiredError();
  if (code === 'Neo.ClientError.Security.Unauthorized') {
    return new GraphUnavailableError(
      'Neo4j refused the credentials: check graphdb.connector.username and graphdb.connector.password (or NEO4J_USERNAME / NEO4J_PASSWORD)',
    );
  }
  if (code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    return new GraphUnavailableError(
      'Neo4j is rate-limiting authentication after failed attempts: check graphdb.connector.password and retry later',
    );
  }
  if (UNAVAILABLE_CODES.has(code) || (!queryError && UNAVAILABLE_MESSAGE.test(message))) {
    // neo4j:// asks the server for a routing table: a single Neo4j 3.5 server has no routing
    // procedure (that came with 4.0), and the driver then reports "can't perform routing".
    const hint = /can't perform routing/i.test(message) ? ' (a single Neo4j 3.5 server needs a bolt:// URL in graphdb.connector.url)' : '';
    return new GraphUnavailableError(`The graph database is not reachable: ${withoutServerPaths(message).slice(0, 300)}${hint}`);
  }
  // Lock contention the driver's managed-transaction retries did not outlast: 503 with Retry-After.
  if (CONTENTION_CODES.has(code)) return new GraphContentionError();
  if (TIMEOUT_CODES.has(code) || (/Terminated/.test(code) && /timed? ?out|timeout/i.test(message))) {
    return new GraphTimeoutError();
  }
  if (code === 'Neo.ClientError.Statement.AccessMode' || /Writing in read access mode not allowed|read.?only/i.test(code + ' ' + message)) {
    if (context.readOnly) return readOnlyError();
    return new ForbiddenError(
      `Neo4j refused a write: ${withoutServerPaths(message.split('\n')[0]).slice(0, 300)}`,
      {},
      'GRAPH_WRITE_REFUSED',
    );
  }
  if (code === 'Neo.ClientError.Security.Forbidden')
    return new ForbiddenError(
      `Neo4j refused the operation: ${withoutServerPaths(message.split('\n')[0]).slice(0, 300)}`,
      {},
      'GRAPH_FORBIDDEN',
    );
  if (code === 'Neo.ClientError.Schema.ConstraintValidationFailed')
    return new ConflictError(message.slice(0, 500), 'GRAPH_CONSTRAINT_VIOLATION');
  if (code.startsWith('Neo.ClientError.Schema.')) return new ConflictError(message.slice(0, 500), 'GRAPH_SCHEMA_CONFLICT');
  if (code.startsWith('Neo.ClientError.Statement.') || code.startsWith('Neo.ClientError.Procedure.')) {
    if (context.userQuery)
      return new BadRequestError(userQueryMessage(code, message, context.rewrittenFrom), 'CYPHER_ERROR', { neo4jCode: code });
    if (code === 'Neo.ClientError.Statement.TypeError' || code === 'Neo.ClientError.Statement.ArgumentError') {
      return new BadRequestError(message.slice(0, 500), 'GRAPH_VALUE_ERROR', { neo4jCode: code });
    }
  }
  return error;
}

export function readOnlyError(): ForbiddenError {
  return new ForbiddenError(
    'This query writes to the graph; read-only queries may not create, update or delete data or schema',
    {},
    'READ_ONLY_QUERY',
  );
}

// ---------------------------------------------------------------------------------------------
// Messages of failed user queries

/** ` (line 1, column 9 (offset: 8))`: a position in the statement Neo4j ran. */
const POSITION = /\s*\(line \d+, column \d+ \(offset: \d+\)\)\s*$/;

/**
 * The first lines of Neo4j's syntax and semantic errors that hold no value and quote nothing but
 * names: kept for a rewritten query when every quoted name is also in the user's own text.
 */
const SAFE_SEMANTIC_MESSAGES: RegExp[] = [
  /^Invalid input '[^'\n]{1,8}': expected [^\n]*$/,
  /^Variable `[^`\n]+` not defined$/,
  /^Variable `[^`\n]+` already declared$/,
  /^Unknown function '[^'\n]+'$/,
  /^Type mismatch: expected [A-Za-z<>, ]+ but was [A-Za-z<>, ]+$/,
  /^Expression in (WITH|RETURN) must be aliased \(use AS\)$/,
  /^Can't use aggregate functions inside of aggregate functions\.?$/,
  /^Multiple result columns with the same name are not supported$/,
  /^Invalid use of aggregating function [^\n]*$/,
];

/** What a runtime error of a rewritten query is about, without Neo4j's text (it shows values). */
const RUNTIME_ERRORS: Record<string, string> = {
  'Neo.ClientError.Statement.TypeError': 'a value in the query has the wrong type for an operator or function',
  'Neo.ClientError.Statement.ArgumentError': 'a function of the query was given an argument it does not accept',
  'Neo.ClientError.Statement.ArithmeticError': 'an arithmetic error (such as a division by zero) stopped the query',
};

/**
 * Replaces server file paths and file: URLs (LOAD CSV, procedures reading files, Java exceptions)
 * with `<server path>`.
 */
export function withoutServerPaths(message: string): string {
  return message
    .replace(/\bfile:[^\s'"`)]*/gi, '<server path>')
    .replace(/(^|[\s'"`(=:])(?:\/[\w.+@-]+){2,}\/?/g, '$1<server path>')
    .replace(/\b[A-Za-z]:\\(?:[\w.+@ -]+\\)*[\w.+@-]*/g, '<server path>');
}

/**
 * The message of a failed user query. Neo4j 3.5 writes syntax and semantic errors as
 * `<what> (line L, column C (offset: O))\n"<the statement's line>"\n<caret>`, and some runtime
 * errors with the value on the next lines (`Text cannot be parsed to a Date\n"..."`):
 *  - the user's query ran as written (unrestricted): Neo4j's message, the quoted line being the
 *    user's own text, server paths removed;
 *  - a rewritten query (restricted readers): the quoted statement is not the user's and the
 *    position is in it, so only the first line without the position, and only when it is one of
 *    the known shapes that show no value (SAFE_SEMANTIC_MESSAGES) and every name it quotes is in
 *    the user's query; otherwise a generic message naming the kind of error. Runtime errors
 *    (type, argument, arithmetic) are always generic there: their text shows values.
 */
export function userQueryMessage(code: string, message: string, rewrittenFrom?: string): string {
  if (rewrittenFrom === undefined) return withoutServerPaths(message).slice(0, 1000);
  const shortCode = code.replace(/^Neo\.ClientError\./, '');
  const runtime = RUNTIME_ERRORS[code];
  if (runtime)
    return `The query failed: ${runtime} (${shortCode}; Neo4j's message is not shown with restricted data access, it can show values)`;
  const first = message.split('\n')[0].replace(POSITION, '').trim();
  const quoted = [...first.matchAll(/`([^`]*)`|'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  if (SAFE_SEMANTIC_MESSAGES.some((shape) => shape.test(first)) && quoted.every((part) => rewrittenFrom.includes(part))) {
    return `The query failed: ${first}`;
  }
  return `Neo4j could not run the query (${shortCode}); with restricted data access the query runs rewritten for your access rules, so Neo4j's own message is not shown`;
}

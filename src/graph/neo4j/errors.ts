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
}

interface DriverError {
  code?: string;
  message?: string;
  name?: string;
}

const UNAVAILABLE_CODES = new Set(['ServiceUnavailable', 'SessionExpired', 'Neo.TransientError.General.DatabaseUnavailable', 'Neo.ClientError.Database.DatabaseNotFound']);
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

  if (code === 'Neo.ClientError.Security.CredentialsExpired') return new GraphPasswordChangeRequiredError();
  if (code === 'Neo.ClientError.Security.Unauthorized') {
    return new GraphUnavailableError('Neo4j refused the credentials: check graphdb.connector.username and graphdb.connector.password (or NEO4J_USERNAME / NEO4J_PASSWORD)');
  }
  if (code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    return new GraphUnavailableError('Neo4j is rate-limiting authentication after failed attempts: check graphdb.connector.password and retry later');
  }
  if (UNAVAILABLE_CODES.has(code) || /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|ECONNRESET|Could not perform discovery|Failed to connect to server/i.test(message)) {
    // neo4j:// asks the server for a routing table: a single Neo4j 3.5 server has no routing
    // procedure (that came with 4.0), and the driver then reports "can't perform routing".
    const hint = /can't perform routing/i.test(message) ? ' (a single Neo4j 3.5 server needs a bolt:// URL in graphdb.connector.url)' : '';
    return new GraphUnavailableError(`The graph database is not reachable: ${message.slice(0, 300)}${hint}`);
  }
  // Lock contention the driver's managed-transaction retries did not outlast: 503 with Retry-After.
  if (CONTENTION_CODES.has(code)) return new GraphContentionError();
  if (TIMEOUT_CODES.has(code) || (/Terminated/.test(code) && /timed? ?out|timeout/i.test(message))) {
    return new GraphTimeoutError();
  }
  if (code === 'Neo.ClientError.Statement.AccessMode' || /Writing in read access mode not allowed|read.?only/i.test(code + ' ' + message)) {
    if (context.readOnly) return readOnlyError();
    return new ForbiddenError(`Neo4j refused a write: ${message.slice(0, 300)}`, {}, 'GRAPH_WRITE_REFUSED');
  }
  if (code === 'Neo.ClientError.Security.Forbidden') return new ForbiddenError(`Neo4j refused the operation: ${message.slice(0, 300)}`, {}, 'GRAPH_FORBIDDEN');
  if (code === 'Neo.ClientError.Schema.ConstraintValidationFailed') return new ConflictError(message.slice(0, 500), 'GRAPH_CONSTRAINT_VIOLATION');
  if (code.startsWith('Neo.ClientError.Schema.')) return new ConflictError(message.slice(0, 500), 'GRAPH_SCHEMA_CONFLICT');
  if (code.startsWith('Neo.ClientError.Statement.') || code.startsWith('Neo.ClientError.Procedure.')) {
    if (context.userQuery) return new BadRequestError(message.slice(0, 1000), 'CYPHER_ERROR', { neo4jCode: code });
    if (code === 'Neo.ClientError.Statement.TypeError' || code === 'Neo.ClientError.Statement.ArgumentError') {
      return new BadRequestError(message.slice(0, 500), 'GRAPH_VALUE_ERROR', { neo4jCode: code });
    }
  }
  return error;
}

export function readOnlyError(): ForbiddenError {
  return new ForbiddenError('This query writes to the graph; read-only queries may not create, update or delete data or schema', {}, 'READ_ONLY_QUERY');
}

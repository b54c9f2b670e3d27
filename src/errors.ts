/**
 * One error hierarchy. Services throw these; the error middleware renders them as
 * application/problem+json (API) or an error page (HTML). Anything else becomes a generic 500.
 */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  instance?: string;
  [extension: string]: unknown;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues?: Array<{ path: string; message: string }>) {
    super(400, 'VALIDATION_FAILED', message, issues ? { issues } : {});
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, code = 'BAD_REQUEST', extra: Record<string, unknown> = {}) {
    super(400, code, message, extra);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden', extra: Record<string, unknown> = {}, code = 'FORBIDDEN') {
    super(403, code, message, extra);
  }
}
export class PermissionDeniedError extends ForbiddenError {
  constructor(permission: string) {
    super(`This action needs the permission ${permission}`, { permission }, 'PERMISSION_DENIED');
  }
}
export class NotFoundError extends AppError {
  constructor(what: string, code = 'NOT_FOUND') {
    super(404, code, `${what} not found`);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request body is too large') {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string, code = 'UNPROCESSABLE', extra: Record<string, unknown> = {}) {
    super(422, code, message, extra);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message, { retryAfterSeconds });
  }
}
export class NotImplementedError extends AppError {
  constructor(message: string, code = 'NOT_IMPLEMENTED') {
    super(501, code, message);
  }
}
export class GraphUnavailableError extends AppError {
  constructor(
    message = 'The graph database is not reachable',
    readonly retryAfterSeconds = 5,
  ) {
    super(503, 'GRAPH_UNAVAILABLE', message, { retryAfterSeconds });
  }
}
/** Concurrent writes kept colliding (deadlock or serialization failure, retried first): try again shortly. */
export class GraphContentionError extends AppError {
  constructor(
    message = 'The graph is busy with concurrent changes to the same elements; try again',
    readonly retryAfterSeconds = 1,
  ) {
    super(503, 'GRAPH_CONTENTION', message, { retryAfterSeconds });
  }
}
/** The service's own store cannot be reached or lost the connection (restart, outage): try again shortly. */
export class DatabaseUnavailableError extends AppError {
  constructor(
    message = 'The database is not reachable right now; try again shortly',
    readonly retryAfterSeconds = 5,
  ) {
    super(503, 'DATABASE_UNAVAILABLE', message, { retryAfterSeconds });
  }
}
/** Every connection of the store's pool stayed busy for the whole wait: try again shortly. */
export class DatabaseBusyError extends AppError {
  constructor(
    message = 'The database is busy: no connection became free in time; try again shortly',
    readonly retryAfterSeconds = 2,
  ) {
    super(503, 'DATABASE_BUSY', message, { retryAfterSeconds });
  }
}
export class GraphTimeoutError extends AppError {
  constructor(message = 'The graph query exceeded its time limit') {
    super(504, 'GRAPH_TIMEOUT', message);
  }
}

/** The server's storage is full (ENOSPC, EDQUOT): nothing of the request was kept. */
export class StorageFullError extends AppError {
  constructor(message = 'The server has no storage left for this request; nothing of it was kept') {
    super(507, 'STORAGE_FULL', message);
  }
}
/** True for a file system error that says the disk (or the quota) is full. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export function toProblem(error: AppError, instance?: string): ProblemDetails {
  return {
    type: `about:blank#${error.code}`,
    title: error.code
      .replace(/_/g, ' ')
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase()),
    status: error.status,
    code: error.code,
    detail: error.message,
    ...(instance ? { instance } : {}),
    ...error.extra,
  };
}

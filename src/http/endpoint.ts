import type { Request, Response, Router, NextFunction } from 'express';
import type { ZodType } from 'zod';
import { z } from 'zod';
import { registry, problemSchema } from '../openapi/registry';
import type { PermissionCode } from '../auth/permissions';
import { PERMISSIONS } from '../auth/permissions';
import { ForbiddenError, PermissionDeniedError, UnauthorizedError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import type { ServiceContext, AuthenticatedUser } from '../core/context';
import { zodParseOptions } from '../i18n/zod-messages';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** public: anyone; authenticated: any signed-in user; a permission code: users holding it. */
export type Access = 'public' | 'authenticated' | PermissionCode;

export interface BodySpec<B extends ZodType> {
  schema: B;
  example: unknown;
  /** Defaults to application/json. multipart/form-data bodies are parsed by the route's own middleware. */
  contentType?: string | string[];
  description?: string;
  required?: boolean;
}

export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  example?: unknown;
  /** Defaults to application/json when a schema is given. Several: the same schema under each (files by extension). */
  contentType?: string | string[];
  /** Further media types with their own schema (e.g. a CSV download beside the JSON page). */
  alternatives?: Record<string, { schema: ZodType; example?: unknown }>;
}

export interface EndpointSpec<P extends ZodType, Q extends ZodType, B extends ZodType> {
  method: Method;
  /** OpenAPI form: /users/{id} */
  path: string;
  tag: string;
  summary: string;
  description: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: BodySpec<B>;
  /** Success responses by status. The first is used for the handler's return value. */
  responses: Record<number, ResponseSpec>;
  /** Error statuses beyond the automatic ones (400 when there is input, 401, 403, 404 for path ids). */
  errors?: number[];
  /** Extra express middleware run after authorization and before validation (e.g. multipart parsing). */
  middleware?: Array<(req: Request, res: Response, next: NextFunction) => void>;
  /** Not listed in the OpenAPI document (pages). */
  hidden?: boolean;
  /** The OpenAPI operationId; derived from method and path when absent (operationIdFor). */
  operationId?: string;
}

export interface EndpointInput<P extends ZodType, Q extends ZodType, B extends ZodType> {
  params: z.infer<P>;
  query: z.infer<Q>;
  body: z.infer<B>;
  ctx: ServiceContext;
  /** The signed-in user; endpoints with access 'public' may see null. */
  user: AuthenticatedUser;
  req: Request;
  res: Response;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is malformed or fails validation',
  401: 'Authentication is required',
  403: 'The user lacks the permission this operation needs',
  404: 'The addressed resource does not exist',
  409: 'The request conflicts with the current state',
  413: 'The request or upload is too large',
  415: 'The content type is not supported',
  422: 'The request is well-formed but cannot be processed',
  429: 'Too many requests',
  501: 'Not supported by the configured backend',
  503: 'A dependency (the graph database) is not reachable',
  504: 'The operation exceeded its time limit',
  507: 'The server has no storage left (STORAGE_FULL); nothing of the request was kept',
};

const ERROR_CODE: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED',
  503: 'GRAPH_UNAVAILABLE',
  504: 'GRAPH_TIMEOUT',
  507: 'STORAGE_FULL',
};

function problemExample(
  status: number,
  code = ERROR_CODE[status] ?? 'ERROR',
  detail = ERROR_TEXT[status] ?? 'Error',
  extra: Record<string, unknown> = {},
) {
  return {
    type: `about:blank#${code}`,
    title: code
      .replace(/_/g, ' ')
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase()),
    status,
    code,
    detail,
    ...extra,
  };
}

const UNSAFE_METHODS = new Set<Method>(['post', 'put', 'delete', 'patch']);

/**
 * Statuses every operation of a kind can answer, whatever it declares itself:
 * - 403 CSRF_TOKEN_INVALID on unsafe methods (csrfProtection: any request riding on a session cookie,
 *   public operations such as POST /login included once the browser holds a session);
 * - 429 TOO_MANY_REQUESTS on authenticated operations (an account locked out after failed logins is
 *   refused by HTTP Basic on every request);
 * - 401 everywhere (an Authorization header with wrong credentials is refused before routing);
 * - 503 GRAPH_UNAVAILABLE / GRAPH_CONTENTION and 504 GRAPH_TIMEOUT on authenticated operations (any of
 *   them may read the graph or its vocabulary; 503 also when concurrent writes keep colliding);
 * - 503 DATABASE_UNAVAILABLE / DATABASE_BUSY everywhere (the service's own store is down, restarting
 *   or has no free connection: sign-in and sessions read it too), with Retry-After;
 * - 400 NUL_CHARACTER everywhere (input guards: query string, path, credentials; NESTING_TOO_DEEP for bodies);
 * - 500 INTERNAL_ERROR everywhere (the generic problem of the error handler).
 */
function automaticErrorStatuses(spec: { method: Method; access: Access }): number[] {
  // 400: the input guards (http/input-guards.ts) refuse a NUL character in any query string, path or credentials.
  // 401: wrong credentials in an Authorization header are refused before any route, public ones included.
  // 503: the service's own store may be unreachable or busy for any operation (db/availability.ts).
  const statuses = [400, 401, 500, 503];
  if (UNSAFE_METHODS.has(spec.method)) statuses.push(403);
  if (spec.access !== 'public') statuses.push(429, 504);
  return statuses;
}

/** The examples (and description) of one error status for an operation: each way it really happens. */
function errorResponse(
  status: number,
  spec: { method: Method; access: Access; errors?: number[]; params?: unknown; query?: unknown; body?: unknown },
) {
  const examples: Record<string, { summary: string; value: unknown }> = {};
  const descriptions: string[] = [];
  if (status === 400) {
    if (spec.params || spec.query || spec.body) {
      descriptions.push('The input fails validation (VALIDATION_FAILED, with issues)');
      examples.validationFailed = {
        summary: 'The input fails validation',
        value: problemExample(400, 'VALIDATION_FAILED', 'Invalid body: Required', { issues: [{ path: 'body.name', message: 'Required' }] }),
      };
    }
    if (spec.body) {
      descriptions.push('the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP)');
      examples.nestingTooDeep = {
        summary: 'The body is nested too deeply',
        value: problemExample(400, 'NESTING_TOO_DEEP', 'The request body is nested deeper than 64 levels', {
          issues: [{ path: 'body.properties.deep', message: 'Nesting deeper than 64 levels' }],
          maxDepth: 64,
        }),
      };
    }
    descriptions.push('text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER)');
    examples.nulCharacter = {
      summary: 'A NUL character in the input',
      value: problemExample(400, 'NUL_CHARACTER', 'The request contains a NUL character (U+0000) in query.name', {
        issues: [{ path: 'query.name', message: 'Text must not contain the NUL character (U+0000)' }],
      }),
    };
    const text = descriptions.join('; or ');
    return { description: text.charAt(0).toUpperCase() + text.slice(1), examples };
  }
  if (status === 403) {
    const permission = spec.access !== 'public' && spec.access !== 'authenticated';
    if (permission) {
      descriptions.push(ERROR_TEXT[403]);
      examples.permissionDenied = {
        summary: 'The user lacks the permission',
        value: problemExample(403, 'PERMISSION_DENIED', `This action needs the permission ${spec.access}`, { permission: spec.access }),
      };
      examples.passwordChangeRequired = {
        summary: 'The password must be changed first',
        value: problemExample(403, 'PASSWORD_CHANGE_REQUIRED', 'The password must be changed first (PUT /profile/password)'),
      };
    }
    if (UNSAFE_METHODS.has(spec.method)) {
      descriptions.push('on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID)');
      examples.csrfTokenInvalid = {
        summary: 'Missing or wrong CSRF token (cookie session)',
        value: problemExample(403, 'CSRF_TOKEN_INVALID', 'Missing or invalid CSRF token: send the X-CSRF-Token header from GET /session'),
      };
    }
    if (!permission && (spec.errors ?? []).includes(403)) {
      descriptions.push('The operation is forbidden for this user');
      examples.forbidden = { summary: 'Forbidden', value: problemExample(403, 'FORBIDDEN', 'Forbidden') };
    }
    return { description: descriptions.join('; or '), examples };
  }
  if (status === 429) {
    return {
      description:
        'Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again)',
      headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } },
      examples: {
        lockedOut: {
          summary: 'The account is locked out',
          value: problemExample(429, 'TOO_MANY_REQUESTS', 'Too many failed logins for this account. Try again in 15 minute(s).', {
            retryAfterSeconds: 900,
          }),
        },
      },
    };
  }
  if (status === 401) {
    return {
      description: spec.access === 'public' ? 'Credentials were sent in an Authorization header and are wrong' : ERROR_TEXT[401],
      examples: {
        unauthorized: {
          summary: 'Not signed in, or wrong credentials',
          value: problemExample(401, 'UNAUTHORIZED', 'Authentication required'),
        },
      },
    };
  }
  if (status === 503) {
    return {
      description:
        'The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), ' +
        "or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again",
      headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } },
      examples: {
        databaseUnavailable: {
          summary: "The service's own database is not reachable (outage, restart)",
          value: problemExample(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable right now; try again shortly', {
            retryAfterSeconds: 5,
          }),
        },
        databaseBusy: {
          summary: 'No database connection became free in time',
          value: problemExample(503, 'DATABASE_BUSY', 'The database is busy: no connection became free in time; try again shortly', {
            retryAfterSeconds: 2,
          }),
        },
        graphUnavailable: {
          summary: 'The graph database is not reachable',
          value: problemExample(503, 'GRAPH_UNAVAILABLE', 'The graph database is not reachable', { retryAfterSeconds: 5 }),
        },
        graphContention: {
          summary: 'Concurrent writes kept colliding',
          value: problemExample(503, 'GRAPH_CONTENTION', 'The graph is busy with concurrent changes to the same elements; try again', {
            retryAfterSeconds: 1,
          }),
        },
      },
    };
  }
  if (status === 504) {
    return {
      description: 'A graph query exceeded its time limit',
      examples: {
        graphTimeout: {
          summary: 'The query took too long',
          value: problemExample(504, 'GRAPH_TIMEOUT', 'The graph query exceeded its time limit'),
        },
      },
    };
  }
  if (status === 500) {
    return {
      description: 'An unexpected error (logged with the request id); the detail names the request id',
      examples: {
        internalError: {
          summary: 'Unexpected error',
          value: {
            ...problemExample(500, 'INTERNAL_ERROR', 'An unexpected error occurred (request 3f2a9c4e-1b7d-4c55-9a0e-2d6f8b1c7e90)'),
            title: 'Internal error',
          },
        },
      },
    };
  }
  return {
    description: ERROR_TEXT[status] ?? 'Error',
    examples: { [ERROR_CODE[status] ?? 'error']: { summary: ERROR_TEXT[status] ?? 'Error', value: problemExample(status) } },
  };
}

/**
 * The operationId of an operation: the method and the path in camel case, path parameters as
 * "By<Name>" (GET /users/{id}/entitySecurity: getUsersByIdEntitySecurity). Deterministic, so
 * stable across releases as long as the path is; unique because method and path are.
 */
export function operationIdFor(method: string, path: string): string {
  const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const words = (param ? param[1] : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return (param ? 'By' : '') + words.map(capitalize).join('');
    });
  return method.toLowerCase() + parts.join('');
}

/** operationId -> "METHOD path" of every registered operation: two operations never share an id. */
const operationIds = new Map<string, string>();

function bodyTypes(body: BodySpec<ZodType>): string[] {
  const types = body.contentType ?? 'application/json';
  return Array.isArray(types) ? types : [types];
}

export function toExpressPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

function describeAccess(access: Access): string {
  if (access === 'public') return 'No authentication needed.';
  if (access === 'authenticated') return 'Any signed-in user.';
  return `Needs the permission ${access} (${PERMISSIONS[access].name}).`;
}

function formatIssues(error: z.ZodError, where: string) {
  return error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

function register<P extends ZodType, Q extends ZodType, B extends ZodType>(spec: EndpointSpec<P, Q, B>): void {
  const operationId = spec.operationId ?? operationIdFor(spec.method, spec.path);
  const key = `${spec.method.toUpperCase()} ${spec.path}`;
  const owner = operationIds.get(operationId);
  if (owner && owner !== key) throw new Error(`operationId ${operationId} of ${key} is already used by ${owner}`);
  operationIds.set(operationId, key);

  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    const types = response.contentType ?? 'application/json';
    responses[status] = {
      description: response.description,
      ...(response.schema || response.example !== undefined
        ? {
            content: Object.fromEntries<{ schema: ZodType; example?: unknown }>([
              ...(Array.isArray(types) ? types : [types]).map((type): [string, { schema: ZodType; example?: unknown }] => [
                type,
                { schema: response.schema ?? z.any(), ...(response.example !== undefined ? { example: response.example } : {}) },
              ]),
              ...Object.entries(response.alternatives ?? {}).map(
                ([type, alternative]): [string, { schema: ZodType; example?: unknown }] => [
                  type,
                  { schema: alternative.schema, ...(alternative.example !== undefined ? { example: alternative.example } : {}) },
                ],
              ),
            ]),
          }
        : {}),
    };
  }
  const errorStatuses = new Set<number>([...(spec.errors ?? []), ...automaticErrorStatuses(spec)]);
  if (spec.params || spec.query || spec.body) errorStatuses.add(400);
  if (spec.access !== 'public') errorStatuses.add(401);
  if (spec.access !== 'public' && spec.access !== 'authenticated') errorStatuses.add(403);
  if (spec.params && /\{\w+\}/.test(spec.path)) errorStatuses.add(404);
  if (spec.body) {
    errorStatuses.add(413);
    errorStatuses.add(415);
  }
  for (const status of [...errorStatuses].sort((a, b) => a - b)) {
    if (responses[status]) continue; // declared by the endpoint itself (e.g. /ready's 503 body)
    const { description, examples, headers } = errorResponse(status, spec);
    responses[status] = {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/problem+json': { schema: problemSchema, examples } },
    };
  }

  registry.registerPath({
    method: spec.method,
    path: spec.path,
    operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: `${spec.description}\n\n${describeAccess(spec.access)}`,
    ...(spec.access === 'public' ? { security: [] } : {}),
    request: {
      ...(spec.params ? { params: spec.params as never } : {}),
      ...(spec.query ? { query: spec.query as never } : {}),
      ...(spec.body
        ? {
            body: {
              required: spec.body.required ?? true,
              description: spec.body.description,
              content: Object.fromEntries(
                bodyTypes(spec.body).map((type) => [type, { schema: spec.body!.schema, example: spec.body!.example }]),
              ),
            },
          }
        : {}),
    },
    responses: responses as never,
  });
}

/** Checks the endpoint's access rule: the one place where route permissions are enforced. */
export function authorize(access: Access, user: AuthenticatedUser | null): void {
  if (access === 'public') return;
  if (!user) throw new UnauthorizedError();
  if (user.mustChangePassword && access !== 'authenticated') {
    throw new ForbiddenError('The password must be changed first (PUT /profile/password)', {}, 'PASSWORD_CHANGE_REQUIRED');
  }
  if (access !== 'authenticated' && !user.permissions.has(access)) throw new PermissionDeniedError(access);
}

/**
 * Declares one API operation: registers it in the OpenAPI document and mounts a handler that
 * authorizes, validates params, query and body with the same zod schemas, calls the handler and
 * sends its result as JSON with the first declared status (or 204 when it returns nothing).
 */
export function endpoint<P extends ZodType = ZodType, Q extends ZodType = ZodType, B extends ZodType = ZodType>(
  router: Router,
  spec: EndpointSpec<P, Q, B>,
  handler: (input: EndpointInput<P, Q, B>) => unknown, // a value or a Promise of one
): void {
  if (!spec.hidden) register(spec);
  const [successStatus] = Object.keys(spec.responses).map(Number);
  const acceptedTypes = spec.body ? bodyTypes(spec.body) : [];
  const parsedHere = acceptedTypes.every((type) => type === 'application/json' || type === 'application/x-www-form-urlencoded');

  const run = async (req: Request, res: Response) => {
    const ctx = req.ctx;
    const parse = <T extends ZodType>(schema: T | undefined, value: unknown, where: string): z.infer<T> => {
      if (!schema) return value as z.infer<T>;
      const result = schema.safeParse(value, zodParseOptions(req.locale));
      if (!result.success)
        throw new ValidationError(`Invalid ${where}: ${result.error.issues[0]?.message ?? 'invalid'}`, formatIssues(result.error, where));
      return result.data;
    };
    if (spec.body && parsedHere && req.headers['content-type'] && !req.is(acceptedTypes)) {
      throw new UnsupportedMediaTypeError(`Expected ${acceptedTypes.join(' or ')}, got ${req.headers['content-type']}`);
    }
    const input: EndpointInput<P, Q, B> = {
      params: parse(spec.params, req.params, 'params'),
      query: parse(spec.query, req.query, 'query'),
      body: parse(spec.body?.schema, spec.body ? (req.body ?? (spec.body.required === false ? undefined : {})) : undefined, 'body'),
      ctx,
      user: ctx.user as AuthenticatedUser,
      req,
      res,
    };
    const result = await handler(input);
    if (res.headersSent) return;
    if (result === undefined) res.status(successStatus === 200 ? 204 : successStatus).end();
    else res.status(successStatus).json(result);
  };

  const middleware = spec.middleware ?? [];
  router[spec.method](
    toExpressPath(spec.path),
    (req: Request, res: Response, next: NextFunction) => {
      // Names the documented operation that answers (tests check responses against it).
      if (!spec.hidden) res.locals.openapiOperation = `${spec.method} ${spec.path}`;
      authorize(spec.access, req.ctx.user);
      next();
    },
    ...middleware,
    run,
  );
}

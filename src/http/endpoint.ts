import type { Request, Response, Router, NextFunction } from 'express';
import { z, ZodType } from 'zod';
import { registry, problemSchema } from '../openapi/registry';
import { PermissionCode, PERMISSIONS } from '../auth/permissions';
import { ForbiddenError, PermissionDeniedError, UnauthorizedError, UnsupportedMediaTypeError, ValidationError } from '../errors';
import type { ServiceContext, AuthenticatedUser } from './context';

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
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
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
};

const ERROR_CODE: Record<number, string> = {
  400: 'VALIDATION_FAILED', 401: 'UNAUTHORIZED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 422: 'UNPROCESSABLE', 429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED', 503: 'GRAPH_UNAVAILABLE', 504: 'GRAPH_TIMEOUT',
};

function problemExample(status: number) {
  const code = ERROR_CODE[status] ?? 'ERROR';
  return {
    type: `about:blank#${code}`,
    title: code.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()),
    status,
    code,
    detail: ERROR_TEXT[status] ?? 'Error',
  };
}

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
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    const contentType = response.contentType ?? 'application/json';
    responses[status] = {
      description: response.description,
      ...(response.schema || response.example !== undefined
        ? { content: { [contentType]: { schema: response.schema ?? z.any(), ...(response.example !== undefined ? { example: response.example } : {}) } } }
        : {}),
    };
  }
  const errorStatuses = new Set<number>(spec.errors ?? []);
  if (spec.params || spec.query || spec.body) errorStatuses.add(400);
  if (spec.access !== 'public') errorStatuses.add(401);
  if (spec.access !== 'public' && spec.access !== 'authenticated') errorStatuses.add(403);
  if (spec.params && /\{\w+\}/.test(spec.path)) errorStatuses.add(404);
  if (spec.body) {
    errorStatuses.add(413);
    errorStatuses.add(415);
  }
  for (const status of [...errorStatuses].sort()) {
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/problem+json': { schema: problemSchema, example: problemExample(status) } },
    };
  }

  registry.registerPath({
    method: spec.method,
    path: spec.path,
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
              content: Object.fromEntries(bodyTypes(spec.body).map((type) => [type, { schema: spec.body!.schema, example: spec.body!.example }])),
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
  handler: (input: EndpointInput<P, Q, B>) => Promise<unknown> | unknown,
): void {
  if (!spec.hidden) register(spec);
  const [successStatus] = Object.keys(spec.responses).map(Number);
  const acceptedTypes = spec.body ? bodyTypes(spec.body) : [];
  const parsedHere = acceptedTypes.every((type) => type === 'application/json' || type === 'application/x-www-form-urlencoded');

  const run = async (req: Request, res: Response) => {
    const ctx = req.ctx;
    const parse = <T extends ZodType>(schema: T | undefined, value: unknown, where: string): z.infer<T> => {
      if (!schema) return value as z.infer<T>;
      const result = schema.safeParse(value);
      if (!result.success) throw new ValidationError(`Invalid ${where}: ${result.error.issues[0]?.message ?? 'invalid'}`, formatIssues(result.error, where));
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
    (req: Request, _res: Response, next: NextFunction) => {
      authorize(spec.access, req.ctx.user);
      next();
    },
    ...middleware,
    run,
  );
}

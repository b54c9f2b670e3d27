import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { csrfToken } from '../auth/csrf';
import { PERMISSIONS, PERMISSION_CODES } from '../auth/permissions';
import { sessionUserExample, sessionUserSchema, toSessionUser } from './schemas/session-user';
import { readiness } from '../services/system/readiness';

const checkSchema = z.object({ ok: z.boolean(), ms: z.number(), detail: z.string().optional() });
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: checkSchema, graph: checkSchema.extend({ backend: z.string() }) }),
});

export function createSystemRouter(deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'get',
      path: '/health',
      tag: 'System',
      access: 'public',
      summary: 'Liveness',
      description: 'Answers while the process runs; checks nothing else.',
      responses: { 200: { description: 'Alive', schema: z.object({ status: z.literal('ok') }), example: { status: 'ok' } } },
    },
    () => ({ status: 'ok' }),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/ready',
      tag: 'System',
      access: 'public',
      summary: 'Readiness',
      description:
        'Checks that the internal PostgreSQL store and the graph database answer, each within graphdb.readyTimeoutMs (1.5 s by default; both checks run in parallel). 503 when either does not.',
      responses: {
        200: {
          description: 'Ready',
          schema: readySchema,
          example: {
            status: 'ready',
            checks: { database: { ok: true, ms: 1 }, graph: { ok: true, ms: 2, backend: 'postgres', detail: 'PostgreSQL 15.18' } },
          },
        },
        503: {
          description: 'Not ready: the same body, with the check that failed',
          schema: readySchema,
          example: {
            status: 'unavailable',
            checks: { database: { ok: true, ms: 1 }, graph: { ok: false, ms: 1500, backend: 'neo4j', detail: 'no answer within 1500 ms' } },
          },
        },
      },
    },
    async ({ res }) => {
      const result = await readiness(deps);
      res.status(result.status === 'ready' ? 200 : 503).json(result);
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/session',
      tag: 'Authentication',
      access: 'public',
      summary: 'Current session',
      description:
        'Who is signed in, and the CSRF token that cookie-authenticated POST, PUT and DELETE requests must send in the X-CSRF-Token header (empty for HTTP Basic and API token calls, which need none).',
      responses: {
        200: {
          description: 'Session state',
          schema: z.object({
            authenticated: z.boolean(),
            authMethod: z.string().nullable(),
            user: sessionUserSchema.nullable(),
            csrfToken: z.string(),
          }),
          example: {
            authenticated: true,
            authMethod: 'session',
            user: sessionUserExample,
            csrfToken: 'q3Jk9-example-token',
          },
        },
      },
    },
    ({ req }) => ({
      authenticated: Boolean(req.user),
      authMethod: req.authMethod ?? null,
      user: req.user ? toSessionUser(req.user) : null,
      // Scripts (Basic, Bearer) need no token, and asking must not start a session for them.
      csrfToken: req.authMethod === 'basic' || req.authMethod === 'token' ? '' : csrfToken(req),
    }),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/permissions',
      tag: 'Users',
      access: 'authenticated',
      summary: 'Permission catalogue',
      description: 'Every application permission with its stable code, name and description.',
      responses: {
        200: {
          description: 'Permissions',
          schema: z.array(z.object({ code: z.string(), name: z.string(), description: z.string() })),
          example: [
            {
              code: 'READ_ALL_DATA',
              name: 'Read all data',
              description: 'Read every node, relationship and property; bypasses group data security.',
            },
          ],
        },
      },
    },
    () => PERMISSION_CODES.map((code) => ({ code, ...PERMISSIONS[code] })),
  );

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { PayloadTooLargeError, TooManyRequestsError } from '../errors';
import { audit, verifyChain } from '../services/audit/audit-service';
import type { AuditFilter } from '../services/audit/audit-query';
import { exportAuditEventsFor, listAuditEventsFor } from '../services/audit/audit-scope';
import { sendDownload } from '../http/send-download';
import { auditItemExample, auditPageSchema, auditQuery, frontendMessageBody, verifySchema } from './schemas/audit';

const FRONTEND_MESSAGES_PER_MINUTE = 120;

export function createAuditRouter(deps: AppDeps): Router {
  const router = Router();
  // Frontend messages per user and minute: enough for a noisy page, not for flooding the trail.
  const frontendRate = new Map<string, { windowStart: number; count: number }>();

  endpoint(
    router,
    {
      method: 'get',
      path: '/audit/data',
      tag: 'Audit',
      access: 'AUDIT_LOG',
      summary: 'Audit events',
      description:
        'Lists audit events matching the filters. format=json (default) returns one page, newest first, with the total number of matches. ' +
        'format=csv and format=jsonl download every match (no paging), oldest first, as an attachment streamed in pages of 1000 (constant memory); ' +
        'CSV cells starting with =, +, -, @ are prefixed with an apostrophe so spreadsheets do not run them. Exports are themselves audited as audit.export. ' +
        "Events about graph data (node.*, nodes.*, relationship.*, cypher.*, data.*, graph.*, schema.index.*, fulltext.*) are shown through the reader's data access scope unless the reader may read all data: " +
        'an event about an element the reader cannot see now (hidden, or deleted since), a bulk update or a Cypher run keeps its action, time and user with targetId null and details {"redacted": true}; ' +
        'an event about a visible element shows only the labels and properties the reader may see. Events are never dropped, so totals and paging do not depend on hidden data; ' +
        'a targetId filter matches graph events only for an element the reader can see. ' +
        'Configuration events (group.entitySecurity.set, group.propertySecurity.set, group.dataSecurity.set, settings.update, fulltext.configure) show, to a reader who may not see every name, ' +
        'each hidden label, relationship type and property name as "(hidden)" (one per list; with the compared value of a filter on a hidden property) and leave out entries keyed by a hidden name, as GET /settings does; ' +
        'readers with Settings management see them as recorded, and readers with ACL data management see group security events as recorded.',
      query: auditQuery,
      responses: {
        200: {
          description: 'A page of events (json). csv: text/csv; jsonl: application/x-ndjson, one event object per line.',
          schema: auditPageSchema,
          example: { items: [auditItemExample], page: 1, pageSize: 100, total: 1 },
          alternatives: {
            'text/csv': {
              schema: z.string(),
              example:
                'id,at,userId,username,ip,action,targetType,targetId,details\r\n1,2026-11-20T10:00:00.000Z,1,admin,127.0.0.1,user.create,user,2,"{""username"":""jdoe""}"\r\n',
            },
            'application/x-ndjson': { schema: z.string(), example: '{"id":"1","at":"2026-11-20T10:00:00.000Z","action":"user.create"}\n' },
          },
        },
      },
    },
    async ({ ctx, query, res }) => {
      const filter: AuditFilter = {
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        userId: query.userId,
        username: query.username,
        action: query.action,
        targetType: query.targetType,
        targetId: query.targetId,
      };
      if (query.format === 'json') return listAuditEventsFor(ctx, filter, query.page, query.pageSize);
      const requested = { ...query, page: undefined, pageSize: undefined, format: undefined };
      await sendDownload(res, await exportAuditEventsFor(ctx, filter, query.format, requested), ctx.deps.logger);
      return undefined;
    },
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/audit/data/frontend',
      tag: 'Audit',
      access: 'authenticated',
      summary: 'Log a frontend message',
      description:
        'Records a message from the web frontend as an audit event with the action frontend.<level>, attributed to the session user. ' +
        `The JSON body may be at most audit.frontendMessageMaxBytes bytes (413 otherwise); at most ${FRONTEND_MESSAGES_PER_MINUTE} messages per user and minute (429).`,
      body: {
        schema: frontendMessageBody,
        example: { level: 'error', message: 'Graph view failed to render', context: { view: 'graph', nodes: 1200 } },
      },
      responses: { 204: { description: 'Recorded' } },
      errors: [429],
    },
    async ({ ctx, body, req, user }) => {
      const limit = deps.config.audit.frontendMessageMaxBytes;
      const size = Buffer.byteLength(JSON.stringify(req.body ?? {}), 'utf8');
      if (size > limit) throw new PayloadTooLargeError(`A frontend message may be at most ${limit} bytes of JSON; this one is ${size}`);
      const now = Date.now();
      const rate = frontendRate.get(user.id);
      if (!rate || now - rate.windowStart >= 60_000) frontendRate.set(user.id, { windowStart: now, count: 1 });
      else if (++rate.count > FRONTEND_MESSAGES_PER_MINUTE)
        throw new TooManyRequestsError(
          'Too many frontend messages; try again in a minute',
          Math.ceil((rate.windowStart + 60_000 - now) / 1000),
        );
      if (frontendRate.size > 10_000) frontendRate.clear();
      await audit(ctx, {
        action: `frontend.${body.level}`,
        targetType: 'frontend',
        details: {
          message: body.message,
          ...(body.context ? { context: body.context } : {}),
          userAgent: (req.get('user-agent') ?? '').slice(0, 200),
        },
      });
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/audit/verify',
      tag: 'Audit',
      access: 'AUDIT_LOG',
      summary: 'Verify the audit trail',
      description:
        "Walks the hash chain of all audit events in order. Each event's hash covers its content and the previous hash, so an altered or deleted row is reported " +
        'as the first broken event. The same check runs offline with `npm run audit:verify`.',
      responses: {
        200: {
          description: 'Result',
          schema: verifySchema,
          example: { ok: false, checked: 1041, brokenAt: { id: '1042', reason: 'hash-mismatch' } },
        },
      },
    },
    ({ ctx }) => verifyChain(ctx.db),
  );

  return router;
}

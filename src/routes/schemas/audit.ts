import { z } from 'zod';
import '../../openapi/registry';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;
const isoTime = z
  .string()
  .regex(ISO_TIME, 'Expected an ISO 8601 date or date-time such as 2026-11-20T10:00:00Z')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Not a valid date');

export const auditQuery = z.object({
  from: isoTime.optional().openapi({ description: 'Events at or after this time (ISO 8601)', example: '2026-11-01T00:00:00Z' }),
  to: isoTime.optional().openapi({ description: 'Events before this time (ISO 8601, exclusive)', example: '2026-12-01T00:00:00Z' }),
  userId: z
    .string()
    .regex(/^\d{1,18}$/, 'A user id is a number')
    .optional()
    .openapi({ description: 'Acting user id', example: '7' }),
  username: z.string().min(1).max(200).optional().openapi({ description: 'Acting username (case-insensitive, exact)', example: 'jdoe' }),
  action: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_.-]*\*?$/, "An action, or a prefix followed by '*' such as user.*")
    .optional()
    .openapi({ description: "Exact action, or a prefix ending in '*' (user.* matches user.create, user.update, ...)", example: 'user.*' }),
  targetType: z.string().min(1).max(100).optional().openapi({ example: 'user' }),
  targetId: z.string().min(1).max(200).optional().openapi({ example: '7' }),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).openapi({ description: 'Page number (json only), from 1', example: 1 }),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(100)
    .openapi({ description: 'Events per page (json only), at most 1000', example: 100 }),
  format: z.enum(['json', 'csv', 'jsonl']).default('json').openapi({
    description: 'json: one page, newest first. csv / jsonl: every match as a download, oldest first, no paging.',
    example: 'json',
  }),
});

export const auditItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});

export const auditItemExample = {
  id: '1042',
  at: '2026-11-20T10:00:00.000Z',
  userId: '1',
  username: 'admin',
  ip: '10.0.0.5',
  action: 'user.create',
  targetType: 'user',
  targetId: '7',
  details: { username: 'jdoe' },
};

export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const frontendMessageBody = z.object({
  level: z.enum(['info', 'warn', 'error']).openapi({ example: 'error' }),
  message: z.string().min(1).openapi({ example: 'Graph view failed to render' }),
  context: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({ description: 'Any JSON object with details', example: { view: 'graph', nodes: 1200 } }),
});

export const verifySchema = z.object({
  ok: z.boolean(),
  checked: z.number().int().openapi({ description: 'Events verified before the first broken one (all of them when ok)' }),
  brokenAt: z
    .object({ id: z.string(), reason: z.enum(['hash-mismatch', 'link-mismatch']) })
    .optional()
    .openapi({ description: 'The first event whose content or link to its predecessor does not match' }),
});

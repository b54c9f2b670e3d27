import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { UserPreviewService, PREVIEW_DEFAULT_SAMPLE, PREVIEW_MAX_KINDS } from '../services/users/user-preview-service';
import { nodeExample, nodeSchema } from './schemas/graph';
import { idParams, USER_EXAMPLE, userSchema } from './schemas/users';
import { searchUsers } from '../services/users/user-search';

const previewQuery = z.object({
  sample: z.coerce
    .number()
    .int()
    .min(0)
    .max(100)
    .default(PREVIEW_DEFAULT_SAMPLE)
    .openapi({ description: 'How many nodes to return as a sample (0–100)', example: 10 }),
});

const previewSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    readAllData: z.boolean().openapi({ description: 'The user holds Read all data: group rules do not apply' }),
    unrestricted: z
      .boolean()
      .openapi({ description: 'Nothing is restricted (Read all data and DATA_TYPES "*", for the user and the caller)' }),
    limitedToCaller: z.boolean().openapi({
      description: "The caller's own data access is restricted: the preview shows only what both the user and the caller may see",
    }),
    nodes: z.object({
      total: z.number().int(),
      perLabel: z.array(z.object({ label: z.string(), count: z.number().int() })),
      leftOut: z
        .number()
        .int()
        .openapi({ description: `Visible labels not counted (only the first ${PREVIEW_MAX_KINDS} are)` }),
    }),
    relationships: z.object({
      total: z.number().int(),
      perType: z.array(z.object({ type: z.string(), count: z.number().int() })),
      leftOut: z.number().int(),
    }),
    sample: z.array(nodeSchema),
  })
  .openapi('UserDataPreview');

const previewExample = {
  userId: '42',
  username: 'jnovak',
  readAllData: false,
  unrestricted: false,
  limitedToCaller: false,
  nodes: { total: 120, perLabel: [{ label: 'Person', count: 120 }], leftOut: 0 },
  relationships: { total: 80, perType: [{ type: 'KNOWS', count: 80 }], leftOut: 0 },
  sample: [nodeExample],
};

const searchQuery = z.object({
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: 'Part of the username, name or e-mail (case-insensitive); absent or empty: every user', example: 'novak' }),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).openapi({ description: 'Page number, from 1', example: 1 }),
  pageSize: z.coerce.number().int().min(1).max(500).default(50).openapi({ description: 'Users per page, at most 500', example: 50 }),
});

const userPageSchema = z
  .object({ items: z.array(userSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .openapi('UserPage');

/**
 * Additions to spec 4.3 for the administration pages: a searchable, paged user list (the users
 * page with thousands of users) and "see as this user" (the access control page).
 */
export function createUserPreviewRouter(deps: AppDeps): Router {
  void deps;
  const router = Router();
  endpoint(
    router,
    {
      method: 'get',
      path: '/users/search',
      tag: 'Users',
      access: 'USER_MANAGEMENT',
      summary: 'Search users, one page at a time',
      description:
        'The users that are not deleted, in username order, one page at a time, narrowed by q (found in the username, name or e-mail, ignoring case; % and _ are taken literally), ' +
        'with the total number of matches. The same user objects as GET /users. An addition to the specification, for the users page.',
      query: searchQuery,
      responses: {
        200: {
          description: 'A page of users',
          schema: userPageSchema,
          example: { items: [USER_EXAMPLE], total: 1, page: 1, pageSize: 50 },
        },
      },
    },
    ({ ctx, query }) => searchUsers(ctx.db, query),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/{id}/preview',
      tag: 'Users',
      access: 'ACL_DATA_MANAGEMENT',
      summary: 'What a user would see of the graph',
      description:
        "Computes the user's data access scope (their permissions and their groups' entity, property and data security, as their own requests get it), narrowed to the caller's own scope " +
        '(the preview never shows what the caller may not see: labels, types and rows both may see, properties both may see), and answers ' +
        `the number of visible nodes per label and relationships per type (the first ${PREVIEW_MAX_KINDS} labels and types), the totals, and a sample of visible nodes with only the properties the user may see. ` +
        "A disabled user is previewed as if enabled; 404 for an unknown user. Every preview is audited as user.preview with the previewed user's id. An addition to the specification, for the access control page.",
      params: idParams,
      query: previewQuery,
      responses: { 200: { description: "The user's view of the graph", schema: previewSchema, example: previewExample } },
    },
    ({ ctx, params, query }) => new UserPreviewService(ctx).preview(params.id, query.sample),
  );
  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { GroupService } from '../services/groups/group-service';
import { GroupSecurityService } from '../services/groups/group-security-service';
import { dataSecuritySchema, entitySecuritySchema, propertySecuritySchema } from '../services/security/security-config';
import {
  CREATE_GROUP_EXAMPLE,
  GROUP_EXAMPLE,
  UPDATE_GROUP_EXAMPLE,
  createGroupBody,
  groupCreatedSchema,
  groupDataSecuritySchema,
  groupInfoSchema,
  groupPermissionsBody,
  groupSchema,
  groupUsersBody,
  updateGroupBody,
} from './schemas/groups';
import { idParams } from './schemas/users';

const tag = 'Groups';

const entityExample = { nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] }, relationshipFilter: { not: { type: 'OWNS' } } };
const propertyExample = {
  nodes: { '*': { disabled: ['ssn'] }, Person: { enabled: ['name', 'city', 'uid'] } },
  relationships: { KNOWS: { disabled: ['note'] } },
};
const dataExample = {
  rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' }, description: 'Czech people only' }],
};

const storedEntitySchema = z.object({ nodeFilter: z.unknown().nullable(), relationshipFilter: z.unknown().nullable() });
const storedPropertySchema = z.object({ nodes: z.record(z.string(), z.unknown()), relationships: z.record(z.string(), z.unknown()) });

/** User groups (spec 4.11). Static paths are declared before /groups/{id}/... so they win. */
export function createGroupsRouter(deps: AppDeps): Router {
  void deps;
  const router = Router();

  endpoint(
    router,
    {
      method: 'get',
      path: '/groups',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'All groups',
      description: 'Every group with its description, application permissions and members.',
      responses: { 200: { description: 'Groups in name order', schema: z.array(groupSchema), example: [GROUP_EXAMPLE] } },
    },
    ({ ctx }) => new GroupService(ctx).list(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/groups',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Create a group',
      description:
        'Creates a group; the name must be unique ignoring case (409 GROUP_NAME_TAKEN). Returns the name (and id) of the created group. ' +
        'Unknown user ids are 422 UNKNOWN_USER. Without GRANT_ALL_PERMISSIONS only permissions you hold can be granted, and only users holding nothing you lack can be added (403 ESCALATION_DENIED).',
      body: { schema: createGroupBody, example: CREATE_GROUP_EXAMPLE },
      responses: { 201: { description: 'Created', schema: groupCreatedSchema, example: { name: 'Analysts', id: '3' } } },
      errors: [409, 422],
    },
    ({ ctx, body }) => new GroupService(ctx).create(body),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/groups/info',
      tag,
      access: 'authenticated',
      summary: 'Basic information of all groups',
      description: 'Id and name of every group (for sharing dialogs and pickers).',
      responses: { 200: { description: 'Groups', schema: z.array(groupInfoSchema), example: [{ id: '3', name: 'Analysts' }] } },
    },
    ({ ctx }) => new GroupService(ctx).info(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/groups/dataSecurity',
      tag,
      access: 'ACL_DATA_MANAGEMENT',
      summary: 'dataSecurity of all groups',
      description: 'Every group with its dataSecurity configuration (row rules).',
      responses: {
        200: {
          description: 'Groups',
          schema: z.array(groupDataSecuritySchema),
          example: [{ id: '3', name: 'Analysts', dataSecurity: dataExample }],
        },
      },
    },
    ({ ctx }) => new GroupSecurityService(ctx).dataSecurityOfAllGroups(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/groups/permissions',
      tag,
      access: 'USER_MANAGEMENT',
      summary: "Replace a group's permissions",
      description:
        "Replaces the group's application permissions. Unknown group is 404. Without GRANT_ALL_PERMISSIONS the group and the new permissions must hold nothing you lack (403 ESCALATION_DENIED); " +
        'removing GRANT_ALL_PERMISSIONS from its last enabled holder is 409 LAST_ADMINISTRATOR.',
      body: { schema: groupPermissionsBody, example: { groupId: '3', permissions: ['CYPHER_QUERIES', 'EXPORT_DATA'] } },
      responses: { 200: { description: 'The updated group', schema: groupSchema, example: GROUP_EXAMPLE } },
      errors: [404, 409],
    },
    ({ ctx, body }) => new GroupService(ctx).setPermissions(body.groupId, body.permissions),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/groups/{id}',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Update a group',
      description:
        'Renames and describes the group; permissions and members are replaced when given. Same uniqueness and escalation rules as creation.',
      params: idParams,
      body: { schema: updateGroupBody, example: UPDATE_GROUP_EXAMPLE },
      responses: {
        200: {
          description: 'The updated group',
          schema: groupSchema,
          example: {
            ...GROUP_EXAMPLE,
            ...UPDATE_GROUP_EXAMPLE,
            users: [
              { id: '42', username: 'jnovak' },
              { id: '43', username: 'pdvorak' },
            ],
          },
        },
      },
      errors: [409, 422],
    },
    ({ ctx, params, body }) => new GroupService(ctx).update(params.id, body),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/groups/{id}',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Delete a group',
      description: 'Deletes the group with its permission and user assignments (the users stay).',
      params: idParams,
      responses: { 204: { description: 'Deleted' } },
      errors: [409],
    },
    async ({ ctx, params }) => {
      await new GroupService(ctx).remove(params.id);
    },
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/groups/{id}/users',
      tag,
      access: 'USER_MANAGEMENT',
      summary: "Replace a group's users",
      description:
        'Replaces the user assignments of the group. Unknown user ids are 422 UNKNOWN_USER; every added or removed user must hold nothing you lack (403 ESCALATION_DENIED).',
      params: idParams,
      body: { schema: groupUsersBody, example: { userIds: ['42', '43'] } },
      responses: { 200: { description: 'The updated group', schema: groupSchema, example: GROUP_EXAMPLE } },
      errors: [409, 422],
    },
    ({ ctx, params, body }) => new GroupService(ctx).setUsers(params.id, body.userIds),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/groups/{id}/propertySecurity',
      tag,
      access: 'ACL_DATA_MANAGEMENT',
      summary: "A group's propertySecurity",
      description: 'Which properties members see, per label and relationship type.',
      params: idParams,
      responses: { 200: { description: 'propertySecurity', schema: storedPropertySchema, example: propertyExample } },
    },
    ({ ctx, params }) => new GroupSecurityService(ctx).propertySecurity(params.id),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/groups/{id}/propertySecurity',
      tag,
      access: 'ACL_DATA_MANAGEMENT',
      summary: "Update a group's propertySecurity",
      description: 'Replaces the propertySecurity configuration. Label, type and property names must be valid identifiers or "*".',
      params: idParams,
      body: { schema: propertySecuritySchema, example: propertyExample },
      responses: { 200: { description: 'The stored configuration', schema: storedPropertySchema, example: propertyExample } },
    },
    ({ ctx, params, body }) => new GroupSecurityService(ctx).setPropertySecurity(params.id, body),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/groups/{id}/entitySecurity',
      tag,
      access: 'ACL_DATA_MANAGEMENT',
      summary: "A group's entitySecurity",
      description: 'Which nodes and relationships members see (null filter = all).',
      params: idParams,
      responses: { 200: { description: 'entitySecurity', schema: storedEntitySchema, example: entityExample } },
    },
    ({ ctx, params }) => new GroupSecurityService(ctx).entitySecurity(params.id),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/groups/{id}/entitySecurity',
      tag,
      access: 'ACL_DATA_MANAGEMENT',
      summary: "Update a group's entitySecurity",
      description: 'Replaces the entitySecurity configuration; filters are validated (400 VALIDATION_FAILED for a malformed filter).',
      params: idParams,
      body: { schema: entitySecuritySchema, example: entityExample },
      responses: { 200: { description: 'The stored configuration', schema: storedEntitySchema, example: entityExample } },
    },
    ({ ctx, params, body }) => new GroupSecurityService(ctx).setEntitySecurity(params.id, body),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/groups/{id}/dataSecurity',
      tag,
      access: 'ACL_DATA_MANAGEMENT',
      summary: "A group's dataSecurity",
      description: 'Row rules of the group. An addition to the specified API (which lists dataSecurity only for all groups).',
      params: idParams,
      responses: { 200: { description: 'dataSecurity', schema: dataSecuritySchema, example: dataExample } },
    },
    ({ ctx, params }) => new GroupSecurityService(ctx).dataSecurity(params.id),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/groups/{id}/dataSecurity',
      tag,
      access: 'ACL_DATA_MANAGEMENT',
      summary: "Update a group's dataSecurity",
      description:
        "Replaces the row rules of the group: a node with the rule's label (or a relationship of its type) is visible to members only when it matches the filter. " +
        'An addition to the specified API, which names no way to edit dataSecurity.',
      params: idParams,
      body: { schema: dataSecuritySchema, example: dataExample },
      responses: { 200: { description: 'The stored configuration', schema: dataSecuritySchema, example: dataExample } },
    },
    ({ ctx, params, body }) => new GroupSecurityService(ctx).setDataSecurity(params.id, body),
  );

  return router;
}

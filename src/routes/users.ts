import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import type { KnexSessionStore } from '../auth/session-store';
import { UserService } from '../services/users/user-service';
import { UserSecurityService } from '../services/users/user-security-service';
import {
  CREATE_USER_EXAMPLE,
  UPDATE_USER_EXAMPLE,
  USER_EXAMPLE,
  createUserBody,
  effectiveEntitySecuritySchema,
  effectivePropertySecuritySchema,
  groupIdsBody,
  groupRefSchema,
  idParams,
  relatedUserSchema,
  setPasswordBody,
  updateUserBody,
  userDataSecuritySchema,
  userInfoSchema,
  userSchema,
} from './schemas/users';

const tag = 'Users';
const deletedUserExample = { ...USER_EXAMPLE, id: '44', username: 'former.colleague', enabled: true, deleted: true };

/** User management (spec 4.3). Static paths are declared before /users/{id}/... so they win. */
export function createUsersRouter(deps: AppDeps, sessions: KnexSessionStore): Router {
  void deps;
  const router = Router();

  endpoint(
    router,
    {
      method: 'get',
      path: '/users',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'All users',
      description: 'Every user that is not deleted, with direct and effective permissions, groups, flags and the last sign-in.',
      responses: { 200: { description: 'Users in username order', schema: z.array(userSchema), example: [USER_EXAMPLE] } },
    },
    ({ ctx }) => new UserService(ctx).list(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/users',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Create a user',
      description:
        'Creates a user with direct permissions and group relations. Usernames are unique ignoring case (409 USERNAME_TAKEN). ' +
        'The password must satisfy the policy (422 PASSWORD_POLICY); unknown group ids are 422 UNKNOWN_GROUP. ' +
        'Without GRANT_ALL_PERMISSIONS only permissions you hold can be granted and only groups whose permissions you hold can be assigned (403 ESCALATION_DENIED).',
      body: { schema: createUserBody, example: CREATE_USER_EXAMPLE },
      responses: { 201: { description: 'The created user', schema: userSchema, example: USER_EXAMPLE } },
      errors: [409, 422],
    },
    ({ ctx, body }) => new UserService(ctx).create(body),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/info',
      tag,
      access: 'authenticated',
      summary: 'Basic information of all users',
      description: 'Id and username of every user that is not deleted (for sharing dialogs and pickers).',
      responses: {
        200: {
          description: 'Users',
          schema: z.array(userInfoSchema),
          example: [
            { id: '1', username: 'admin' },
            { id: '42', username: 'jnovak' },
          ],
        },
      },
    },
    ({ ctx }) => new UserService(ctx).info(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/dataSecurity',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'dataSecurity of all users',
      description:
        "Each non-deleted user's effective dataSecurity: the dataSecurity of the user's groups, merged (src/services/security/merge.ts).",
      responses: {
        200: {
          description: 'Per user',
          schema: z.array(userDataSecuritySchema),
          example: [
            {
              userId: '42',
              username: 'jnovak',
              dataSecurity: { rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] },
            },
          ],
        },
      },
    },
    ({ ctx }) => new UserSecurityService(ctx).dataSecurityOfAllUsers(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/deleted',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Deleted users',
      description: 'Users marked as deleted (they can be undeleted with DELETE /users/{id}/deleted).',
      responses: { 200: { description: 'Deleted users', schema: z.array(userSchema), example: [deletedUserExample] } },
    },
    ({ ctx }) => new UserService(ctx).listDeleted(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/user/related',
      tag,
      access: 'authenticated',
      summary: 'Users related to the session user',
      description: 'Users sharing at least one group with the session user, without the session user and deleted users.',
      responses: {
        200: {
          description: 'Related users',
          schema: z.array(relatedUserSchema),
          example: [{ id: '43', username: 'pdvorak', name: 'Petr Dvořák' }],
        },
      },
    },
    ({ ctx }) => new UserService(ctx).related(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/user/groups',
      tag,
      access: 'authenticated',
      summary: 'Groups of the session user',
      description: 'Id and name of every group the session user belongs to.',
      responses: { 200: { description: 'Groups', schema: z.array(groupRefSchema), example: [{ id: '3', name: 'Analysts' }] } },
    },
    ({ ctx }) => new UserService(ctx).sessionUserGroups(),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/users/{id}',
      tag,
      access: 'USER_MANAGEMENT',
      summary: "Update a user's permissions and groups",
      description:
        "Updates the user's permissions and group relations: both lists replace the current ones; name, email and locale change when given. " +
        'Escalation rules apply (403 ESCALATION_DENIED): the user must hold nothing you do not, and you can only grant what you hold. ' +
        'Removing GRANT_ALL_PERMISSIONS from its last enabled holder is 409 LAST_ADMINISTRATOR.',
      params: idParams,
      body: { schema: updateUserBody, example: UPDATE_USER_EXAMPLE },
      responses: { 200: { description: 'The updated user', schema: userSchema, example: USER_EXAMPLE } },
      errors: [409, 422],
    },
    ({ ctx, params, body }) => new UserService(ctx).update(params.id, body),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/users/{id}',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Delete a user',
      description:
        'Marks the user as deleted (DELETED = true; same as PUT /users/{id}/deleted). Their sessions end; they cannot sign in until undeleted. You cannot delete yourself (409 CANNOT_DELETE_SELF).',
      params: idParams,
      responses: { 200: { description: 'The user, now deleted', schema: userSchema, example: deletedUserExample } },
      errors: [409],
    },
    ({ ctx, params }) => new UserService(ctx, sessions).setDeleted(params.id, true),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/users/{id}/groups',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Assign the user to groups',
      description:
        "Replaces the user's group relations. Unknown group ids are 422 UNKNOWN_GROUP; groups holding permissions you lack are 403 ESCALATION_DENIED.",
      params: idParams,
      body: { schema: groupIdsBody, example: { groupIds: ['3', '5'] } },
      responses: { 200: { description: 'The updated user', schema: userSchema, example: USER_EXAMPLE } },
      errors: [409, 422],
    },
    ({ ctx, params, body }) => new UserService(ctx).setGroups(params.id, body.groupIds),
  );

  const flag = (
    method: 'put' | 'delete',
    path: string,
    summary: string,
    description: string,
    run: (service: UserService, id: string) => Promise<unknown>,
    example: object,
  ) =>
    endpoint(
      router,
      {
        method,
        path,
        tag,
        access: 'USER_MANAGEMENT',
        summary,
        description,
        params: idParams,
        responses: { 200: { description: 'The user after the change', schema: userSchema, example } },
        errors: [409],
      },
      ({ ctx, params }) => run(new UserService(ctx, sessions), params.id),
    );

  flag(
    'put',
    '/users/{id}/enabled',
    'Enable a user',
    'Sets ENABLED = true: the user can sign in again.',
    (s, id) => s.setEnabled(id, true),
    USER_EXAMPLE,
  );
  flag(
    'delete',
    '/users/{id}/enabled',
    'Disable a user',
    "Sets ENABLED = false: the user's sessions end and sign-in (form, Basic, API tokens) is refused. You cannot disable yourself (409 CANNOT_DISABLE_SELF).",
    (s, id) => s.setEnabled(id, false),
    { ...USER_EXAMPLE, enabled: false },
  );
  flag(
    'put',
    '/users/{id}/deleted',
    'Delete a user',
    "Sets DELETED = true: the user's sessions end and sign-in is refused. You cannot delete yourself (409 CANNOT_DELETE_SELF).",
    (s, id) => s.setDeleted(id, true),
    deletedUserExample,
  );
  flag(
    'delete',
    '/users/{id}/deleted',
    'Undelete a user',
    'Sets DELETED = false: the user can sign in again (when enabled).',
    (s, id) => s.setDeleted(id, false),
    USER_EXAMPLE,
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/users/{id}/password',
      tag,
      access: 'USER_MANAGEMENT',
      summary: "Set a user's password",
      description:
        "An administrator sets the password (policy: 422 PASSWORD_POLICY). The user's other sessions and open password reset links end and cached script credentials are dropped. " +
        'With mustChangePassword the user must change it at the next sign-in.',
      params: idParams,
      body: { schema: setPasswordBody, example: { password: 'a-new-long-passphrase', mustChangePassword: true } },
      responses: { 204: { description: 'Password set' } },
      errors: [422],
    },
    async ({ ctx, params, body, req }) => {
      await new UserService(ctx, sessions).setPassword(params.id, body.password, {
        mustChangePassword: body.mustChangePassword,
        currentSessionId: req.sessionID,
      });
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/{id}/entitySecurity',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Effective entitySecurity of a user',
      description:
        "The user's groups' entitySecurity merged: each filter is the OR of the groups' filters, null (unrestricted) when the user has no groups or some group sets none.",
      params: idParams,
      responses: {
        200: {
          description: 'Effective entitySecurity',
          schema: effectiveEntitySecuritySchema,
          example: { nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] }, relationshipFilter: null },
        },
      },
    },
    ({ ctx, params }) => new UserSecurityService(ctx).entitySecurity(params.id),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/users/{id}/propertySecurity',
      tag,
      access: 'USER_MANAGEMENT',
      summary: 'Effective propertySecurity of a user',
      description:
        "The user's groups' propertySecurity merged: union per label and relationship type (a property is visible when any group shows it).",
      params: idParams,
      responses: {
        200: {
          description: 'Effective propertySecurity',
          schema: effectivePropertySecuritySchema,
          example: { nodes: { '*': { disabled: ['ssn'] }, Person: { enabled: ['city', 'name', 'uid'] } }, relationships: {} },
        },
      },
    },
    ({ ctx, params }) => new UserSecurityService(ctx).propertySecurity(params.id),
  );

  return router;
}

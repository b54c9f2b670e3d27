import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import type { KnexSessionStore } from '../auth/session-store';
import { ProfileService } from '../services/profile/profile-service';
import { ApiTokenService } from '../services/profile/api-token-service';
import { UserSettingsService } from '../services/profile/user-settings-service';
import { SUPPORTED_LOCALES } from '../services/profile/locales';
import {
  apiTokenCreateBody,
  apiTokenExample,
  apiTokenSchema,
  createdApiTokenSchema,
  localeSchema,
  passwordChangeBody,
  passwordChangeResult,
  profileExample,
  profileSchema,
  profileUpdateBody,
  tokenIdParams,
  userSettingBody,
  userSettingExample,
  userSettingParams,
  userSettingSchema,
} from './schemas/profile';

// Every operation here is 'authenticated' (not a permission): a user who must change the
// password can still reach them, and nothing else, until the change (see authorize()).
export function createProfileRouter(deps: AppDeps, sessions: KnexSessionStore): Router {
  void deps;
  const router = Router();

  endpoint(
    router,
    {
      method: 'get',
      path: '/profile',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Own profile',
      description: 'Profile information of the session user, with effective permissions and groups.',
      responses: { 200: { description: 'Profile', schema: profileSchema, example: profileExample } },
    },
    ({ ctx }) => new ProfileService(ctx).get(),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/profile',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Update own profile',
      description: 'Replaces name, e-mail and locale of the session user. Audited as profile.update with the names of the changed fields.',
      body: { schema: profileUpdateBody, example: { name: 'Jane Doe', email: 'jane.doe@example.com', locale: 'de' } },
      responses: { 200: { description: 'The updated profile', schema: profileSchema, example: { ...profileExample, locale: 'de' } } },
    },
    ({ ctx, body }) => new ProfileService(ctx).update(body),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/profile/locales',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Supported locales',
      description: 'Every language the frontend supports: the code to store in the profile, its English and its own name.',
      responses: { 200: { description: 'Locales', schema: z.array(localeSchema), example: SUPPORTED_LOCALES.slice(0, 2) } },
    },
    () => SUPPORTED_LOCALES,
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/profile/password',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Change own password',
      description:
        'Checks the current password (wrong: 422 CURRENT_PASSWORD_INVALID, counted like a failed login) and applies the password policy (422 PASSWORD_POLICY). ' +
        'Clears the must-change-password flag, ends every other session of the user (the calling session stays signed in) and every open password reset link, and invalidates cached script credentials. ' +
        'Audited as profile.password.change.',
      body: { schema: passwordChangeBody, example: { currentPassword: 'my-old-password', newPassword: 'correct horse battery staple' } },
      responses: { 200: { description: 'Changed', schema: passwordChangeResult, example: { changed: true, endedSessions: 1 } } },
      errors: [422, 429],
    },
    async ({ ctx, body, req }) => {
      const keep = req.authMethod === 'session' ? req.sessionID : undefined;
      const { endedSessions } = await new ProfileService(ctx).changePassword(body.currentPassword, body.newPassword, sessions, keep);
      return { changed: true as const, endedSessions };
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/profile/tokens',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Own API tokens',
      description:
        "The session user's personal API tokens that are not revoked (expired ones are flagged), newest first. The secret itself is never shown again.",
      responses: { 200: { description: 'Tokens', schema: z.array(apiTokenSchema), example: [apiTokenExample] } },
    },
    ({ ctx }) => new ApiTokenService(ctx).list(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/profile/tokens',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Create an API token',
      description:
        "Creates a personal API token for scripts (`Authorization: Bearer gas_...`). It acts with the user's own permissions. The token is returned once, in this response; " +
        'only its SHA-256 is stored. At most 50 active tokens per user (422 TOO_MANY_TOKENS). Audited as token.create.',
      body: { schema: apiTokenCreateBody, example: { name: 'nightly export', expiresInDays: 90 } },
      responses: {
        201: {
          description: 'Created',
          schema: createdApiTokenSchema,
          example: { ...apiTokenExample, token: 'gas_Q3vZ8m1x0k9yq7TtP4w2nB6cR5sJ3hLdE1fGaU0iVbo' },
        },
      },
      errors: [422],
    },
    ({ ctx, body }) => new ApiTokenService(ctx).create(body.name, body.expiresInDays),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/profile/tokens/{id}',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Revoke an API token',
      description:
        "Revokes one of the session user's tokens; it stops working at once. Unknown, foreign or already revoked ids are 404. Audited as token.revoke.",
      params: tokenIdParams,
      responses: { 204: { description: 'Revoked' } },
    },
    async ({ ctx, params }) => {
      await new ApiTokenService(ctx).revoke(params.id);
    },
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/userSettings',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Store a user setting',
      description:
        "Stores the session user's setting of one type (replacing the previous value). The value is any JSON object. Audited as userSettings.update (without the value).",
      body: { schema: userSettingBody, example: { type: 'graphView', value: { layout: 'force', showLabels: true } } },
      responses: { 200: { description: 'Stored', schema: userSettingSchema, example: userSettingExample } },
    },
    ({ ctx, body }) => new UserSettingsService(ctx).put(body.type, body.value),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/userSettings/{type}',
      tag: 'Profile',
      access: 'authenticated',
      summary: 'Read a user setting',
      description: "The session user's setting of one type; 404 NOT_FOUND when the user has not stored one.",
      params: userSettingParams,
      responses: { 200: { description: 'The setting', schema: userSettingSchema, example: userSettingExample } },
    },
    ({ ctx, params }) => new UserSettingsService(ctx).get(params.type),
  );

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { linkBaseUrl } from '../http/link-base-url';
import type { KnexSessionStore } from '../auth/session-store';
import { PasswordResetService } from '../services/password-reset/password-reset-service';
import '../openapi/registry';
import { renderResetRequestPage, resetHashParam } from '../pages/password-reset';
import { t } from '../i18n/middleware';

const TAG = 'Password reset';
const REQUEST_ACCEPTED = 'If the account exists and has an e-mail address, a link to choose a new password has been sent to it.';

const hashParam = resetHashParam;
const formFields = { _csrf: z.string().optional() };

const requestBody = z.object({ username: z.string().trim().min(1).max(200).openapi({ example: 'jdoe' }), ...formFields });
const performBody = z.object({
  hash: hashParam,
  password: z
    .string()
    .min(1)
    .max(1000)
    .openapi({ description: 'The new password (auth.passwordMinLength characters at least)', example: 'correct horse battery staple' }),
  ...formFields,
});

export function createPasswordResetRouter(deps: AppDeps, sessions: KnexSessionStore): Router {
  const router = Router();

  // The pages (GET /passwordReset/request and /passwordReset/{hash}) are src/pages/password-reset.ts.
  endpoint(
    router,
    {
      method: 'post',
      path: '/passwordReset/request',
      tag: TAG,
      access: 'public',
      summary: 'Request a password reset link',
      description:
        'E-mails a link to choose a new password to the user with this username, valid for passwordReset.tokenTtlHours hours and usable once. ' +
        'The answer is always the same 202, whether the user exists, has an e-mail address, is disabled or has asked too often (at most 3 mails per user and hour), ' +
        'so the endpoint cannot be used to find out usernames. The link points to server.baseUrl, or to the listen address (server.host and port) when no baseUrl is configured; ' +
        "never to a host named in the request (Host, X-Forwarded-Host, Origin). A newer link ends the user's older open links. " +
        'Audited as password.reset.requested. A form post (application/x-www-form-urlencoded) is answered with the HTML page.',
      body: { schema: requestBody, example: { username: 'jdoe' }, contentType: ['application/json', 'application/x-www-form-urlencoded'] },
      responses: {
        202: { description: 'Accepted (always)', schema: z.object({ message: z.string() }), example: { message: REQUEST_ACCEPTED } },
      },
    },
    async ({ ctx, body, req, res }) => {
      await new PasswordResetService(ctx).request(body.username, linkBaseUrl(deps.config, req));
      if (req.is('application/x-www-form-urlencoded')) {
        await renderResetRequestPage(req, res, true, 202);
        return undefined;
      }
      return { message: t(req, 'passwordReset.requestAccepted') };
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/passwordReset/isHashValid/{hash}',
      tag: TAG,
      access: 'public',
      summary: 'Check a reset link',
      description:
        'Whether the token of a reset link can still be used: it exists, has not expired, has not been used, and its user is enabled.',
      params: z.object({ hash: hashParam }),
      responses: { 200: { description: 'Validity', schema: z.object({ valid: z.boolean() }), example: { valid: true } } },
    },
    async ({ ctx, params }) => ({ valid: await new PasswordResetService(ctx).isValid(params.hash) }),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/passwordReset/perform',
      tag: TAG,
      access: 'public',
      summary: 'Set a new password with a reset link',
      description:
        "Sets the new password of the link's user. The link works once; unknown, expired or used links are 410 RESET_LINK_INVALID. The password policy applies " +
        "(422 PASSWORD_POLICY, the link stays usable). Clears the must-change-password flag, ends all sessions of the user and voids the user's other open links. " +
        'Audited as password.reset.performed. A form post is answered with a redirect to the login page.',
      body: {
        schema: performBody,
        example: { hash: 'mJ0Q3n7vR2yXo8p1Lk4s9tWbC6eZfHaDgUiV5xYz0Nq', password: 'correct horse battery staple' },
        contentType: ['application/json', 'application/x-www-form-urlencoded'],
      },
      responses: {
        200: {
          description: 'Changed',
          schema: z.object({ passwordChanged: z.literal(true), loginUrl: z.string() }),
          example: { passwordChanged: true, loginUrl: '/login' },
        },
        303: { description: 'Form post: redirect to /login' },
      },
      errors: [410, 422],
    },
    async ({ ctx, body, req, res }) => {
      const isForm = Boolean(req.is('application/x-www-form-urlencoded'));
      if (isForm) res.locals.page = true;
      await new PasswordResetService(ctx).perform(body.hash, body.password, sessions);
      if (isForm) {
        res.redirect(303, '/login');
        return undefined;
      }
      return { passwordChanged: true as const, loginUrl: '/login' };
    },
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/users/{id}/reset-password',
      tag: 'Users',
      access: 'USER_MANAGEMENT',
      summary: 'Send a password reset mail to a user',
      description:
        "Starts the e-mail workflow for a user: the same link as POST /passwordReset/request is mailed to the user's address. 404 for unknown or deleted users, " +
        '422 NO_EMAIL when the user has no e-mail address, 422 ACCOUNT_DISABLED for disabled users, 502 MAIL_FAILED when the mail server refuses. ' +
        "Once the mail is accepted, the user's older open links end. Audited as user.password.reset-mail.",
      params: z.object({
        id: z
          .string()
          .regex(/^\d{1,18}$/, 'A user id is a number')
          .openapi({ example: '7' }),
      }),
      responses: {
        202: {
          description: 'Mail sent (or logged, when no SMTP server is configured)',
          schema: z.object({ sentTo: z.string(), mailConfigured: z.boolean() }),
          example: { sentTo: 'jane.doe@example.com', mailConfigured: true },
        },
      },
      errors: [422, 502],
    },
    async ({ ctx, params, req }) => {
      const { email } = await new PasswordResetService(ctx).sendForUser(params.id, linkBaseUrl(deps.config, req));
      return { sentTo: email, mailConfigured: deps.mailer.configured };
    },
  );

  return router;
}

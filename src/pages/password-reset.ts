import type { Request, Response } from 'express';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { csrfToken } from '../auth/csrf';
import { PasswordResetService } from '../services/password-reset/password-reset-service';
import { layoutLocals } from './page';
import { t } from '../i18n/middleware';

const TAG = 'Password reset';
export const resetHashParam = z
  .string()
  .min(1)
  .max(512)
  .openapi({ description: 'The token from the e-mailed link', example: 'mJ0Q3n7vR2yXo8p1Lk4s9tWbC6eZfHaDgUiV5xYz0Nq' });

/** Renders a view and resolves once the page is sent (res.render alone finishes on a later tick). */
export function renderPage(req: Request, res: Response, view: string, locals: Record<string, unknown>, status = 200): Promise<void> {
  res.locals.page = true;
  return new Promise((resolve, reject) => {
    res.render(view, { ...layoutLocals(req), ...locals }, (error: Error | null, html?: string) => {
      if (error) return reject(error);
      res.status(status).type('html').send(html);
      resolve();
    });
  });
}

/** The request form's page; a form post to it is answered by the API router (src/routes/password-reset.ts). */
export function renderResetRequestPage(req: Request, res: Response, sent: boolean, status = 200): Promise<void> {
  return renderPage(
    req,
    res,
    'password-reset-request',
    {
      title: t(req, 'passwordReset.request.title'),
      csrfToken: csrfToken(req),
      user: req.user ?? null,
      sent,
      message: t(req, 'passwordReset.requestAccepted'),
    },
    status,
  );
}

/**
 * The password reset pages: the "Forgot your password?" form and the page of an e-mailed link
 * (410 when the link can no longer be used). Declared with endpoint() (hidden from the API
 * document) for the same parameter checks; /passwordReset/request comes first so that "request"
 * is not taken for a hash.
 */
export function createPasswordResetPagesRouter(deps: AppDeps): Router {
  const router = Router();
  const minLength = deps.config.auth.passwordMinLength;

  endpoint(
    router,
    {
      method: 'get',
      path: '/passwordReset/request',
      tag: TAG,
      access: 'public',
      hidden: true,
      summary: 'Password reset request page',
      description: 'page',
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
    },
    ({ req, res }) => renderResetRequestPage(req, res, false),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/passwordReset/{hash}',
      tag: TAG,
      access: 'public',
      hidden: true,
      summary: 'Password reset page',
      description: 'page',
      params: z.object({ hash: resetHashParam }),
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
    },
    async ({ ctx, params, req, res }) => {
      res.locals.page = true;
      const valid = await new PasswordResetService(ctx).isValid(params.hash);
      res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
      await renderPage(
        req,
        res,
        'password-reset',
        {
          title: t(req, 'passwordReset.perform.title'),
          csrfToken: csrfToken(req),
          user: req.user ?? null,
          valid,
          hash: valid ? params.hash : '',
          minLength,
        },
        valid ? 200 : 410,
      );
    },
  );

  return router;
}

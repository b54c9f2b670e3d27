import type { Request, Response, NextFunction } from 'express';
import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { AppDeps } from '../core/context';
import { authorize } from '../http/endpoint';
import { generateOpenApiDocument } from '../openapi/registry';

/**
 * The API tester (Swagger UI) and the OpenAPI document it reads. Both need the permission
 * API_DOCUMENTATION: live calls from the tester change data for real. The tester sends the
 * session's CSRF token with every call it makes.
 */
export function createApiDocsRouter(deps: AppDeps): Router {
  const router = Router();
  let document: ReturnType<typeof generateOpenApiDocument> | undefined;
  const getDocument = () => (document ??= generateOpenApiDocument({ version: deps.version, serverUrl: deps.config.server.baseUrl }));

  const requirePermission = (req: Request, res: Response, next: NextFunction) => {
    res.locals.page = !req.originalUrl.split('?')[0].endsWith('/openapi.json');
    authorize('API_DOCUMENTATION', req.ctx.user);
    next();
  };

  router.get('/api-documentation/openapi.json', requirePermission, (_req, res) => {
    res.json(getDocument());
  });

  const page = swaggerUi.setup(undefined, {
    customSiteTitle: 'API - Graph Analytics Service',
    customCss: '.swagger-ui .topbar { display: none }',
    swaggerOptions: {
      url: '/api-documentation/openapi.json',
      persistAuthorization: false,
      displayRequestDuration: true,
      // A filter box by tag: with ~140 operations Swagger UI renders the list as it is scrolled.
      filter: true,
      tryItOutEnabled: false,
      // Runs in the browser: live calls ride on the session cookie, so they carry its CSRF token.
      requestInterceptor: async (request: { headers: Record<string, string> }) => {
        const w = window as unknown as { gasCsrf?: string };
        if (!w.gasCsrf) {
          const response = await fetch('/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
          w.gasCsrf = ((await response.json()) as { csrfToken: string }).csrfToken;
        }
        request.headers['X-CSRF-Token'] = w.gasCsrf;
        request.headers['X-Requested-With'] = 'swagger-ui';
        return request;
      },
    },
  });
  // The page loads its assets relative to itself, so it lives at /api-documentation/.
  router.get('/api-documentation', requirePermission, (req, res, next) => {
    if (!req.originalUrl.split('?')[0].endsWith('/')) return res.redirect(301, '/api-documentation/');
    page(req, res, next);
  });
  router.use('/api-documentation', requirePermission, swaggerUi.serve);
  return router;
}

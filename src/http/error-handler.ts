import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { layoutLocals } from '../pages/page';
import { isPermissionCode, PERMISSIONS } from '../auth/permissions';
import { applyLocale } from '../i18n/middleware';
import { localizeDetail } from '../i18n/problems';
import { translate } from '../i18n/i18n';
import { databaseUnavailable } from '../db/availability';
import {
  AppError,
  BadRequestError,
  isStorageFull,
  NotFoundError,
  PayloadTooLargeError,
  StorageFullError,
  toProblem,
  UnsupportedMediaTypeError,
} from '../errors';

interface HttpLibraryError {
  type?: string;
  status?: number;
  code?: string;
  name?: string;
}

/** Errors raised by body-parser and multer, mapped to the API's own codes. */
function fromLibraryError(error: HttpLibraryError & Error): AppError | undefined {
  // The store cannot be used right now (outage, restart, every pooled connection busy): 503 with Retry-After.
  const unavailable = databaseUnavailable(error);
  if (unavailable) return unavailable;
  if (error.type === 'entity.too.large' || error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeError();
  if (isStorageFull(error)) return new StorageFullError();
  if (error.type === 'entity.parse.failed') return new BadRequestError('The request body is not valid JSON', 'INVALID_JSON');
  if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') return new UnsupportedMediaTypeError(error.message);
  if (error.name === 'MulterError') return new BadRequestError(`Upload rejected: ${error.message}`, 'UPLOAD_REJECTED');
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500)
    return new AppError(error.status, 'BAD_REQUEST', error.message);
  return undefined;
}

function wantsHtml(req: Request, res: Response): boolean {
  return Boolean(res.locals.page) || (req.method === 'GET' && req.accepts(['json', 'html']) === 'html' && !req.get('authorization'));
}

export function notFoundHandler(req: Request, _res: Response, next: NextFunction): void {
  next(new NotFoundError(`${req.method} ${req.path}`, 'ROUTE_NOT_FOUND'));
}

/**
 * The one error renderer: application/problem+json for the API, an error page for pages, a
 * redirect to /login for anonymous page views. Unknown errors are logged with the request id and
 * answered with a generic 500; no stack trace ever reaches a response.
 */
export function errorHandler(logger: Logger) {
  // Express recognises error middleware by its four parameters.
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const appError = error instanceof AppError ? error : fromLibraryError(error as HttpLibraryError & Error);
    if (!appError) {
      logger.error({ err: error, requestId: req.requestId, method: req.method, path: req.path }, 'unhandled error');
    } else if (appError.status >= 500) {
      logger.warn({ requestId: req.requestId, code: appError.code, path: req.path }, appError.message);
    }
    const problem = appError
      ? toProblem(appError, req.originalUrl)
      : {
          type: 'about:blank#INTERNAL_ERROR',
          title: 'Internal error',
          status: 500,
          code: 'INTERNAL_ERROR',
          detail: `An unexpected error occurred (request ${req.requestId})`,
          instance: req.originalUrl,
        };
    if (res.headersSent) {
      res.end();
      return;
    }
    // The detail in the request's language (errors raised before the locale middleware get it here).
    const locale = req.locale ?? applyLocale(req, res).locale;
    if (typeof problem.detail === 'string') problem.detail = localizeDetail(problem.code, problem.detail, locale) ?? problem.detail;
    if (
      appError instanceof AppError &&
      (appError.status === 429 || appError.status === 503) &&
      typeof appError.extra.retryAfterSeconds === 'number'
    ) {
      res.set('Retry-After', String(appError.extra.retryAfterSeconds));
    }
    if (wantsHtml(req, res)) {
      if (problem.status === 401) {
        res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl)}`);
        return;
      }
      // A 403 for a missing permission names it in words (catalogue name and description), not only by code.
      const code = appError?.extra.permission;
      const missingPermission = typeof code === 'string' && isPermissionCode(code) ? { code, ...PERMISSIONS[code] } : null;
      const statusKey = `error.status.${problem.status}`;
      const heading = translate(locale, statusKey) === statusKey ? problem.title : translate(locale, statusKey);
      res.status(problem.status).render('error', {
        ...layoutLocals(req),
        title: heading,
        heading,
        problem,
        missingPermission,
        user: req.user ?? null,
        csrfToken: '',
      });
      return;
    }
    if (problem.status === 401 && !req.get('x-requested-with'))
      res.set('WWW-Authenticate', 'Basic realm="Graph Analytics Service", charset="UTF-8"');
    res.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
  };
}

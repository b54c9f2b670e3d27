import { Router } from 'express';
import type { AppDeps } from '../core/context';
import { csrfToken } from '../auth/csrf';
import { PERMISSIONS, PERMISSION_CODES } from '../auth/permissions';
import { render, requirePage } from './page';
import { JOB_TYPES } from '../services/jobs/types';
import { t } from '../i18n/middleware';

/** Only same-site paths are followed after login, never another origin. */
function sameSitePath(next: unknown): string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '';
}

const permissionCatalogue = PERMISSION_CODES.map((code) => ({ code, ...PERMISSIONS[code] }));
const jobTypesForPage = JOB_TYPES.map((t) => ({ type: t.type, title: t.title, description: t.description }));

/**
 * The server-rendered pages (every page lives under src/pages/, mounted by createPageRouters in
 * ./index.ts). Each page is a shell: the data comes from the JSON API, called by
 * the page's bundle built from web/<page>/ (the generated API client) with the session cookie and the CSRF token from the meta tag.
 */
export function createPagesRouter(deps: AppDeps): Router {
  void deps;
  const router = Router();

  router.get('/login', (req, res) => {
    res.locals.page = true;
    const next = sameSitePath(req.query.next);
    if (req.ctx.user) return res.redirect(303, next || '/');
    res.set('Cache-Control', 'no-store');
    res.render('login', { title: t(req, 'login.title'), error: null, username: '', next, csrfToken: csrfToken(req), user: null });
  });

  router.get('/', requirePage('authenticated'), (req, res) => {
    render(req, res, 'index', { title: t(req, 'page.index.title'), active: '', bundles: ['home'] });
  });

  router.get('/search', requirePage('authenticated'), (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 500) : '';
    render(req, res, 'search', { title: t(req, 'page.search.title'), active: 'search', q, bundles: ['search'] });
  });

  router.get('/users/list', requirePage('USER_MANAGEMENT'), (req, res) => {
    render(req, res, 'users', {
      title: t(req, 'page.users.title'),
      active: 'users',
      permissions: permissionCatalogue,
      bundles: ['users'],
      styles: ['admin.css'],
    });
  });

  router.get('/groups/list', requirePage('USER_MANAGEMENT'), (req, res) => {
    render(req, res, 'groups', {
      title: t(req, 'page.groups.title'),
      active: 'groups',
      permissions: permissionCatalogue,
      bundles: ['groups'],
      styles: ['admin.css'],
    });
  });

  router.get('/acl/list', requirePage('ACL_DATA_MANAGEMENT'), (req, res) => {
    render(req, res, 'acl', { title: t(req, 'page.acl.title'), active: 'acl', bundles: ['acl'], styles: ['admin.css'] });
  });

  router.get('/profile/view', requirePage('authenticated'), (req, res) => {
    const mustChangePassword = req.query.mustChangePassword === '1' || Boolean(req.ctx.user?.mustChangePassword);
    render(req, res, 'profile', { title: t(req, 'page.profile.title'), active: 'profile', mustChangePassword, bundles: ['profile'] });
  });

  router.get('/settings/list', requirePage('SETTINGS_MANAGEMENT'), (req, res) => {
    render(req, res, 'settings', {
      title: t(req, 'page.settings.title'),
      active: 'settings',
      bundles: ['settings'],
      styles: ['admin.css'],
    });
  });

  router.get('/audit/list', requirePage('AUDIT_LOG'), (req, res) => {
    render(req, res, 'audit', { title: t(req, 'page.audit.title'), active: 'audit', bundles: ['audit'], styles: ['admin.css'] });
  });

  router.get('/cypher', requirePage('CYPHER_QUERIES'), (req, res) => {
    render(req, res, 'cypher', {
      title: t(req, 'page.cypher.title'),
      active: 'cypher',
      backend: deps.config.graphdb.backend,
      bundles: ['cypher'],
      styles: ['admin.css', 'build/cypher.css'],
    });
  });

  // The import wizard (web/import drives the /data/import endpoints).
  router.get('/import', requirePage('DATA_MANAGEMENT'), (req, res) => {
    render(req, res, 'import', {
      title: t(req, 'page.import.title'),
      active: 'import',
      bundles: ['import'],
      styles: ['admin.css', 'import.css'],
    });
  });

  router.get('/jobs/list', requirePage('JOBS_MANAGEMENT'), (req, res) => {
    render(req, res, 'jobs', {
      title: t(req, 'page.jobs.title'),
      active: 'jobs',
      types: jobTypesForPage,
      defaultTimeZone: deps.config.jobs.timeZone,
      bundles: ['jobs'],
    });
  });

  return router;
}

import type { NextFunction, Request, Response } from 'express';
import { csrfToken } from '../auth/csrf';
import { authorize, type Access } from '../http/endpoint';
import type { AuthenticatedUser } from '../core/authenticated-user';

/** One entry of the main menu; shown only to users who hold its permission. */
export interface MenuEntry {
  key: string;
  href: string;
  label: string;
  description: string;
  access: Access;
}

/** The areas of the application, in menu order. The header and the start page read this list. */
export const MENU: readonly MenuEntry[] = [
  { key: 'search', href: '/search', label: 'Search', description: 'Find nodes in the graph by fulltext.', access: 'authenticated' },
  {
    key: 'visualizations',
    href: '/visualizations/list',
    label: 'Visualizations',
    description: 'Saved visualizations: your own, shared with you, hidden.',
    access: 'authenticated',
  },
  {
    key: 'users',
    href: '/users/list',
    label: 'Users',
    description: 'Create, enable, disable and delete users; assign groups.',
    access: 'USER_MANAGEMENT',
  },
  {
    key: 'groups',
    href: '/groups/list',
    label: 'Groups',
    description: 'User groups, their permissions and members.',
    access: 'USER_MANAGEMENT',
  },
  {
    key: 'acl',
    href: '/acl/list',
    label: 'Access control',
    description: 'Entity, property and data security of each group.',
    access: 'ACL_DATA_MANAGEMENT',
  },
  {
    key: 'settings',
    href: '/settings/list',
    label: 'Settings',
    description: 'Application settings: edit, reset, export and import.',
    access: 'SETTINGS_MANAGEMENT',
  },
  {
    key: 'cypher',
    href: '/cypher',
    label: 'Cypher',
    description: 'Run Cypher queries with parameters; see the results as a table or a graph.',
    access: 'CYPHER_QUERIES',
  },
  {
    key: 'audit',
    href: '/audit/list',
    label: 'Audit',
    description: 'The audit trail: filter, page, inspect, verify and export events.',
    access: 'AUDIT_LOG',
  },
  {
    key: 'import',
    href: '/import',
    label: 'Import',
    description: 'Import CSV, Excel and GraphML files into the graph: analysis, mapping, dry run, report.',
    access: 'DATA_MANAGEMENT',
  },
  {
    key: 'jobs',
    href: '/jobs/list',
    label: 'Jobs',
    description: 'Scheduled and on-demand jobs: exports, alerts, imports, reindexing, Cypher; their runs and logs.',
    access: 'JOBS_MANAGEMENT',
  },
];

/** Whether the user may open a page with this access rule (the same rule authorize() enforces). */
export function mayUse(user: AuthenticatedUser | null | undefined, access: Access): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'authenticated') return true;
  return !user.mustChangePassword && user.permissions.has(access);
}

export function menuFor(user: AuthenticatedUser | null | undefined): MenuEntry[] {
  return MENU.filter((entry) => mayUse(user, entry.access));
}

/**
 * Guards a page: errors raised from here on render the HTML error page (or redirect anonymous
 * users to /login?next=...). A user who must change the password is sent to the profile first.
 */
export function requirePage(access: Access) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.locals.page = true;
    const user = req.ctx.user;
    if (user?.mustChangePassword && access !== 'public' && req.path !== '/profile/view') {
      res.redirect(303, '/profile/view?mustChangePassword=1');
      return;
    }
    authorize(access, user);
    next();
  };
}

export interface PageLocals {
  title: string;
  /** The menu key to highlight. */
  active?: string;
  /** The page's bundles built from web/<name>/main.ts (public/build/<name>.js), loaded after the layout's. */
  bundles?: string[];
  /** Extra stylesheets under public/. */
  styles?: string[];
  [name: string]: unknown;
}

/**
 * What the layout needs besides a page's own locals: the menu, the API entry and the token of the
 * sign-out form. Computed only when HTML is rendered (pages, error pages), never for API calls;
 * only session users get a token, so a Basic or Bearer call never starts a session.
 */
export function layoutLocals(req: Request): { menu: MenuEntry[]; showApi: boolean; layoutCsrfToken: string } {
  const user = req.ctx?.user ?? req.user ?? null;
  return {
    menu: menuFor(user),
    showApi: mayUse(user, 'API_DOCUMENTATION'),
    layoutCsrfToken: user && req.authMethod === 'session' ? csrfToken(req) : '',
  };
}

/** Renders a page with what the layout needs: the user, the CSRF token, the title and the menu. */
export function render(req: Request, res: Response, view: string, locals: PageLocals): void {
  const user = req.ctx.user;
  res.set('Cache-Control', 'no-store');
  res.render(view, {
    ...layoutLocals(req),
    active: '',
    bundles: [],
    styles: [],
    ...locals,
    user,
    csrfToken: csrfToken(req),
  });
}

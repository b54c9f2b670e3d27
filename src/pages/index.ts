import type { Router } from 'express';
import type { AppDeps } from '../core/context';
import { createPagesRouter } from './pages';
import { createVisualizationPagesRouter } from './visualizations';
import { createPasswordResetPagesRouter } from './password-reset';

/**
 * Every server-rendered page's router, in the order app.ts mounts them: before the API routers,
 * so that /users/list and /jobs/list win over API paths with ids.
 */
export function createPageRouters(deps: AppDeps): Router[] {
  return [createPagesRouter(deps), createVisualizationPagesRouter(deps), createPasswordResetPagesRouter(deps)];
}

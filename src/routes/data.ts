import { Router } from 'express';
import type { AppDeps } from '../core/context';
import { createFindRouter } from './data/find';
import { createExportRouter } from './data/export';
import { createRelationshipsRouter } from './data/relationships';
import { createNodesRouter } from './data/nodes';
import { createStatsRouter } from './data/stats';
import { createGraphRouter } from './data/graph';
import { createCypherRouter } from './data/cypher';
import { createImportRouter } from './data/import';

/**
 * The graph data API (spec 4.5, 4.6, 4.8). Order matters: /data/nodes/find and
 * /data/nodes/relationships are declared before /data/nodes/{id}, which would match them.
 */
export function createDataRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(createFindRouter(deps));
  router.use(createExportRouter(deps));
  router.use(createRelationshipsRouter(deps));
  router.use(createNodesRouter(deps));
  router.use(createStatsRouter(deps));
  router.use(createGraphRouter(deps));
  router.use(createCypherRouter(deps));
  router.use(createImportRouter(deps));
  return router;
}

import { Router } from 'express';
import type { AppDeps } from '../core/context';
import { NotFoundError } from '../errors';
import { VisualizationService } from '../services/visualizations/visualization-service';
import { render, requirePage } from './page';
import { toJsonText } from '../exact-json';
import { t } from '../i18n/middleware';

const NUMERIC_ID = /^[1-9]\d{0,17}$/;
const WORKSPACE_ASSETS = { bundles: ['workspace'], styles: ['workspace.css'] };

/** JSON that is safe inside <script type="application/json">: no "</script>", no HTML comment openers, no line separators. */
function jsonForScript(value: unknown): string {
  // One pass over a text of megabytes (a large canvas), not one per character.
  return toJsonText(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]);
}
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The visualization pages: /visualizations/list (own, shared with me, hidden; data from the JSON
 * API) and /visualization, the workspace. For now the workspace shows the visualization's name,
 * description and element counts over a placeholder canvas; the canvas itself comes with the
 * graph workspace. /visualization?id= answers 404 to a user who may not see the visualization,
 * the same answer as for an id that does not exist. Mounted before the API routers.
 */
export function createVisualizationPagesRouter(deps: AppDeps): Router {
  void deps;
  const router = Router();

  router.get('/visualizations/list', requirePage('authenticated'), (req, res) => {
    const user = req.ctx.user!;
    render(req, res, 'visualizations', {
      title: t(req, 'page.visualizations.title'),
      active: 'visualizations',
      canShare: user.permissions.has('SHARE_VISUALIZATION'),
      canShareWithEveryone: user.permissions.has('SHARE_VISUALIZATION_WITH_EVERYONE'),
      bundles: ['visualizations'],
    });
  });

  router.get('/visualization', requirePage('authenticated'), async (req, res) => {
    const id = req.query.id;
    if (id === undefined) {
      render(req, res, 'visualization', {
        title: t(req, 'page.visualization.newTitle'),
        active: 'visualizations',
        visualization: null,
        visualizationJson: '',
        ...WORKSPACE_ASSETS,
      });
      return;
    }
    if (typeof id !== 'string' || !NUMERIC_ID.test(id)) throw new NotFoundError('Visualization');
    const visualization = await new VisualizationService(req.ctx).get(id);
    render(req, res, 'visualization', {
      title: visualization.name,
      active: 'visualizations',
      ...WORKSPACE_ASSETS,
      // What the workspace opens, read once here (postprocessed for this reader): no second read, no second access event.
      visualizationJson: jsonForScript(visualization),
      visualization: {
        id: visualization.id,
        name: visualization.name,
        description: visualization.description,
        owner: visualization.owner.username,
        own: visualization.own,
        updatedAt: visualization.updatedAt,
        nodes: visualization.content?.nodes.length ?? 0,
        relationships: visualization.content?.relationships.length ?? 0,
        deleted: visualization.deleted ?? { nodes: 0, relationships: 0 },
      },
    });
  });

  return router;
}

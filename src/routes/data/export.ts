import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { sendDownload } from '../../http/send-download';
import { GraphExportService } from '../../services/graph/export-service';
import { propertyListSchema } from '../schemas/graph';
import { filterCheck, idListSchema, MAX_EXPORT_IDS, TAG_NODES, TAG_RELATIONSHIPS } from './shared';
import { nodeSearchFields } from './find';

const byIdsBody = z.object({ ids: idListSchema(MAX_EXPORT_IDS).min(1), properties: propertyListSchema.optional() });
const findExportBody = z.object(nodeSearchFields);

const csvResponse = (what: string, example: string) => ({
  200: { description: `CSV file of the ${what} (attachment)`, contentType: 'text/csv', schema: z.string(), example },
});

const COLUMNS_NOTE =
  'Streamed at constant memory. Property columns: the requested "properties", or else the union of the property keys (visible to the user) of the exported elements, sorted. ' +
  'Fields follow RFC 4180 (CRLF, quotes doubled); lists and maps are JSON.';

/** CSV exports (EXPORT_DATA). */
export function createExportRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'post', path: '/data/nodes/export/csv', tag: TAG_NODES, access: 'EXPORT_DATA',
      summary: 'Export nodes by id as CSV',
      description: `Columns: id, labels (joined by ";"), then the properties. Ids the user cannot see are left out. ${COLUMNS_NOTE}`,
      body: { schema: byIdsBody, example: { ids: ['42', '43'] } },
      responses: csvResponse('nodes', 'id,labels,age,name\r\n42,Person,34,Alice\r\n'),
    },
    async ({ ctx, body, res }) => sendDownload(res, await new GraphExportService(ctx).nodesById(body.ids, body.properties), ctx.deps.logger),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/nodes/find/export/csv', tag: TAG_NODES, access: 'EXPORT_DATA',
      summary: 'Export nodes found by a condition as CSV',
      description: `The condition is that of POST /data/nodes/find (filter, text, labels). Columns: id, labels, then the properties. ${COLUMNS_NOTE}`,
      body: { schema: findExportBody, example: { filter: { property: 'city', operator: '=', value: 'Prague' }, labels: ['Person'] } },
      responses: csvResponse('nodes', 'id,labels,city,name\r\n42,Person,Prague,Alice\r\n'),
      middleware: [filterCheck],
    },
    async ({ ctx, body, res }) => sendDownload(res, await new GraphExportService(ctx).nodesFound(body), ctx.deps.logger),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/relationships/export/csv', tag: TAG_RELATIONSHIPS, access: 'EXPORT_DATA',
      summary: 'Export relationships by id as CSV',
      description: `Columns: id, type, start, end (node ids), then the properties. Ids the user cannot see are left out. ${COLUMNS_NOTE}`,
      body: { schema: byIdsBody, example: { ids: ['7'] } },
      responses: csvResponse('relationships', 'id,type,start,end,since\r\n7,KNOWS,42,43,2019\r\n'),
    },
    async ({ ctx, body, res }) => sendDownload(res, await new GraphExportService(ctx).relationshipsById(body.ids, body.properties), ctx.deps.logger),
  );

  return router;
}

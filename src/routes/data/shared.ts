import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { checkFilter } from '../../services/graph/filter-tools';
import { elementIdSchema, labelName, typeName } from '../schemas/graph';

export const TAG_NODES = 'Graph data: nodes';
export const TAG_RELATIONSHIPS = 'Graph data: relationships';
export const TAG_STATS = 'Graph data: statistics';
export const TAG_RETRIEVAL = 'Graph retrieval';
export const TAG_CYPHER = 'Graph queries';

export const MAX_IDS = 10_000;
export const MAX_EXPORT_IDS = 100_000;

export const idListSchema = (max = MAX_IDS) => z.array(elementIdSchema).max(max);
export const labelListSchema = z.array(labelName).max(100);
export const typeListSchema = z.array(typeName).max(100).openapi({ description: 'Only relationships of these types', example: ['KNOWS'] });

/**
 * The one check of body.filter (src/graph/identifiers.ts validFilter), before the zod validation, so a
 * malformed filter is answered with 400 INVALID_FILTER (and a bad name inside it with 400
 * INVALID_IDENTIFIER) and the path of the problem. The zod schema, the services and the adapters
 * then find it checked (a lookup, not a second walk).
 */
export function filterCheck(req: Request, _res: Response, next: NextFunction): void {
  const body = req.body as { filter?: unknown } | undefined;
  if (body && typeof body === 'object') checkFilter(body.filter, 'filter');
  next();
}

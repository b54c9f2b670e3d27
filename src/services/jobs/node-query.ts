import { z } from 'zod';
import { filterSchema } from '../security/security-config';
import type { GraphNode } from '../../graph/graph-store';
import type { ServiceContext } from '../../core/context';
import { NodeFindService } from '../graph/find-service';

/** The find filter of alert and export jobs: the body of POST /data/find without paging. */
export const nodeQueryFields = {
  filter: filterSchema.optional(),
  labels: z.array(z.string().min(1).max(200)).max(100).optional(),
  text: z.string().max(1000).optional(),
};

export interface NodeQuery {
  filter?: z.infer<typeof filterSchema>;
  labels?: string[];
  text?: string;
  properties?: string[];
}

/** Streams the visible matches of a node query in the user's scope (the same compilation as POST /data/find). */
export async function* streamMatchingNodes(ctx: ServiceContext, query: NodeQuery): AsyncGenerator<GraphNode> {
  const finder = new NodeFindService(ctx);
  const compiled = await finder.compile(query);
  yield* ctx.deps.graph.streamNodes(compiled, await finder.scope());
}

/** A short human name of a node for mails and logs. */
export function captionOf(node: GraphNode): string {
  for (const key of ['name', 'title', 'label', 'uid']) {
    const value = node.properties[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
}

import request from 'supertest';
import type { TestApp } from './test-app';

/** A node to create: [key, labels, properties]; the key names its id in the result. */
export type SeedNode = readonly [key: string, labels: string[], properties: Record<string, unknown>];
/** A relationship to create: [key, type, start node key, end node key, properties]. */
export type SeedRelationship = readonly [key: string, type: string, from: string, to: string, properties?: Record<string, unknown>];

export interface SeededGraph {
  /** Node id by key. */
  nodes: Record<string, string>;
  /** Relationship id by key. */
  relationships: Record<string, string>;
}

/**
 * The graph an API test starts from, created through the API as `auth` (POST /data/nodes, then
 * POST /data/relationships between nodes named by key), in the order given: the backend's ids
 * follow it. Any answer but 201 stops the set-up with the status and body.
 */
export async function seedGraph(
  t: TestApp,
  auth: string,
  nodes: readonly SeedNode[],
  relationships: readonly SeedRelationship[] = [],
): Promise<SeededGraph> {
  const seeded: SeededGraph = { nodes: {}, relationships: {} };
  const created = async (url: string, body: object): Promise<string> => {
    const response = await request(t.app).post(url).set('Authorization', auth).send(body);
    if (response.status !== 201)
      throw new Error(
        `Seeding the graph: POST ${url} ${JSON.stringify(body)} answered ${response.status} ${JSON.stringify(response.body)}`,
      );
    return String(response.body.id);
  };
  for (const [key, labels, properties] of nodes) seeded.nodes[key] = await created('/data/nodes', { labels, properties });
  for (const [key, type, from, to, properties = {}] of relationships) {
    const startNodeId = seeded.nodes[from];
    const endNodeId = seeded.nodes[to];
    if (startNodeId === undefined || endNodeId === undefined)
      throw new Error(`Seeding the graph: relationship ${key} names a node that is not seeded (${from} or ${to})`);
    seeded.relationships[key] = await created('/data/relationships', { type, startNodeId, endNodeId, properties });
  }
  return seeded;
}

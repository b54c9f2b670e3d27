// The graph of bench/ui/run.ts and bench/ui/answer.ts: BENCH_UI_NODES people with random relationships among them
// saved as one visualization, and a hub with BENCH_UI_HUB neighbours to expand. The same graph in every run.
import type { startService } from '../../src/server';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { PASSWORD } from './harness';

type Graph = Awaited<ReturnType<typeof startService>>['deps']['graph'];

/** A positive integer from the environment, or the fallback. */
export function intEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A deterministic pseudo-random sequence, so every run draws the same graph. */
export function random(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export interface Seeded {
  visualizationId: string;
  hubId: string;
  bareGraph: string;
}

export async function seedCanvas(url: string, graph: Graph, size: { nodes: number; relationships: number; hub: number }): Promise<Seeded> {
  const { nodes: NODES, relationships: RELS, hub: HUB } = size;
  const rand = random(7);
  const nodeIds: string[] = [];
  const positions: Array<{ x: number; y: number }> = [];
  for (let start = 0; start < NODES; start += 1000) {
    const nodes = Array.from({ length: Math.min(1000, NODES - start) }, (_, i) => ({
      key: `p${start + i}`,
      labels: ['Person'],
      properties: { name: `Person ${start + i}`, group: (start + i) % 17 },
    }));
    const result = await graph.importBatch({ nodes, relationships: [] });
    for (const node of nodes) nodeIds.push(result.keys[node.key]);
  }
  for (let i = 0; i < NODES; i++) positions.push({ x: (rand() - 0.5) * 1000, y: (rand() - 0.5) * 1000 });
  await randomKnows(graph, nodeIds, RELS, rand);
  const hub = await graph.importBatch({ nodes: [{ key: 'hub', labels: ['Hub'], properties: { name: 'The hub' } }], relationships: [] });
  const hubId = hub.keys.hub;
  for (let start = 0; start < HUB; start += 1000) {
    const count = Math.min(1000, HUB - start);
    const nodes = Array.from({ length: count }, (_, i) => ({
      key: `n${start + i}`,
      labels: ['Neighbour'],
      properties: { name: `Neighbour ${start + i}` },
    }));
    const relationships = nodes.map((node) => ({ type: 'LINKS', start: { id: hubId }, end: { key: node.key }, properties: {} }));
    await graph.importBatch({ nodes, relationships });
  }
  const { visualizationId, bareGraph } = await saveCanvas(url, graph, nodeIds, positions, 'bench');
  return { visualizationId, hubId, bareGraph };
}

/** `count` KNOWS relationships between random pairs of distinct nodes, in batches of 2,000. */
export async function randomKnows(graph: Graph, nodeIds: string[], count: number, rand: () => number): Promise<void> {
  for (let done = 0; done < count; done += 2000) {
    const relationships = Array.from({ length: Math.min(2000, count - done) }, () => {
      const a = Math.floor(rand() * nodeIds.length);
      const b = (a + 1 + Math.floor(rand() * (nodeIds.length - 1))) % nodeIds.length;
      return { type: 'KNOWS', start: { id: nodeIds[a] }, end: { id: nodeIds[b] }, properties: {} };
    });
    await graph.importBatch({ nodes: [], relationships });
  }
}

/** The KNOWS relationships among the nodes, saved with the nodes at these positions as a visualization; and the same graph for bare sigma. */
export async function saveCanvas(
  url: string,
  graph: Graph,
  nodeIds: string[],
  positions: Array<{ x: number; y: number }>,
  name: string,
): Promise<{ visualizationId: string; bareGraph: string }> {
  const relationships: Array<{ id: string; startNodeId: string; endNodeId: string }> = [];
  for await (const r of graph.streamRelationships({ filter: { type: 'KNOWS' } }, UNRESTRICTED))
    relationships.push({ id: r.id, startNodeId: r.startNodeId, endNodeId: r.endNodeId });
  const content = {
    version: 1,
    nodes: nodeIds.map((id, i) => ({ id, ...positions[i] })),
    relationships: relationships.map((r) => ({ id: r.id })),
    view: { zoom: 1, pan: { x: 0.5, y: 0.5 } },
  };
  const response = await fetch(`${url}/visualizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
    body: JSON.stringify({ name, content }),
  });
  if (response.status !== 201) throw new Error(`creating the visualization: ${response.status} ${await response.text()}`);
  const visualizationId = ((await response.json()) as { id: string }).id;
  const bareGraph = JSON.stringify({ nodes: nodeIds.map((id, i) => ({ id, ...positions[i], label: `Person ${i}` })), relationships });
  return { visualizationId, bareGraph };
}

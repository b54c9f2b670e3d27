import { UNRESTRICTED } from '../../src/graph/graph-store';
import type { GraphStore } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';

/** Paging through the neighbours of a super-node: skip + limit in id order, remaining after the page. Both backends. */
describeEachBackend('explore paging', (backend) => {
  let store: GraphStore;
  let hub: string;
  const neighbours: string[] = [];

  beforeAll(async () => {
    store = backend.store;
    hub = (await store.createNode({ labels: ['Hub'], properties: { name: 'hub' } }, UNRESTRICTED)).id;
    for (let i = 0; i < 5; i++) {
      const node = await store.createNode({ labels: ['Leaf'], properties: { name: `leaf${i}` } }, UNRESTRICTED);
      neighbours.push(node.id);
      await store.createRelationship({ type: 'LINKS', startNodeId: hub, endNodeId: node.id, properties: {} }, UNRESTRICTED);
    }
  });

  test('when a node is explored page by page, then the pages are disjoint, cover every neighbour, and remaining counts what follows', async () => {
    const seen: string[] = [];
    const remaining: number[] = [];
    for (const skip of [0, 2, 4]) {
      const page = await store.explore({ nodeId: hub, limit: 2, skip }, UNRESTRICTED);
      const leaves = page.nodes.filter((n) => n.id !== hub).map((n) => n.id);
      expect(page.relationships).toHaveLength(leaves.length);
      seen.push(...leaves);
      remaining.push(page.remaining);
    }
    expect(remaining).toEqual([3, 1, 0]);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort()).toEqual([...neighbours].sort());
    const beyond = await store.explore({ nodeId: hub, limit: 2, skip: 10 }, UNRESTRICTED);
    expect(beyond.nodes.map((n) => n.id)).toEqual([hub]);
    expect(beyond.remaining).toBe(0);
  });
});

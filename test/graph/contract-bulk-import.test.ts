import type { BulkImportBatch, GraphStore } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';
import { RESTRICTED, UNRESTRICTED } from './support/fixture';

async function* batches(...list: BulkImportBatch[]): AsyncGenerator<BulkImportBatch> {
  for (const b of list) yield b;
}

/**
 * GraphStore.bulkImport (issue 10) on every reachable backend: PostgreSQL always, Neo4j when
 * NEO4J_URI is set (src/graph/neo4j/bulk-import.ts).
 */
describeEachBackend('GraphStore.bulkImport', (backend) => {
  let store: GraphStore;

  beforeAll(async () => {
    store = backend.store;
  });

  const names = async (label: string): Promise<unknown[]> =>
    (await store.findNodes({ filter: { label }, limit: 1000, sort: [{ property: 'name', direction: 'asc' }] }, UNRESTRICTED)).items.map(
      (n) => n.properties,
    );

  const bulk = it;

  bulk(
    'when batches come in, then nodes are created and ends are matched by property across batches, unresolved rows reported per batch',
    async () => {
      const written: number[][] = [];
      const result = await store.bulkImport(
        batches(
          {
            nodes: [
              { row: 1, labels: ['BulkA'], properties: { uid: 1, name: 'a1' } },
              { row: 2, labels: ['BulkA'], properties: { uid: 2, name: 'a2' } },
            ],
            relationships: [],
          },
          {
            nodes: [{ row: 3, labels: ['BulkA'], properties: { uid: 3, name: 'a3' }, key: 'k3' }],
            relationships: [
              {
                row: 10,
                type: 'BULK_REL',
                start: { label: 'BulkA', property: 'uid', value: 1 },
                end: { label: 'BulkA', property: 'uid', value: 2 },
                properties: { w: 1 },
              },
              { row: 11, type: 'BULK_REL', start: { key: 'k3' }, end: { label: 'BulkA', property: 'uid', value: 1 }, properties: {} },
              {
                row: 12,
                type: 'BULK_REL',
                start: { label: 'BulkA', property: 'uid', value: 1 },
                end: { label: 'BulkA', property: 'uid', value: 99 },
                properties: {},
              },
            ],
            onWritten: (rows) => void written.push(rows),
          },
        ),
        UNRESTRICTED,
      );
      expect(result).toEqual({ nodesCreated: 3, nodesUpdated: 0, relationshipsCreated: 2, unresolvedRows: [12] });
      expect(written).toEqual([[12]]);
      expect(await names('BulkA')).toEqual([
        { uid: 1, name: 'a1' },
        { uid: 2, name: 'a2' },
        { uid: 3, name: 'a3' },
      ]);
    },
  );

  bulk(
    'when nodes carry a merge key, then existing ones are updated, rows of one batch sharing a key become one node, and createOnly leaves a match alone',
    async () => {
      await store.bulkImport(
        batches({ nodes: [{ row: 1, labels: ['BulkM'], properties: { uid: 1, name: 'm1', keep: true } }], relationships: [] }),
        UNRESTRICTED,
      );
      const merge = { label: 'BulkM', property: 'uid' };
      const result = await store.bulkImport(
        batches({
          nodes: [
            { row: 1, labels: ['BulkM', 'Extra'], properties: { uid: 1, name: 'm1-new' }, merge },
            { row: 2, labels: ['BulkM'], properties: { uid: 2, name: 'm2' }, merge },
            { row: 3, labels: ['BulkM'], properties: { uid: 2, age: 5 }, merge },
            { row: 4, labels: ['BulkM'], properties: { uid: 1, name: 'ignored' }, merge, createOnly: true },
          ],
          relationships: [],
        }),
        UNRESTRICTED,
      );
      expect(result).toMatchObject({ nodesCreated: 1, nodesUpdated: 1 });
      const nodes = (
        await store.findNodes({ filter: { label: 'BulkM' }, limit: 10, sort: [{ property: 'uid', direction: 'asc' }] }, UNRESTRICTED)
      ).items;
      expect(nodes.map((n) => [n.labels, n.properties])).toEqual([
        [['BulkM', 'Extra'], { uid: 1, name: 'm1-new', keep: true }],
        [['BulkM'], { uid: 2, name: 'm2', age: 5 }],
      ]);
    },
  );

  bulk(
    'when more ends are matched than the per-value probe is for, then the indexed key table matches them, including nodes the import creates later',
    async () => {
      const n = 6000;
      await store.bulkImport(
        batches({
          nodes: Array.from({ length: n }, (_, i) => ({ row: i, labels: ['BulkK'], properties: { uid: i, name: `k${i}` } })),
          relationships: [],
        }),
        UNRESTRICTED,
      );
      const unresolvedSeen: number[][] = [];
      const result = await store.bulkImport(
        batches(
          {
            nodes: [],
            relationships: Array.from({ length: n }, (_, i) => ({
              row: i,
              type: 'BULK_K',
              start: { label: 'BulkK', property: 'uid', value: i },
              end: { label: 'BulkK', property: 'uid', value: (i + 1) % (n + 1) },
              properties: {},
            })),
            onWritten: (r) => void unresolvedSeen.push(r),
          },
          // The key table exists now: a node created by the import joins it, and its end matches.
          {
            nodes: [{ row: 1, labels: ['BulkK'], properties: { uid: n, name: 'late' } }],
            relationships: [
              {
                row: 2,
                type: 'BULK_K',
                start: { label: 'BulkK', property: 'uid', value: n },
                end: { label: 'BulkK', property: 'uid', value: 0 },
                properties: {},
              },
            ],
          },
        ),
        UNRESTRICTED,
      );
      expect(result).toEqual({ nodesCreated: 1, nodesUpdated: 0, relationshipsCreated: n, unresolvedRows: [n - 1] });
      expect(unresolvedSeen[0]).toEqual([n - 1]);
      const late = (await store.findNodes({ filter: { property: 'uid', operator: '=', value: n }, limit: 1 }, UNRESTRICTED)).items[0];
      const first = (
        await store.findNodes(
          { filter: { and: [{ label: 'BulkK' }, { property: 'uid', operator: '=', value: 0 }] }, limit: 1 },
          UNRESTRICTED,
        )
      ).items[0];
      const rels = (await store.findRelationships({ filter: { type: 'BULK_K' }, limit: 1000 * 10 }, UNRESTRICTED)).items;
      expect(rels.filter((r) => r.startNodeId === late.id).map((r) => r.endNodeId)).toEqual([first.id]);
    },
  );

  bulk('when the source throws after a batch was written, then nothing of the import stays', async () => {
    async function* failing(): AsyncGenerator<BulkImportBatch> {
      yield { nodes: [{ row: 1, labels: ['BulkF'], properties: { name: 'f1' } }], relationships: [] };
      throw new Error('source broke');
    }
    await expect(store.bulkImport(failing(), UNRESTRICTED)).rejects.toThrow('source broke');
    expect(await names('BulkF')).toEqual([]);
  });

  bulk('when rollback is asked (dry run), then the counts are exact and nothing is written', async () => {
    const result = await store.bulkImport(
      batches({ nodes: [{ row: 1, labels: ['BulkD'], properties: { name: 'd1' } }], relationships: [] }),
      UNRESTRICTED,
      { rollback: true },
    );
    expect(result.nodesCreated).toBe(1);
    expect(await names('BulkD')).toEqual([]);
  });

  bulk('when ends are matched in a restricted scope, then nodes hidden from it do not match', async () => {
    // RESTRICTED sees Person and Company only: a Secret end is not found.
    await store.bulkImport(
      batches({
        nodes: [
          { row: 1, labels: ['Secret'], properties: { uid: 500, name: 's' } },
          { row: 2, labels: ['Person'], properties: { uid: 501, name: 'p' } },
        ],
        relationships: [],
      }),
      UNRESTRICTED,
    );
    const result = await store.bulkImport(
      batches({
        nodes: [],
        relationships: [
          {
            row: 1,
            type: 'KNOWS',
            start: { label: 'Person', property: 'uid', value: 501 },
            end: { label: 'Secret', property: 'uid', value: 500 },
            properties: {},
          },
        ],
      }),
      RESTRICTED,
    );
    expect(result).toMatchObject({ relationshipsCreated: 0, unresolvedRows: [1] });
  });
});

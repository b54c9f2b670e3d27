import type { BulkImportBatch, GraphStore } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';
import { RESTRICTED, UNRESTRICTED } from './support/fixture';

async function* batches(...list: BulkImportBatch[]): AsyncGenerator<BulkImportBatch> {
  for (const b of list) yield b;
}

/**
 * GraphStore.bulkImport (issue 10), more of the contract on every reachable backend: a dry run
 * checks relationship ends, missing ends created through merge + createOnly, merges in a
 * restricted scope, and (Neo4j) the index made for every label + property matched on.
 */
describeEachBackend('GraphStore.bulkImport checks', (backend) => {
  let store: GraphStore;

  beforeAll(async () => {
    store = backend.store;
  });

  const count = async (label: string): Promise<number> =>
    (await store.findNodes({ filter: { label }, limit: 1000 }, UNRESTRICTED)).items.length;
  const rels = async (type: string) => (await store.findRelationships({ filter: { type }, limit: 1000 }, UNRESTRICTED)).items;

  it('when a dry run holds relationships with a missing end, then they are reported unresolved, the counts are exact and nothing is written', async () => {
    await store.bulkImport(
      batches({
        nodes: [
          { row: 1, labels: ['DryE'], properties: { uid: 1 } },
          { row: 2, labels: ['DryE'], properties: { uid: 2 } },
        ],
        relationships: [],
      }),
      UNRESTRICTED,
    );
    const seen: number[][] = [];
    const result = await store.bulkImport(
      batches({
        nodes: [{ row: 1, labels: ['DryE'], properties: { uid: 3 } }],
        relationships: [
          {
            row: 5,
            type: 'DRY_E',
            start: { label: 'DryE', property: 'uid', value: 1 },
            end: { label: 'DryE', property: 'uid', value: 2 },
            properties: {},
          },
          // uid 3 exists only inside the dry run: matched (the dry run sees its own writes).
          {
            row: 6,
            type: 'DRY_E',
            start: { label: 'DryE', property: 'uid', value: 3 },
            end: { label: 'DryE', property: 'uid', value: 1 },
            properties: {},
          },
          {
            row: 7,
            type: 'DRY_E',
            start: { label: 'DryE', property: 'uid', value: 1 },
            end: { label: 'DryE', property: 'uid', value: 42 },
            properties: {},
          },
        ],
        onWritten: (rows) => void seen.push(rows),
      }),
      UNRESTRICTED,
      { rollback: true },
    );
    expect(result).toEqual({ nodesCreated: 1, nodesUpdated: 0, relationshipsCreated: 2, unresolvedRows: [7] });
    expect(seen).toEqual([[7]]);
    expect(await count('DryE')).toBe(2);
    expect(await rels('DRY_E')).toEqual([]);
  });

  it('when missing ends come as merge + createOnly nodes, then each missing end is created once and an existing one is left as it is', async () => {
    await store.bulkImport(
      batches({ nodes: [{ row: 1, labels: ['EndC'], properties: { uid: 1, name: 'kept' } }], relationships: [] }),
      UNRESTRICTED,
    );
    const merge = { label: 'EndC', property: 'uid' };
    const end = (uid: number, row: number) => ({ row, labels: ['EndC'], properties: { uid }, merge, createOnly: true });
    const result = await store.bulkImport(
      batches(
        {
          nodes: [end(1, 1), end(2, 1), end(2, 2), end(1, 2)],
          relationships: [
            {
              row: 1,
              type: 'END_C',
              start: { label: 'EndC', property: 'uid', value: 1 },
              end: { label: 'EndC', property: 'uid', value: 2 },
              properties: {},
            },
            {
              row: 2,
              type: 'END_C',
              start: { label: 'EndC', property: 'uid', value: 2 },
              end: { label: 'EndC', property: 'uid', value: 1 },
              properties: {},
            },
          ],
        },
        // A later batch: uid 2 now exists (created by this import), uid 3 is new.
        {
          nodes: [end(2, 3), end(3, 3)],
          relationships: [
            {
              row: 3,
              type: 'END_C',
              start: { label: 'EndC', property: 'uid', value: 2 },
              end: { label: 'EndC', property: 'uid', value: 3 },
              properties: {},
            },
          ],
        },
      ),
      UNRESTRICTED,
    );
    expect(result).toEqual({ nodesCreated: 2, nodesUpdated: 0, relationshipsCreated: 3, unresolvedRows: [] });
    const nodes = (
      await store.findNodes({ filter: { label: 'EndC' }, limit: 10, sort: [{ property: 'uid', direction: 'asc' }] }, UNRESTRICTED)
    ).items;
    expect(nodes.map((n) => n.properties)).toEqual([{ uid: 1, name: 'kept' }, { uid: 2 }, { uid: 3 }]);
    const id = new Map(nodes.map((n) => [n.properties.uid, n.id]));
    expect((await rels('END_C')).map((r) => [r.startNodeId, r.endNodeId]).sort()).toEqual(
      [
        [id.get(1), id.get(2)],
        [id.get(2), id.get(1)],
        [id.get(2), id.get(3)],
      ].sort(),
    );
  });

  it('when a merge key matches only a node hidden from the scope, then a new node is created and the hidden one is untouched', async () => {
    // RESTRICTED sees Person and Company only.
    await store.bulkImport(
      batches({ nodes: [{ row: 1, labels: ['Secret', 'MergeS'], properties: { uid: 7, name: 'hidden' } }], relationships: [] }),
      UNRESTRICTED,
    );
    const result = await store.bulkImport(
      batches({
        nodes: [
          { row: 1, labels: ['Person', 'MergeS'], properties: { uid: 7, name: 'visible' }, merge: { label: 'MergeS', property: 'uid' } },
        ],
        relationships: [],
      }),
      RESTRICTED,
    );
    expect(result).toMatchObject({ nodesCreated: 1, nodesUpdated: 0 });
    const nodes = (
      await store.findNodes({ filter: { label: 'MergeS' }, limit: 10, sort: [{ property: 'name', direction: 'asc' }] }, UNRESTRICTED)
    ).items;
    expect(nodes.map((n) => n.properties.name)).toEqual(['hidden', 'visible']);
  });

  it('when an end value is carried by two nodes, then one relationship is created per row, to one of them', async () => {
    await store.bulkImport(
      batches({
        nodes: [
          { row: 1, labels: ['DupE'], properties: { uid: 1, name: 'a' } },
          { row: 2, labels: ['DupE'], properties: { uid: 1, name: 'b' } },
          { row: 3, labels: ['DupE'], properties: { uid: 2, name: 'c' } },
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
            type: 'DUP_E',
            start: { label: 'DupE', property: 'uid', value: 2 },
            end: { label: 'DupE', property: 'uid', value: 1 },
            properties: {},
          },
          {
            row: 2,
            type: 'DUP_E',
            start: { label: 'DupE', property: 'uid', value: 1 },
            end: { label: 'DupE', property: 'uid', value: 2 },
            properties: {},
          },
        ],
      }),
      UNRESTRICTED,
    );
    expect(result).toEqual({ nodesCreated: 0, nodesUpdated: 0, relationshipsCreated: 2, unresolvedRows: [] });
    const created = await rels('DUP_E');
    expect(created).toHaveLength(2);
    const nodes = (await store.findNodes({ filter: { label: 'DupE' }, limit: 10 }, UNRESTRICTED)).items;
    const c = nodes.find((n) => n.properties.name === 'c')!.id;
    const ones = nodes.filter((n) => n.properties.uid === 1).map((n) => n.id);
    const toOne = created.find((r) => r.startNodeId === c)!;
    const fromOne = created.find((r) => r.endNodeId === c)!;
    expect(ones).toContain(toOne.endNodeId);
    // The same node of the two, both times (the smallest id).
    expect(fromOne.startNodeId).toBe(toOne.endNodeId);
  });

  (backend.name === 'neo4j' ? it : it.skip)(
    'when an import matches on label + property pairs without an index, then each gets one (a dry run creates none)',
    async () => {
      const has = async (label: string, property: string) =>
        (await store.listIndexes()).some((i) => i.entity === 'node' && i.token === label && i.properties.join() === property);
      await store.bulkImport(
        batches({
          nodes: [{ row: 1, labels: ['IdxDry'], properties: { uid: 1 }, merge: { label: 'IdxDry', property: 'uid' } }],
          relationships: [],
        }),
        UNRESTRICTED,
        { rollback: true },
      );
      expect(await has('IdxDry', 'uid')).toBe(false);
      await store.bulkImport(
        batches({
          nodes: [{ row: 1, labels: ['IdxM'], properties: { uid: 1 }, merge: { label: 'IdxM', property: 'uid' } }],
          relationships: [
            {
              row: 2,
              type: 'IDX',
              start: { label: 'IdxM', property: 'uid', value: 1 },
              end: { label: 'IdxE', property: 'code', value: 'x' },
              properties: {},
            },
          ],
        }),
        UNRESTRICTED,
        { matchKeys: [{ label: 'IdxHint', property: 'key' }] },
      );
      expect(await has('IdxM', 'uid')).toBe(true);
      expect(await has('IdxE', 'code')).toBe(true);
      expect(await has('IdxHint', 'key')).toBe(true);
      expect((await store.listIndexes()).filter((i) => i.token === 'IdxM')).toHaveLength(1);
      // A second import finds them and makes no other.
      await store.bulkImport(
        batches({
          nodes: [{ row: 1, labels: ['IdxM'], properties: { uid: 1 }, merge: { label: 'IdxM', property: 'uid' } }],
          relationships: [],
        }),
        UNRESTRICTED,
      );
      expect((await store.listIndexes()).filter((i) => i.token === 'IdxM')).toHaveLength(1);
      for (const [token, property] of [
        ['IdxM', 'uid'],
        ['IdxE', 'code'],
        ['IdxHint', 'key'],
      ])
        await store.dropIndex({ entity: 'node', token, properties: [property] });
    },
  );
});

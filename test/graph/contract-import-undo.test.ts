import type { BulkImportBatch, GraphStore } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';
import { UNRESTRICTED } from './support/fixture';

async function* batches(...list: BulkImportBatch[]): AsyncGenerator<BulkImportBatch> {
  for (const b of list) yield b;
}

/**
 * What an import created, and its undo (issue 23, item 8), on every reachable backend: PostgreSQL
 * always, Neo4j when NEO4J_URI is set. bulkImport with recordCreated returns the ids of the
 * nodes and relationships it created (not the merged ones), bounded; deleteCreated removes them in
 * one transaction, refused (nothing deleted) when another relationship hangs on one of the nodes.
 */
describeEachBackend('GraphStore created ids and deleteCreated', (backend) => {
  let store: GraphStore;

  beforeAll(async () => {
    store = backend.store;
  });

  const count = async (label: string): Promise<number> =>
    (await store.findNodes({ filter: { label }, limit: 1000 }, UNRESTRICTED)).items.length;

  it('when an import creates, merges and links nodes with recordCreated, then created lists exactly the created ids, and deleteCreated removes them and nothing else', async () => {
    const kept = await store.createNode({ labels: ['UndoC'], properties: { uid: 0, name: 'existing' } }, UNRESTRICTED);
    const merge = { label: 'UndoC', property: 'uid' };
    const result = await store.bulkImport(
      batches(
        {
          nodes: [
            { row: 1, labels: ['UndoC'], properties: { uid: 0, name: 'merged' }, merge },
            { row: 2, labels: ['UndoC'], properties: { uid: 1 }, merge, key: 'k1' },
          ],
          relationships: [],
        },
        {
          nodes: [{ row: 3, labels: ['UndoC'], properties: { uid: 2 }, merge }],
          relationships: [
            {
              row: 10,
              type: 'UNDO_REL',
              start: { label: 'UndoC', property: 'uid', value: 0 },
              end: { label: 'UndoC', property: 'uid', value: 2 },
              properties: {},
            },
            { row: 11, type: 'UNDO_REL', start: { key: 'k1' }, end: { label: 'UndoC', property: 'uid', value: 0 }, properties: {} },
          ],
        },
      ),
      UNRESTRICTED,
      { recordCreated: 10 },
    );
    expect(result).toMatchObject({ nodesCreated: 2, nodesUpdated: 1, relationshipsCreated: 2 });
    expect(result.created!.nodes).toHaveLength(2);
    expect(result.created!.nodes).not.toContain(kept.id);
    expect(result.created!.relationships).toHaveLength(2);

    // A relationship the import did not create, on one of its nodes: refused, nothing deleted.
    const later = await store.createRelationship(
      { type: 'UNDO_LATER', startNodeId: kept.id, endNodeId: result.created!.nodes[0], properties: {} },
      UNRESTRICTED,
    );
    await expect(store.deleteCreated!(result.created!, UNRESTRICTED)).rejects.toMatchObject({ code: 'UNDO_CONFLICT', status: 409 });
    expect(await count('UndoC')).toBe(3);
    await store.deleteRelationship(later!.id, UNRESTRICTED);

    await expect(store.deleteCreated!(result.created!, UNRESTRICTED)).resolves.toEqual({ nodesDeleted: 2, relationshipsDeleted: 2 });
    const left = (await store.findNodes({ filter: { label: 'UndoC' }, limit: 10 }, UNRESTRICTED)).items;
    expect(left.map((n) => n.properties)).toEqual([{ uid: 0, name: 'merged' }]);
    expect((await store.findRelationships({ limit: 10 }, UNRESTRICTED)).items.filter((r) => r.type.startsWith('UNDO_'))).toEqual([]);
  });

  it('when an import creates more than recordCreated elements, then created is null', async () => {
    const result = await store.bulkImport(
      batches({ nodes: [1, 2, 3].map((uid) => ({ row: uid, labels: ['UndoBig'], properties: { uid } })), relationships: [] }),
      UNRESTRICTED,
      { recordCreated: 2 },
    );
    expect(result.nodesCreated).toBe(3);
    expect(result.created).toBeNull();
  });
});

import type { BulkImportBatch, GraphStore, ImportedBatch } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';
import { UNRESTRICTED } from './support/fixture';

/**
 * GraphStore.bulkImport with transaction 'batched' (issue 23 item 10), on every reachable backend
 * (PostgreSQL here; Neo4j when NEO4J_URI is set): each batch commits on its own and recordBatch
 * receives, per batch, the ids it created and the existing nodes it updated; a failure in a later
 * batch leaves the earlier batches committed, and deleteCreated of their records, last first,
 * leaves the graph as it was but for the merged updates.
 */
describeEachBackend('GraphStore.bulkImport batched', (backend) => {
  let store: GraphStore;

  beforeAll(async () => {
    store = backend.store;
  });

  const nodes = async (label: string) =>
    (await store.findNodes({ filter: { label }, limit: 1000 }, UNRESTRICTED)).items
      .map((n) => n.properties)
      .sort((a, b) => Number(a.uid) - Number(b.uid));
  const rels = async (type: string) => (await store.findRelationships({ filter: { type }, limit: 1000 }, UNRESTRICTED)).items;
  const merge = (label: string) => ({ label, property: 'uid' });
  const node = (label: string, uid: number, name: string) => ({
    row: uid,
    labels: [label],
    properties: { uid, name },
    merge: merge(label),
  });
  const rel = (type: string, label: string, row: number, from: number, to: number) => ({
    row,
    type,
    start: { label, property: 'uid', value: from },
    end: { label, property: 'uid', value: to },
    properties: { row },
  });

  async function* source(list: BulkImportBatch[], failAt?: number): AsyncGenerator<BulkImportBatch> {
    for (let i = 0; i < list.length; i++) {
      if (i + 1 === failAt) throw new Error(`batch ${failAt} broke`);
      yield list[i];
    }
  }

  const plan = (label: string, type: string): BulkImportBatch[] => [
    { nodes: [node(label, 1, 'one again'), node(label, 10, 'ten')], relationships: [] },
    { nodes: [node(label, 11, 'eleven')], relationships: [rel(type, label, 1, 1, 10), rel(type, label, 2, 10, 11)] },
    { nodes: [node(label, 12, 'twelve')], relationships: [rel(type, label, 3, 11, 12)] },
  ];

  it("when a batched import succeeds, then it equals the single-transaction import and recordBatch got each batch's created and updated ids", async () => {
    await store.bulkImport(source([{ nodes: [node('BatS', 1, 'one')], relationships: [] }]), UNRESTRICTED);
    await store.bulkImport(source([{ nodes: [node('BatT', 1, 'one')], relationships: [] }]), UNRESTRICTED);
    const single = await store.bulkImport(source(plan('BatS', 'BAT_S')), UNRESTRICTED);
    const records: ImportedBatch[] = [];
    const batched = await store.bulkImport(source(plan('BatT', 'BAT_T')), UNRESTRICTED, {
      transaction: 'batched',
      recordBatch: async (b) => void records.push(b),
    });
    expect(batched).toEqual(single);
    expect(batched).toMatchObject({ nodesCreated: 3, nodesUpdated: 1, relationshipsCreated: 3, unresolvedRows: [] });
    expect(await nodes('BatT')).toEqual(await nodes('BatS'));
    expect((await rels('BAT_T')).map((r) => r.properties.row).sort()).toEqual((await rels('BAT_S')).map((r) => r.properties.row).sort());
    expect(records.map((r) => [r.created.nodes.length, r.created.relationships.length, r.updated.length])).toEqual([
      [1, 0, 1],
      [1, 2, 0],
      [1, 1, 0],
    ]);
    const created = new Set(records.flatMap((r) => r.created.nodes.map(String)));
    const ten = (await store.findNodes({ filter: { label: 'BatT' }, limit: 1000 }, UNRESTRICTED)).items.filter(
      (n) => n.properties.uid !== 1,
    );
    expect(new Set(ten.map((n) => String(n.id)))).toEqual(created);
  });

  it('when batch 3 of a batched import fails, then batches 1 and 2 are committed, and deleting their records last first leaves the graph as before but for the merged update', async () => {
    await store.bulkImport(source([{ nodes: [node('BatF', 1, 'one')], relationships: [] }]), UNRESTRICTED);
    const records: ImportedBatch[] = [];
    await expect(
      store.bulkImport(source(plan('BatF', 'BAT_F'), 3), UNRESTRICTED, {
        transaction: 'batched',
        recordBatch: async (b) => void records.push(b),
      }),
    ).rejects.toThrow('batch 3 broke');
    expect(records).toHaveLength(2);
    expect((await nodes('BatF')).map((p) => p.uid)).toEqual([1, 10, 11]);
    expect(await rels('BAT_F')).toHaveLength(2);
    for (const r of [...records].reverse()) await store.deleteCreated!(r.created, UNRESTRICTED);
    expect(await nodes('BatF')).toEqual([{ uid: 1, name: 'one again' }]);
    expect(await rels('BAT_F')).toEqual([]);
    expect(records[0].updated).toHaveLength(1);
  });
});

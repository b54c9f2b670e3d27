import type { Knex } from 'knex';
import type { AccessScope, GraphStore } from '../../src/graph/graph-store';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../src/graph/postgres';
import { down, up } from '../../migrations/20261127120000_graph_property_keys';
import type { TestDatabase } from '../support/database';
import { createTestDatabase } from '../support/database';

/**
 * The key catalog behind the export's column set on PostgreSQL (issue 24, migration
 * 20261127120000, src/graph/postgres/property-keys.ts): filled from the nodes already stored, kept
 * by the writes without making one writer wait for another, and read so that a key the reader's
 * rules hide everywhere and a key of another label are never probed.
 */
describe('PostgreSQL graph: the property key catalog', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: GraphStore;
  let statements: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = db.knex;
    store = createPostgresGraphStore(knex, { queryTimeoutMs: 30000 });
    await store.init();
    knex.on('query', (q: { sql: string }) => statements.push(q.sql));
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const catalog = async (): Promise<string[]> => {
    const rows: { rows: Array<{ pair: string }> } = await knex.raw(
      `select distinct label || ':' || key as pair from graph_property_keys order by 1`,
    );
    return rows.rows.map((r) => r.pair);
  };

  it('when the migration runs on stored nodes, then the catalog lists every label and key, unlabelled nodes under ""', async () => {
    await down(knex);
    await knex.raw(`insert into graph_nodes (labels, properties) values ('{Old,Older}', '{"a": 1, "b": 2}'), ('{}', '{"c": 3}')`);
    await up(knex);
    expect(await catalog()).toEqual([':c', 'Old:a', 'Old:b', 'Older:a', 'Older:b']);
    await knex.raw(`delete from graph_nodes`);
  });

  it('when a transaction has added a key and not ended, then another write of that key does not wait for it', async () => {
    const trx = await knex.transaction();
    try {
      await trx.raw(`insert into graph_nodes (labels, properties) values ('{Pending}', '{"pendingKey": 1}')`);
      // With a unique constraint this create would wait for the open transaction (on conflict waits
      // for the other inserter); the test's time limit would end it.
      const created = await store.createNode({ labels: ['Pending'], properties: { pendingKey: 2 } }, UNRESTRICTED);
      expect(await store.nodePropertyKeys!({ filter: { label: 'Pending' } }, UNRESTRICTED)).toEqual(['pendingKey']);
      await trx.commit();
      await store.deleteNode(created.id, UNRESTRICTED);
    } catch (error) {
      await trx.rollback();
      throw error;
    }
    // Both writers listed the pair: readers see it once.
    expect((await catalog()).filter((p) => p === 'Pending:pendingKey')).toHaveLength(1);
    expect(await store.nodePropertyKeys!({ filter: { label: 'Pending' } }, UNRESTRICTED)).toEqual(['pendingKey']);
  });

  it('when the column set is asked, then keys of the first matches are not probed, nor keys hidden on every node or of other labels', async () => {
    await store.createNode({ labels: ['Probe'], properties: { seen: 1, everywhereHidden: 2, hiddenOnProbe: 3 } }, UNRESTRICTED);
    await store.createNode({ labels: ['Other'], properties: { otherOnly: 1, hiddenOnProbe: 3 } }, UNRESTRICTED);
    // Keys no node carries any more (as after an update or a delete): only a probe can tell.
    await knex.raw(
      `insert into graph_property_keys (label, key) values ('Probe', 'staleKey'), ('Probe', 'staleHidden'), ('Other', 'staleOther')`,
    );
    const scope: AccessScope = {
      unrestricted: false,
      labels: '*',
      types: '*',
      nodeProperties: { '*': { deny: ['everywhereHidden', 'staleHidden'] }, Probe: { deny: ['hiddenOnProbe'] } },
    };
    const probes = () => statements.filter((s) => s.includes('exists')).join('\n');
    statements = [];
    expect([...(await store.nodePropertyKeys!({}, scope))].sort()).toEqual(['hiddenOnProbe', 'otherOnly', 'pendingKey', 'seen']);
    expect(probes()).toContain(`'staleKey'`);
    expect(probes()).toContain(`'staleOther'`);
    expect(probes()).not.toContain('staleHidden');
    // Found among the first matches: taken as they are.
    expect(probes()).not.toContain(`'seen'`);

    statements = [];
    expect([...(await store.nodePropertyKeys!({ filter: { label: 'Probe' } }, scope))].sort()).toEqual(['seen']);
    expect(probes()).toContain(`'staleKey'`);
    expect(probes()).toContain(`'hiddenOnProbe'`);
    expect(probes()).not.toContain('staleHidden');
    expect(probes()).not.toContain('staleOther');
    expect(probes()).not.toContain('otherOnly');
  });

  it('when a key is carried only by matches after the first hundred, then its probe finds it', async () => {
    await store.importBatch({
      nodes: Array.from({ length: 300 }, (_, i) => ({ labels: ['Late'], properties: { i } })),
      relationships: [],
    });
    await store.createNode({ labels: ['Late'], properties: { i: 300, lateKey: true } }, UNRESTRICTED);
    statements = [];
    expect([...(await store.nodePropertyKeys!({ filter: { label: 'Late' } }, UNRESTRICTED))].sort()).toEqual(['i', 'lateKey']);
    // A fresh table is read in insertion order: the first hundred matches do not carry it.
    expect(statements.filter((s) => s.includes('exists')).join('\n')).toContain(`'lateKey'`);
  });

  it('when the filter fixes no label the reader may see, then no key is probed and the answer is empty', async () => {
    const scope: AccessScope = { unrestricted: false, labels: ['Other'], types: '*' };
    statements = [];
    expect(await store.nodePropertyKeys!({ filter: { label: 'Probe' } }, scope)).toEqual([]);
    expect(statements.filter((s) => s.includes('graph_nodes'))).toEqual([]);
    expect([...(await store.nodePropertyKeys!({}, scope))].sort()).toEqual(['hiddenOnProbe', 'otherOnly']);
  });
});

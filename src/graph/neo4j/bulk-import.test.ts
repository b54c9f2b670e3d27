import type { Driver } from 'neo4j-driver';
import { Neo4jError, Record as Neo4jRecord } from 'neo4j-driver';
import type { BulkImportBatch } from '../graph-store';
import { UNRESTRICTED } from '../graph-store';
import { Neo4jGraphStore } from './neo4j-graph-store';

/**
 * The Cypher of the Neo4j bulk import per server version, recorded by a stand-in driver (4.4 and
 * 5.x cannot run here; 3.5 runs in the contract tests): index commands before the data
 * transaction, the id function of the version, one transaction committed or rolled back.
 */
interface Call {
  query: string;
  params: Record<string, unknown>;
  where: 'tx' | 'auto' | 'managed';
}

function fakeDriver(
  version: string,
  indexes: Array<Record<string, unknown>> = [],
  fail?: (query: string) => Error | undefined,
): { driver: Driver; calls: Call[] } {
  const calls: Call[] = [];
  const answer = (query: string, params: Record<string, unknown>, where: Call['where']) => {
    calls.push({ query, params, where });
    const failure = fail?.(query);
    if (failure) throw failure;
    if (query.startsWith('CALL dbms.components()')) return [{ name: 'Neo4j Kernel', versions: [version], edition: 'community' }];
    if (query === 'SHOW INDEXES' || query === 'CALL db.indexes()') return indexes;
    if (query.startsWith('UNWIND') && query.includes('CREATE (n'))
      return (params.rows as Array<{ i: unknown }>).map((r, k) => ({ i: r.i, id: `4:x:${k}` }));
    return [];
  };
  const result = (rows: Array<Record<string, unknown>>) => ({
    records: rows.map((row) => new Neo4jRecord(Object.keys(row), Object.values(row))),
    summary: {},
  });
  const driver = {
    session() {
      return {
        executeRead: (work: (tx: unknown) => Promise<unknown>) =>
          work({ run: async (q: string, p: Record<string, unknown> = {}) => result(answer(q, p, 'managed')) }),
        executeWrite: (work: (tx: unknown) => Promise<unknown>) =>
          work({ run: async (q: string, p: Record<string, unknown> = {}) => result(answer(q, p, 'managed')) }),
        run: async (q: string, p: Record<string, unknown> = {}) => result(answer(q, p, 'auto')),
        beginTransaction() {
          let open = true;
          return {
            isOpen: () => open,
            run: async (q: string, p: Record<string, unknown> = {}) => result(answer(q, p, 'tx')),
            commit: async () => {
              open = false;
              calls.push({ query: 'COMMIT', params: {}, where: 'tx' });
            },
            rollback: async () => {
              open = false;
              calls.push({ query: 'ROLLBACK', params: {}, where: 'tx' });
            },
          };
        },
        close: async () => undefined,
      };
    },
    close: async () => undefined,
  };
  return { driver: driver as unknown as Driver, calls };
}

async function* batches(...list: BulkImportBatch[]): AsyncGenerator<BulkImportBatch> {
  for (const b of list) yield b;
}

const relationshipBatch: BulkImportBatch = {
  nodes: [{ row: 1, labels: ['Person'], properties: { uid: 1 } }],
  relationships: [
    {
      row: 2,
      type: 'KNOWS',
      start: { label: 'Person', property: 'uid', value: 1 },
      end: { label: 'Company', property: 'code', value: 'x' },
      properties: { since: 2020 },
    },
  ],
};

async function storeFor(version: string, indexes: Array<Record<string, unknown>> = [], fail?: (query: string) => Error | undefined) {
  const { driver, calls } = fakeDriver(version, indexes, fail);
  const store = new Neo4jGraphStore({ url: 'bolt://fake', username: 'neo4j', password: 'x', queryTimeoutMs: 5000 }, { driver });
  await store.init();
  calls.length = 0;
  return { store, calls };
}

describe('Neo4j bulkImport Cypher', () => {
  it('when 5.x imports relationships by property, then the missing indexes are created (IF NOT EXISTS) and awaited before the transaction, and elementId is the id function', async () => {
    const { store, calls } = await storeFor('5.26.0');
    const result = await store.bulkImport(batches(relationshipBatch), UNRESTRICTED, { matchKeys: [{ label: 'Person', property: 'uid' }] });
    expect(result.nodesCreated).toBe(1);
    const creates = calls.filter((c) => c.query.startsWith('CREATE INDEX'));
    expect(creates.map((c) => c.query)).toEqual([
      'CREATE INDEX `gas_n_Person_uid` IF NOT EXISTS FOR (n:`Person`) ON (n.`uid`)',
      'CREATE INDEX `gas_n_Company_code` IF NOT EXISTS FOR (n:`Company`) ON (n.`code`)',
    ]);
    const firstTx = calls.findIndex((c) => c.where === 'tx');
    const awaitIndexes = calls.findIndex((c) => c.query.startsWith('CALL db.awaitIndexes'));
    expect(awaitIndexes).toBeGreaterThan(calls.indexOf(creates[1]));
    expect(firstTx).toBeGreaterThan(awaitIndexes);
    const link = calls.find((c) => c.where === 'tx' && c.query.includes('CREATE (a)-[r:`KNOWS`]->(b)'))!;
    expect(link.query).toContain('min(elementId(a)) AS aid');
    expect(link.query).toContain('MATCH (a:`Person`) WHERE a.`uid` = row.s');
    expect(link.query).toContain('MATCH (b:`Company`) WHERE b.`code` = row.e');
    expect(calls[calls.length - 1].query).toBe('COMMIT');
  });

  it('when 3.5 already has the index, then none is created, and a plain CREATE INDEX ON form is used for a missing one', async () => {
    const existing = [
      {
        description: 'INDEX ON :Person(uid)',
        indexName: 'Unnamed index',
        tokenNames: ['Person'],
        properties: ['uid'],
        state: 'ONLINE',
        type: 'node_label_property',
        progress: 100,
      },
    ];
    const { store, calls } = await storeFor('3.5.5', existing);
    await store.bulkImport(batches(relationshipBatch), UNRESTRICTED);
    expect(calls.filter((c) => c.query.startsWith('CREATE INDEX')).map((c) => c.query)).toEqual(['CREATE INDEX ON :`Company`(`code`)']);
    expect(calls.find((c) => c.query.includes('CREATE (a)-[r:`KNOWS`]->(b)'))!.query).toContain('min(id(a)) AS aid');
  });

  it('when the source fails after a batch, then the transaction is rolled back and never committed', async () => {
    const { store, calls } = await storeFor('4.4.30');
    async function* failing(): AsyncGenerator<BulkImportBatch> {
      yield { nodes: [{ row: 1, labels: ['Person'], properties: { uid: 1 } }], relationships: [] };
      throw new Error('source broke');
    }
    await expect(store.bulkImport(failing(), UNRESTRICTED)).rejects.toThrow('source broke');
    expect(calls.map((c) => c.query)).toContain('ROLLBACK');
    expect(calls.map((c) => c.query)).not.toContain('COMMIT');
  });

  it('when Neo4j runs out of heap for the transaction, then the import fails with GRAPH_IMPORT_TOO_LARGE saying what to do, and is rolled back', async () => {
    // What Neo4j 3.5.5 answered in bench/import (2 GB heap, 400,000 relationships in one transaction).
    const oom = new Neo4jError(
      "There is not enough memory to perform the current task. Please try increasing 'dbms.memory.heap.max_size'",
      'Neo.TransientError.General.OutOfMemoryError',
      '50N42',
      'error: general processing exception - unexpected error',
    );
    const { store, calls } = await storeFor('3.5.5', [], (query) => (query.includes('CREATE (a)-[r:') ? oom : undefined));
    await expect(store.bulkImport(batches(relationshipBatch), UNRESTRICTED)).rejects.toMatchObject({
      status: 503,
      code: 'GRAPH_IMPORT_TOO_LARGE',
      message: expect.stringMatching(/nothing of it was written.*Split the file/),
    });
    expect(calls.map((c) => c.query)).toContain('ROLLBACK');
    expect(calls.map((c) => c.query)).not.toContain('COMMIT');
  });

  it('when it is a dry run, then no index is created and the transaction is rolled back', async () => {
    const { store, calls } = await storeFor('5.26.0');
    const result = await store.bulkImport(batches(relationshipBatch), UNRESTRICTED, {
      rollback: true,
      matchKeys: [{ label: 'Person', property: 'uid' }],
    });
    expect(result.nodesCreated).toBe(1);
    expect(calls.filter((c) => c.query.startsWith('CREATE INDEX'))).toEqual([]);
    expect(calls.map((c) => c.query)).toContain('ROLLBACK');
    expect(calls.map((c) => c.query)).not.toContain('COMMIT');
  });
});

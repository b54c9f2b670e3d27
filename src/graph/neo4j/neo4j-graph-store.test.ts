import type { Driver } from 'neo4j-driver';
import neo4j, { Record as Neo4jRecord } from 'neo4j-driver';
import type { AccessScope } from '../graph-store';
import { UNRESTRICTED } from '../graph-store';
import { explainOf, Neo4jGraphStore, parseIndexRecord } from './neo4j-graph-store';
import { chooseDialect } from './dialect';

/**
 * A stand-in for the driver that records every query with its parameters and answers from a
 * responder. Tests the generated Cypher per version without a Neo4j server.
 */
interface Call {
  query: string;
  params: Record<string, unknown>;
  access: string;
  database?: string;
  timeout?: number;
}

type Responder = (
  query: string,
  params: Record<string, unknown>,
) => { rows?: Array<Record<string, unknown>>; queryType?: string; error?: unknown };

function rec(row: Record<string, unknown>): Neo4jRecord {
  return new Neo4jRecord(Object.keys(row), Object.values(row));
}

function fakeDriver(version: string, responder: Responder = () => ({ rows: [] })) {
  const calls: Call[] = [];
  const sessions: Array<{ database?: string; defaultAccessMode?: string }> = [];
  const answer = (query: string, params: Record<string, unknown>, access: string, database?: string, timeout?: number) => {
    calls.push({ query, params, access, database, timeout });
    if (query.startsWith('CALL dbms.components()'))
      return { rows: [{ name: 'Neo4j Kernel', versions: [version], edition: 'community' }], queryType: 'r' };
    const out = responder(query, params);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the fake driver fails with what the test gives it, as the real one would pass a server failure on
    if (out.error) throw out.error;
    return out;
  };
  const makeTx = (access: string, database?: string, timeout?: number) => ({
    async run(query: string, params: Record<string, unknown> = {}) {
      const out = answer(query, params, access, database, timeout);
      return { records: (out.rows ?? []).map(rec), summary: { queryType: out.queryType ?? 'r' } };
    },
  });
  const driver = {
    session(config: { database?: string; defaultAccessMode?: string }) {
      sessions.push(config);
      return {
        // An auto-commit statement (the adapter's single-statement reads).
        run: (query: string, params: Record<string, unknown> = {}, cfg?: { timeout?: number }) =>
          makeTx(config.defaultAccessMode ?? 'WRITE', config.database, cfg?.timeout).run(query, params),
        executeRead: (work: (tx: unknown) => Promise<unknown>, cfg?: { timeout?: number }) =>
          work(makeTx('READ', config.database, cfg?.timeout)),
        executeWrite: (work: (tx: unknown) => Promise<unknown>, cfg?: { timeout?: number }) =>
          work(makeTx('WRITE', config.database, cfg?.timeout)),
        beginTransaction(cfg?: { timeout?: number }) {
          let open = true;
          return {
            isOpen: () => open,
            run(query: string, params: Record<string, unknown> = {}) {
              let out: ReturnType<typeof answer>;
              try {
                out = answer(query, params, config.defaultAccessMode ?? 'WRITE', config.database, cfg?.timeout);
              } catch (error) {
                // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the fake driver rejects with what was thrown, as it came
                const failing = Promise.reject(error);
                failing.catch(() => undefined);
                return Object.assign(failing, { keys: () => failing, [Symbol.asyncIterator]: () => ({ next: () => failing }) });
              }
              const records = (out.rows ?? []).map(rec);
              const result = Promise.resolve({ records, summary: { queryType: out.queryType ?? 'r' } });
              return Object.assign(result, {
                keys: async () => (out.rows?.[0] ? Object.keys(out.rows[0]) : []),
                async *[Symbol.asyncIterator]() {
                  for (const r of records) yield r;
                },
              });
            },
            rollback: async () => {
              open = false;
              calls.push({ query: 'ROLLBACK', params: {}, access: '' });
            },
            commit: async () => {
              open = false;
              calls.push({ query: 'COMMIT', params: {}, access: '' });
            },
          };
        },
        close: async () => undefined,
      };
    },
    close: async () => undefined,
  };
  return { driver: driver as unknown as Driver, calls, sessions };
}

async function storeFor(version: string, responder?: Responder, database = 'graph') {
  const fake = fakeDriver(version, responder);
  const store = new Neo4jGraphStore(
    { url: 'bolt://localhost:7687', username: 'neo4j', password: 'x', database, queryTimeoutMs: 5000, maxRows: 500 },
    { driver: fake.driver },
  );
  await store.init();
  return { store, ...fake };
}

const SECRET = 'value-that-must-stay-a-parameter';
const scope: AccessScope = {
  unrestricted: false,
  labels: ['Person'],
  types: ['KNOWS'],
  nodeFilter: { property: 'tenant', operator: '=', value: SECRET },
  nodeProperties: { Person: { deny: ['ssn'] } },
};

describe('Neo4jGraphStore with a recording driver', () => {
  it('3.5: no database selection, id() lookups with Integer ids', async () => {
    const { store, calls, sessions } = await storeFor('3.5.35');
    expect(await store.serverInfo()).toEqual({ backend: 'neo4j', version: '3.5.35', edition: 'community' });
    await store.getNodes(['12', 'not-a-number'], scope);
    const call = calls.find((c) => c.query.startsWith('MATCH (n)'))!;
    expect(call.query).toContain('id(n) IN $ids');
    expect(call.query).not.toContain(SECRET);
    const ids = Object.entries(call.params).find(([k]) => k.startsWith('ids'))![1] as unknown[];
    expect(ids.map(String)).toEqual(['12']);
    expect(neo4j.isInt(ids[0])).toBe(true);
    // init asks once with the configured name (Bolt 3 refuses it and the store retries without)
    expect(sessions.slice(1).every((s) => s.database === undefined)).toBe(true);
    expect(call.access).toBe('READ');
    expect(call.timeout).toBe(5000);
  });

  it('5.x: elementId() lookups, database selected, limits bound as Integers', async () => {
    const { store, calls, sessions } = await storeFor('5.26.0', (q) =>
      q.includes('count(n)') ? { rows: [{ total: neo4j.int(3) }] } : { rows: [] },
    );
    const result = await store.findNodes(
      {
        filter: { property: 'name', operator: 'STARTS WITH', value: SECRET },
        sort: [{ property: 'name', direction: 'asc' }],
        limit: 10,
        skip: 5,
      },
      scope,
    );
    expect(result).toEqual({ items: [], total: 3 });
    const items = calls.find((c) => c.query.includes('SKIP'))!;
    expect(items.query).toMatch(/ORDER BY .*elementId\(n\) SKIP \$skip\d+ LIMIT \$limit\d+ RETURN \{id: elementId\(n\)/);
    expect(items.query).not.toContain(SECRET);
    const limit = Object.entries(items.params).find(([k]) => k.startsWith('limit'))![1];
    expect(neo4j.isInt(limit) && String(limit)).toBe('10');
    expect(sessions.filter((s) => s.database).length).toBeGreaterThan(0);
    expect(sessions.slice(1).every((s) => s.database === 'graph')).toBe(true);
  });

  it('shortest paths: allShortestPaths with a validated depth and visibility predicates', async () => {
    const { store, calls } = await storeFor('4.4.26');
    await store.shortestPaths('1', '2', { maxDepth: 4, types: ['KNOWS'] }, scope);
    const q = calls.find((c) => c.query.includes('allShortestPaths'))!.query;
    expect(q).toContain('allShortestPaths((a)-[:`KNOWS`*..4]-(b))');
    expect(q).toContain('all(gasN IN nodes(p) WHERE');
    expect(q).toContain('all(gasE IN relationships(p) WHERE');
    await expect(store.shortestPaths('1', '2', { maxDepth: 1.5 }, scope)).rejects.toThrow(/maxDepth/);
    await expect(store.shortestPaths('1', '2', { maxDepth: 1000 }, scope)).rejects.toThrow(/maxDepth/);
  });

  it('deleteNode projects the node and its visible relationships before DETACH DELETE', async () => {
    const { store, calls } = await storeFor('5.1.0', (q) =>
      q.includes('DETACH DELETE')
        ? {
            rows: [
              {
                node: { id: '4:x:1', labels: ['Person'], props: [['name', 'A']] },
                rels: [{ id: '5:x:9', type: 'KNOWS', start: '4:x:1', end: '4:x:2', props: [] }],
              },
            ],
          }
        : { rows: [] },
    );
    const deleted = await store.deleteNode('4:x:1', scope);
    expect(deleted?.nodes[0]).toEqual({ id: '4:x:1', labels: ['Person'], properties: { name: 'A' } });
    expect(deleted?.relationships.map((r) => r.id)).toEqual(['5:x:9']);
    const q = calls.find((c) => c.query.includes('DETACH DELETE'))!;
    expect(q.query).toMatch(
      /WITH n, \{id: elementId\(n\).* AS node, \[\(n\)-\[gasE\]-\(gasO\) WHERE .* AS rels DETACH DELETE n RETURN node, rels$/,
    );
    expect(q.access).toBe('WRITE');
  });

  it('updateNode: SET += for values, REMOVE for nulls, quoted labels', async () => {
    const { store, calls } = await storeFor('4.4.0');
    await store.updateNode('3', { properties: { a: 1, b: null }, addLabels: ['New Label'], removeLabels: ['Old'] }, UNRESTRICTED);
    const q = calls.find((c) => c.query.startsWith('MATCH (n)'))!;
    expect(q.query).toMatch(/SET n \+= \$set\d+ REMOVE n\.`b` SET n:`New Label` REMOVE n:`Old` RETURN/);
    await expect(store.updateNode('3', { properties: { 'x`y': 1 } }, UNRESTRICTED)).rejects.toThrow(/Invalid property/);
  });

  it('importBatch: one write transaction, UNWIND batches of at most 1000 rows', async () => {
    let next = 0;
    const { store, calls } = await storeFor('3.5.35', (q, p) => {
      if (q.includes('CREATE (n')) return { rows: (p.rows as Array<{ i: unknown }>).map((r) => ({ i: r.i, id: neo4j.int(next++) })) };
      if (q.includes('CREATE (a)')) return { rows: (p.rows as Array<{ i: unknown }>).map((r) => ({ i: r.i })) };
      return { rows: [] };
    });
    const nodes = Array.from({ length: 2500 }, (_, i) => ({ labels: ['Person'], properties: { n: i }, key: `k${i}` }));
    const result = await store.importBatch({
      nodes,
      relationships: [
        { type: 'KNOWS', start: { key: 'k0' }, end: { key: 'k1' }, properties: {} },
        { type: 'KNOWS', start: { key: 'missing' }, end: { key: 'k1' }, properties: {} },
        { type: 'KNOWS', start: { label: 'Person', property: 'email', value: SECRET }, end: { id: '5' }, properties: {} },
      ],
    });
    const creates = calls.filter((c) => c.query.includes('CREATE (n'));
    expect(creates).toHaveLength(3);
    expect(creates.map((c) => (c.params.rows as unknown[]).length)).toEqual([1000, 1000, 500]);
    expect(result.nodesCreated).toBe(2500);
    expect(result.keys.k1).toBe('1');
    expect(result.relationshipsCreated).toBe(2);
    expect(result.unresolved).toEqual([1]);
    const byProp = calls.find((c) => c.query.includes('MATCH (a:`Person`)'))!;
    expect(byProp.query).toContain('WHERE a.`email` = row.s');
    expect(byProp.query).not.toContain(SECRET);
    expect(calls.filter((c) => c.query.startsWith('UNWIND')).every((c) => c.access === 'WRITE')).toBe(true);
  });

  it('runCypher read-only: refuses writes found by EXPLAIN, truncates at maxRows, rolls back', async () => {
    const { store, calls } = await storeFor('3.5.35', (q) => {
      if (q.startsWith('EXPLAIN CREATE')) return { queryType: 'w' };
      if (q.startsWith('EXPLAIN')) return { queryType: 'r' };
      return { rows: [{ n: neo4j.int(1) }, { n: neo4j.int(2) }, { n: neo4j.int(3) }] };
    });
    await expect(store.runCypher('CREATE (n) RETURN n', {}, { readOnly: true, timeoutMs: 1000, maxRows: 10 })).rejects.toMatchObject({
      status: 403,
      code: 'READ_ONLY_QUERY',
    });
    const result = await store.runCypher('MATCH (n) RETURN n', { limit: 5 }, { readOnly: true, timeoutMs: 1000, maxRows: 2 });
    expect(result).toEqual({ columns: ['n'], rows: [[1], [2]], truncated: true });
    const run = calls.find((c) => c.query === 'MATCH (n) RETURN n')!;
    expect(run.access).toBe('READ');
    expect(run.timeout).toBe(1000);
    expect(neo4j.isInt(run.params.limit)).toBe(true);
    expect(calls.some((c) => c.query === 'ROLLBACK')).toBe(true);
  });

  it('maps driver errors: access mode → 403, timeout → 504, unavailable → 503, expired credentials → 503 with the command', async () => {
    const fail = (code: string, message = code) => Object.assign(new Error(message), { code });
    const cases: Array<[unknown, object]> = [
      [fail('Neo.ClientError.Statement.AccessMode', 'Writing in read access mode not allowed'), { status: 403, code: 'READ_ONLY_QUERY' }],
      [fail('Neo.ClientError.Transaction.TransactionTimedOut'), { status: 504, code: 'GRAPH_TIMEOUT' }],
      [fail('ServiceUnavailable', 'connect ECONNREFUSED 127.0.0.1:7687'), { status: 503, code: 'GRAPH_UNAVAILABLE' }],
      [fail('Neo.ClientError.Security.CredentialsExpired'), { status: 503, code: 'GRAPH_PASSWORD_CHANGE_REQUIRED' }],
      [fail('Neo.ClientError.Statement.SyntaxError', 'Invalid input'), { status: 400, code: 'CYPHER_ERROR' }],
    ];
    for (const [error, expected] of cases) {
      const { store } = await storeFor('4.4.0', (q) => (q.startsWith('EXPLAIN') ? { queryType: 'r' } : { error }));
      await expect(store.runCypher('MATCH (n) RETURN n', {}, { readOnly: true, timeoutMs: 1000, maxRows: 5 })).rejects.toMatchObject(
        expected,
      );
    }
    const { store } = await storeFor('4.4.0', () => ({ error: fail('Neo.ClientError.Security.Unauthorized') }));
    await expect(store.labels(UNRESTRICTED)).rejects.toThrow(/graphdb\.connector\.password/);
  });

  it('propertyKeys reads the keys from the data, never from db.propertyKeys() (it keeps tokens of deleted data)', async () => {
    const { store, calls } = await storeFor('5.0.0', (q) =>
      q.startsWith('CALL db.propertyKeys') ? { rows: [{ propertyKey: 'ssn' }, { propertyKey: 'a' }] } : { rows: [{ key: 'a' }] },
    );
    expect(await store.propertyKeys(UNRESTRICTED)).toEqual(['a']);
    expect(await store.propertyKeys(scope)).toEqual(['a']);
    expect(calls.filter((c) => c.query.startsWith('CALL db.propertyKeys'))).toHaveLength(0);
  });

  it('fulltext on 3.5 is created with the procedure and read from db.indexes()', async () => {
    let created = false;
    const { store, calls } = await storeFor('3.5.35', (q) => {
      if (q === 'CALL db.indexes()') {
        return created
          ? {
              rows: [
                {
                  description: 'INDEX ON NODE:Person(name)',
                  indexName: 'gas_fulltext',
                  tokenNames: ['Person'],
                  properties: ['name'],
                  state: 'POPULATING',
                  type: 'node_fulltext',
                  progress: 40.5,
                  provider: {},
                  id: neo4j.int(1),
                  failureMessage: '',
                },
              ],
            }
          : { rows: [] };
      }
      if (q.startsWith('CALL db.index.fulltext.createNodeIndex')) created = true;
      return { rows: [] };
    });
    expect(await store.fulltextStatus()).toEqual({ state: 'NOT_CREATED', progress: 0, config: null });
    const status = await store.createFulltextIndex({ labels: ['Person'], properties: ['name'] });
    expect(status).toEqual({ state: 'POPULATING', progress: 40.5, config: { labels: ['Person'], properties: ['name'] } });
    const create = calls.find((c) => c.query.startsWith('CALL db.index.fulltext.createNodeIndex'))!;
    expect(create.params).toEqual({ name: 'gas_fulltext', labels: ['Person'], properties: ['name'] });
  });
});

describe('Neo4jGraphStore sessions and schema indexes', () => {
  it('every session shares one bookmark manager (read-your-writes on clusters)', async () => {
    const { store, sessions } = await storeFor('5.26.0');
    await store.labels(UNRESTRICTED);
    await store.createNode({ labels: ['A'], properties: {} }, UNRESTRICTED).catch(() => undefined);
    const managers = new Set(sessions.map((s) => (s as { bookmarkManager?: unknown }).bookmarkManager));
    expect(managers.size).toBe(1);
    expect([...managers][0]).toBeDefined();
  });

  it('a server whose Bolt version refuses a database name (4.0 / 4.1 negotiate Bolt 3 with driver 5) is used without one', async () => {
    const fake = fakeDriver('4.1.3');
    const refusing = {
      session(config: { database?: string }) {
        const session = (fake.driver as unknown as { session(c: unknown): Record<string, unknown> }).session(config);
        if (!config.database) return session;
        const refuse = async () => {
          throw new Error(
            'Driver is connected to the database that does not support multiple databases. Please upgrade to neo4j 4.0.0 or later in order to use this functionality',
          );
        };
        return { ...session, run: refuse, executeRead: refuse, executeWrite: refuse };
      },
      close: async () => undefined,
    } as unknown as Driver;
    const store = new Neo4jGraphStore(
      { url: 'bolt://localhost:7687', username: 'neo4j', password: 'x', database: 'graph', queryTimeoutMs: 5000 },
      { driver: refusing },
    );
    await store.init();
    expect(store.dialect.kind).toBe('v4');
    expect(store.dialect.multiDatabase).toBe(false);
    await store.labels(UNRESTRICTED);
    expect(fake.sessions.at(-1)?.database).toBeUndefined();
  });

  const showRow = (o: Record<string, unknown>) => ({
    id: neo4j.int(1),
    state: 'ONLINE',
    populationPercent: 100,
    entityType: 'NODE',
    properties: ['name'],
    ...o,
  });

  it('5.x: a TEXT index on the same property is not the RANGE index createIndex asks for', async () => {
    let created = false;
    const { store, calls } = await storeFor('5.26.0', (q) => {
      if (q === 'SHOW INDEXES') {
        const rows = [
          showRow({ name: 'text_idx', type: 'TEXT', labelsOrTypes: ['Person'], owningConstraint: null }),
          showRow({ name: 'lookup', type: 'LOOKUP', labelsOrTypes: null, properties: null }),
        ];
        if (created) rows.push(showRow({ name: 'gas_n_Person_name', type: 'RANGE', labelsOrTypes: ['Person'], owningConstraint: null }));
        return { rows };
      }
      if (q.startsWith('CREATE INDEX')) created = true;
      return { rows: [] };
    });
    const index = await store.createIndex({ entity: 'node', token: 'Person', properties: ['name'] });
    expect(index.name).toBe('gas_n_Person_name');
    expect(calls.find((c) => c.query.startsWith('CREATE INDEX'))?.query).toBe(
      'CREATE INDEX `gas_n_Person_name` IF NOT EXISTS FOR (n:`Person`) ON (n.`name`)',
    );
    expect(calls.find((c) => c.query.startsWith('CREATE INDEX'))?.access).toBe('WRITE');
  });

  it('a constraint-backed index on the schema counts as the index (CREATE INDEX would be refused)', async () => {
    const { store, calls } = await storeFor('3.5.35', (q) =>
      q === 'CALL db.indexes()'
        ? {
            rows: [
              {
                description: 'INDEX ON :Person(name)',
                indexName: 'index_1',
                tokenNames: ['Person'],
                properties: ['name'],
                state: 'ONLINE',
                type: 'node_unique_property',
                progress: 100,
                provider: {},
                id: neo4j.int(1),
                failureMessage: '',
              },
            ],
          }
        : { rows: [] },
    );
    expect(await store.createIndex({ entity: 'node', token: 'Person', properties: ['name'] })).toMatchObject({
      name: 'index_1',
      state: 'ONLINE',
    });
    expect(calls.some((c) => c.query.startsWith('CREATE INDEX'))).toBe(false);
  });

  it('4.4: RANGE / POINT indexes (made for the move to 5.x) are not the BTREE index 4.4 plans with', () => {
    const row = (o: Record<string, unknown>) => ({ has: (k: string) => k in o, get: (k: string) => o[k] });
    const v4 = chooseDialect('4.4.26');
    expect(parseIndexRecord(v4, row(showRow({ name: 'r', type: 'RANGE', uniqueness: 'NONUNIQUE', labelsOrTypes: ['A'] })))).toMatchObject({
      plain: false,
      constraint: false,
    });
    expect(parseIndexRecord(v4, row(showRow({ name: 'b', type: 'BTREE', uniqueness: 'NONUNIQUE', labelsOrTypes: ['A'] })))).toMatchObject({
      plain: true,
      constraint: false,
    });
    expect(
      parseIndexRecord(chooseDialect('5.0.0'), row(showRow({ name: 'r', type: 'RANGE', labelsOrTypes: ['A'], owningConstraint: 'c' }))),
    ).toMatchObject({ plain: true, constraint: true });
  });
});

describe('helpers', () => {
  it('explainOf', () => {
    expect(explainOf('  MATCH (n) RETURN n')).toBe('EXPLAIN MATCH (n) RETURN n');
    expect(explainOf('PROFILE MATCH (n) RETURN n')).toBe('EXPLAIN MATCH (n) RETURN n');
    expect(explainOf('explain MATCH (n) RETURN n')).toBe('explain MATCH (n) RETURN n');
  });

  it('index rows of SHOW INDEXES (4.4 / 5.x) and db.indexes() (3.5)', () => {
    const row = (o: Record<string, unknown>) => ({ has: (k: string) => k in o, get: (k: string) => o[k] });
    const v5 = chooseDialect('5.3.0');
    expect(
      parseIndexRecord(v5, row({ name: 'lookup', type: 'LOOKUP', entityType: 'NODE', labelsOrTypes: null, properties: null })),
    ).toBeNull();
    expect(
      parseIndexRecord(
        v5,
        row({
          name: 'i',
          state: 'ONLINE',
          populationPercent: 100,
          type: 'RANGE',
          entityType: 'RELATIONSHIP',
          labelsOrTypes: ['T'],
          properties: ['p'],
          owningConstraint: null,
        }),
      ),
    ).toMatchObject({ entity: 'relationship', tokens: ['T'], plain: true, constraint: false });
    const v4 = chooseDialect('4.4.0');
    expect(
      parseIndexRecord(
        v4,
        row({
          name: 'u',
          state: 'ONLINE',
          populationPercent: 100,
          uniqueness: 'UNIQUE',
          type: 'BTREE',
          entityType: 'NODE',
          labelsOrTypes: ['A'],
          properties: ['p'],
        }),
      ),
    ).toMatchObject({ constraint: true });
    const v3 = chooseDialect('3.5.0');
    expect(
      parseIndexRecord(
        v3,
        row({
          indexName: 'index_1',
          tokenNames: ['A'],
          properties: ['p'],
          state: 'FAILED',
          type: 'node_label_property',
          progress: 0,
          failureMessage: 'boom',
        }),
      ),
    ).toMatchObject({ name: 'index_1', entity: 'node', plain: true, failureMessage: 'boom' });
  });
});

import { BadRequestError, NotFoundError, NotImplementedError } from '../../src/errors';
import type { AccessScope, Filter, GraphPath, GraphStore } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';
import type { Fixture } from './support/fixture';
import { buildFixture, collect, compareIds, relationshipIndexesSupported, RESTRICTED, UNRESTRICTED, waitFor } from './support/fixture';

/**
 * The GraphStore contract: one suite, written against the port only, run for every reachable
 * backend. Read tests come first (the fixture stays as built), writes and bulk data last.
 */
describeEachBackend('GraphStore contract', (backend) => {
  let store: GraphStore;
  let fx: Fixture;

  beforeAll(async () => {
    store = backend.store;
    fx = await buildFixture(store);
  });

  /** A path as "name-name-name" from its first to its last node, oriented to start at `from`. */
  const pathNames = (path: GraphPath, from: string): string => {
    const names = path.nodes.map((n) => fx.nodeName(n.id));
    return (names[0] === from ? names : [...names].reverse()).join('-');
  };
  const pathRels = (path: GraphPath): string[] => fx.names(path.relationships);

  describe('server', () => {
    it('when serverInfo is asked, then it names the backend and a version', async () => {
      const info = await store.serverInfo();
      expect(info.backend).toBe(backend.name);
      expect(typeof info.version).toBe('string');
      expect(info.version.length).toBeGreaterThan(0);
    });

    it('when Cypher is run, then both backends answer it', async () => {
      const options = { readOnly: true, timeoutMs: 5000, maxRows: 10 };
      const result = await store.runCypher('RETURN 1 AS x', {}, options);
      expect(result.columns).toEqual(['x']);
      expect(result.rows).toEqual([[1]]);
    });

    it('when a writing query runs read-only, then 403 READ_ONLY_QUERY on both backends and nothing is written', async () => {
      const options = { readOnly: true, timeoutMs: 5000, maxRows: 10, writeCheck: () => undefined };
      await expect(store.runCypher('CREATE (n:ContractWrite) RETURN n', {}, options)).rejects.toMatchObject({
        status: 403,
        code: 'READ_ONLY_QUERY',
      });
      const left = await store.runCypher('MATCH (n:ContractWrite) RETURN count(n) AS c', {}, { ...options, readOnly: true });
      expect(left.rows).toEqual([[0]]);
    });

    it('when a writing query may write, then both backends write and answer what it returned', async () => {
      // PostgreSQL shows every element written to writeCheck first; Neo4j runs the query as written.
      const seen: string[] = [];
      const options = { readOnly: false, timeoutMs: 5000, maxRows: 10, writeCheck: (w: { entity: string }) => void seen.push(w.entity) };
      const created = await store.runCypher(
        'CREATE (n:ContractWrite {v: 1})-[:CONTRACT_REL]->(:ContractWrite) RETURN n.v AS v',
        {},
        options,
      );
      expect(created.rows).toEqual([[1]]);
      if (backend.name === 'postgres') {
        expect(seen.sort()).toEqual(['node', 'node', 'relationship']);
        expect(created.sideEffects).toMatchObject({ nodesCreated: 2, relationshipsCreated: 1, labelsAdded: 1, propertiesSet: 1 });
      }
      const deleted = await store.runCypher('MATCH (n:ContractWrite) DETACH DELETE n RETURN count(*) AS c', {}, options);
      expect(deleted.rows).toEqual([[2]]);
    });
  });

  describe('reads by id', () => {
    it('when every fixture node is read unrestricted, then all come back with their labels and properties', async () => {
      const nodes = await store.getNodes(Object.values(fx.node), UNRESTRICTED);
      expect(fx.names(nodes)).toEqual(['acme', 'agent', 'alice', 'bob', 'carol', 'dan', 'frank', 'globex']);
      const bob = nodes.find((n) => n.id === fx.node.bob)!;
      expect([...bob.labels].sort()).toEqual(['Person', 'Vip']);
      expect(bob.properties).toEqual({ uid: 'p2', name: 'Bob Jones', age: 28, city: 'Berlin', salary: 4000 });
    });

    it('when nodes are read with a restricted scope, then hidden nodes, labels and properties are left out', async () => {
      const nodes = await store.getNodes([...Object.values(fx.node), 'not-an-id', '99999999'], RESTRICTED);
      expect(fx.names(nodes)).toEqual(['acme', 'alice', 'bob', 'carol', 'dan', 'globex']);
      const alice = nodes.find((n) => n.id === fx.node.alice)!;
      expect(alice.properties).toEqual({ uid: 'p1', name: 'Alice Smith', age: 34, city: 'Paris', source: 'crm' });
      const bob = nodes.find((n) => n.id === fx.node.bob)!;
      expect(bob.labels).toEqual(['Person']);
    });

    it('when nodes are read with a property list, then only those visible properties are returned', async () => {
      const [alice] = await store.getNodes([fx.node.alice], RESTRICTED, ['name', 'salary']);
      expect(alice.properties).toEqual({ name: 'Alice Smith' });
      const [full] = await store.getNodes([fx.node.alice], UNRESTRICTED, ['name', 'salary']);
      expect(full.properties).toEqual({ name: 'Alice Smith', salary: 5000 });
    });

    it('when a malformed id is asked for, then it is treated as absent', async () => {
      expect(await store.getNodes(['abc', "1' or '1'='1"], UNRESTRICTED)).toEqual([]);
      expect(await store.getRelationships(['x1'], UNRESTRICTED)).toEqual([]);
    });

    it('when relationships are read with a restricted scope, then hidden types, relationships to hidden nodes and hidden properties are left out', async () => {
      const all = await store.getRelationships(Object.values(fx.rel), UNRESTRICTED);
      expect(all).toHaveLength(11);
      const rels = await store.getRelationships(Object.values(fx.rel), RESTRICTED);
      expect(fx.names(rels)).toEqual([
        'aliceKnowsBob',
        'aliceWorksAtAcme',
        'bobKnowsCarol',
        'bobWorksAtGlobex',
        'carolKnowsDan',
        'carolWorksAtAcme',
      ]);
      const works = rels.find((r) => r.id === fx.rel.aliceWorksAtAcme)!;
      expect(works).toEqual({
        id: fx.rel.aliceWorksAtAcme,
        type: 'WORKS_AT',
        startNodeId: fx.node.alice,
        endNodeId: fx.node.acme,
        properties: { role: 'engineer' },
      });
    });
  });

  describe('search', () => {
    it('when people are searched sorted by age, then items, order and total match the scope', async () => {
      const open = await store.findNodes(
        { filter: { label: 'Person' }, sort: [{ property: 'age', direction: 'desc' }], limit: 10 },
        UNRESTRICTED,
      );
      expect(open.items.map((n) => fx.nodeName(n.id))).toEqual(['dan', 'carol', 'frank', 'alice', 'bob']);
      expect(open.total).toBe(5);
      const restricted = await store.findNodes(
        { filter: { label: 'Person' }, sort: [{ property: 'age', direction: 'desc' }], limit: 10 },
        RESTRICTED,
      );
      expect(restricted.items.map((n) => fx.nodeName(n.id))).toEqual(['dan', 'carol', 'alice', 'bob']);
      expect(restricted.total).toBe(4);
    });

    it('when a page is asked with skip and limit, then the total still counts every visible match', async () => {
      const page = await store.findNodes(
        { filter: { property: 'city', operator: '=', value: 'Paris' }, sort: [{ property: 'uid', direction: 'asc' }], skip: 1, limit: 1 },
        RESTRICTED,
      );
      // Paris, visible: acme (c1), alice (p1), carol (p3)
      expect(fx.names(page.items)).toEqual(['alice']);
      expect(page.total).toBe(3);
    });

    it('when the filter combines and/or/not and string operators, then exactly the matching nodes come back', async () => {
      const result = await store.findNodes(
        {
          filter: {
            and: [
              {
                or: [
                  { property: 'name', operator: 'STARTS WITH', value: 'C' },
                  { property: 'name', operator: 'ENDS WITH', value: 'Brown' },
                ],
              },
              { not: { property: 'age', operator: '>', value: 50 } },
              { property: 'uid', operator: 'IN', value: ['p1', 'p3', 'p4'] },
            ],
          },
          limit: 10,
        },
        UNRESTRICTED,
      );
      expect(fx.names(result.items)).toEqual(['carol']);
      const contains = await store.findNodes({ filter: { property: 'name', operator: 'CONTAINS', value: 'ob' }, limit: 10 }, UNRESTRICTED);
      expect(fx.names(contains.items)).toEqual(['bob', 'globex']);
      const regex = await store.findNodes({ filter: { property: 'uid', operator: '=~', value: 'p[12]' }, limit: 10 }, UNRESTRICTED);
      expect(fx.names(regex.items)).toEqual(['alice', 'bob']);
      const byIds = await store.findNodes({ filter: { ids: [fx.node.dan, fx.node.agent] }, limit: 10 }, RESTRICTED);
      expect(fx.names(byIds.items)).toEqual(['dan']);
    });

    it('when a filter names a hidden property, then it matches nothing and sorts as missing', async () => {
      const open = await store.findNodes({ filter: { property: 'salary', operator: '>', value: 0 }, limit: 10 }, UNRESTRICTED);
      expect(fx.names(open.items)).toEqual(['alice', 'bob', 'carol']);
      const hidden = await store.findNodes({ filter: { property: 'salary', operator: '>', value: 0 }, limit: 10 }, RESTRICTED);
      expect(hidden).toEqual({ items: [], total: 0 });
      const hiddenEq = await store.findNodes({ filter: { property: 'salary', operator: '=', value: 5000 }, limit: 10 }, RESTRICTED);
      expect(hiddenEq.total).toBe(0);
      const sorted = await store.findNodes(
        {
          filter: { label: 'Person' },
          sort: [
            { property: 'salary', direction: 'desc' },
            { property: 'uid', direction: 'asc' },
          ],
          limit: 10,
        },
        RESTRICTED,
      );
      // salary is hidden: the order is the uid order, not carol (6000), alice (5000), bob (4000)
      expect(sorted.items.map((n) => fx.nodeName(n.id))).toEqual(['alice', 'bob', 'carol', 'dan']);
    });

    it('when a hidden label is filtered on, then nothing matches', async () => {
      expect((await store.findNodes({ filter: { label: 'Agent' }, limit: 10 }, UNRESTRICTED)).total).toBe(1);
      expect(await store.findNodes({ filter: { label: 'Agent' }, limit: 10 }, RESTRICTED)).toEqual({ items: [], total: 0 });
      expect((await store.findNodes({ filter: { label: 'Vip' }, limit: 10 }, RESTRICTED)).total).toBe(0);
    });

    it('when text is searched without a fulltext index, then a case-insensitive substring of a visible string property matches', async () => {
      const open = await store.findNodes({ text: 'SMITH', limit: 10 }, UNRESTRICTED);
      expect(fx.names(open.items)).toEqual(['alice']);
      expect(fx.names((await store.findNodes({ text: 'zebra', limit: 10 }, UNRESTRICTED)).items)).toEqual(['alice']);
      expect(await store.findNodes({ text: 'zebra', limit: 10 }, RESTRICTED)).toEqual({ items: [], total: 0 });
      expect(fx.names((await store.findNodes({ text: 'zero', limit: 10 }, UNRESTRICTED)).items)).toEqual(['agent']);
      expect((await store.findNodes({ text: 'zero', limit: 10 }, RESTRICTED)).total).toBe(0);
    });

    it('when relationships are searched, then hidden types, ends and properties stay out of items and total', async () => {
      const open = await store.findRelationships({ filter: { property: 'bonus', operator: '>', value: 0 }, limit: 10 }, UNRESTRICTED);
      expect(fx.names(open.items)).toEqual(['aliceWorksAtAcme', 'bobWorksAtGlobex', 'carolWorksAtAcme']);
      expect(await store.findRelationships({ filter: { property: 'bonus', operator: '>', value: 0 }, limit: 10 }, RESTRICTED)).toEqual({
        items: [],
        total: 0,
      });
      const works = await store.findRelationships(
        { filter: { type: 'WORKS_AT' }, sort: [{ property: 'role', direction: 'asc' }], limit: 10 },
        RESTRICTED,
      );
      expect(works.items.map((r) => r.properties.role)).toEqual(['director', 'engineer', 'manager']);
      expect(works.total).toBe(3);
      expect((await store.findRelationships({ filter: { type: 'SPIES_ON' }, limit: 10 }, RESTRICTED)).total).toBe(0);
      expect((await store.findRelationships({ limit: 100 }, RESTRICTED)).total).toBe(6);
    });

    it('when nodes and relationships are streamed, then every visible one comes once in id order', async () => {
      // Ids need not follow creation order (Neo4j allocates them in batches and reuses them): the
      // contract is "every visible match once, ids ascending".
      const nodes = await collect(store.streamNodes({ filter: { label: 'Person' } }, RESTRICTED));
      expect(fx.names(nodes)).toEqual(['alice', 'bob', 'carol', 'dan']);
      expect(nodes.map((n) => n.id)).toEqual([...nodes.map((n) => n.id)].sort(compareIds));
      for (const node of nodes) expect(node.properties.salary).toBeUndefined();
      const rels = await collect(store.streamRelationships({}, RESTRICTED));
      expect(fx.names(rels)).toEqual([
        'aliceKnowsBob',
        'aliceWorksAtAcme',
        'bobKnowsCarol',
        'bobWorksAtGlobex',
        'carolKnowsDan',
        'carolWorksAtAcme',
      ]);
      expect(rels.map((r) => r.id)).toEqual([...rels.map((r) => r.id)].sort(compareIds));
      expect(await collect(store.streamNodes({ text: 'zebra' }, RESTRICTED))).toEqual([]);
    });

    it('when a filter is malformed or an identifier carries quotes or backticks, then BadRequestError is thrown', async () => {
      const bad: Array<() => Promise<unknown>> = [
        () => store.findNodes({ filter: { property: "na'me", operator: '=', value: 1 } }, UNRESTRICTED),
        () => store.findNodes({ filter: { property: 'name', operator: 'LIKE', value: 'x' } } as never, UNRESTRICTED),
        () => store.findNodes({ filter: { foo: 1 } } as never, UNRESTRICTED),
        () => store.findNodes({ filter: { label: 'Per`son' } }, UNRESTRICTED),
        () => store.findNodes({ sort: [{ property: 'a`) RETURN 1 //', direction: 'asc' }] }, UNRESTRICTED),
        () => store.findRelationships({ filter: { type: "KNOWS'" } }, UNRESTRICTED),
        () => store.frequency({ target: 'nodes', property: 'ci"ty' }, UNRESTRICTED),
        () => store.createNode({ labels: ['Bad`Label'], properties: {} }, UNRESTRICTED),
        () => store.explore({ nodeId: fx.node.alice, types: ["KNOWS' OR 1=1"] }, UNRESTRICTED),
        () => store.getNodes([fx.node.alice], UNRESTRICTED, ["name'"]),
      ];
      for (const call of bad) await expect(call()).rejects.toBeInstanceOf(BadRequestError);
    });
  });

  describe('schema of the data', () => {
    it('when labels, types and keys are listed, then hidden ones are not among them', async () => {
      expect([...(await store.labels(UNRESTRICTED))].sort()).toEqual(['Agent', 'Company', 'Person', 'Vip']);
      expect([...(await store.labels(RESTRICTED))].sort()).toEqual(['Company', 'Person']);
      expect([...(await store.relationshipTypes(UNRESTRICTED))].sort()).toEqual(['KNOWS', 'SPIES_ON', 'WORKS_AT']);
      expect([...(await store.relationshipTypes(RESTRICTED))].sort()).toEqual(['KNOWS', 'WORKS_AT']);
      expect([...(await store.propertyKeys(UNRESTRICTED))].sort()).toEqual([
        'age',
        'bonus',
        'city',
        'classified',
        'name',
        'role',
        'salary',
        'secretNote',
        'since',
        'source',
        'uid',
      ]);
      expect([...(await store.propertyKeys(RESTRICTED))].sort()).toEqual(['age', 'city', 'name', 'role', 'since', 'source', 'uid']);
    });

    it('when a restricted scope sees only relationships to hidden nodes of a type, then that type or label is not listed', async () => {
      const scope: AccessScope = { ...RESTRICTED, labels: ['Company'] };
      expect(await store.relationshipTypes(scope)).toEqual([]);
      const rome: AccessScope = { ...RESTRICTED, nodeFilter: { property: 'city', operator: '=', value: 'Rome' } };
      expect(await store.labels(rome)).toEqual(['Person']);
      expect(await store.labels({ ...rome, nodeFilter: { property: 'city', operator: '=', value: 'Nowhere' } })).toEqual([]);
    });

    it('when the frequency of a property is asked, then counts, total and distinct cover only visible elements', async () => {
      const open = await store.frequency({ target: 'nodes', property: 'city', labels: ['Person'] }, UNRESTRICTED);
      expect(open).toEqual({
        property: 'city',
        values: [
          { value: 'Paris', count: 3 },
          { value: 'Berlin', count: 1 },
          { value: 'Rome', count: 1 },
        ],
        total: 5,
        distinct: 3,
      });
      const restricted = await store.frequency({ target: 'nodes', property: 'city', labels: ['Person'] }, RESTRICTED);
      expect(restricted).toEqual({
        property: 'city',
        values: [
          { value: 'Paris', count: 2 },
          { value: 'Berlin', count: 1 },
          { value: 'Rome', count: 1 },
        ],
        total: 4,
        distinct: 3,
      });
      const top = await store.frequency({ target: 'nodes', property: 'city', limit: 1 }, RESTRICTED);
      expect(top).toEqual({ property: 'city', values: [{ value: 'Paris', count: 3 }], total: 6, distinct: 3 });
    });

    it('when the frequency of a hidden property is asked, then it counts zero', async () => {
      expect((await store.frequency({ target: 'nodes', property: 'salary' }, UNRESTRICTED)).total).toBe(3);
      expect(await store.frequency({ target: 'nodes', property: 'salary' }, RESTRICTED)).toEqual({
        property: 'salary',
        values: [],
        total: 0,
        distinct: 0,
      });
      expect((await store.frequency({ target: 'relationships', property: 'bonus', types: ['WORKS_AT'] }, RESTRICTED)).total).toBe(0);
      expect((await store.frequency({ target: 'nodes', property: 'city', labels: ['Agent'] }, RESTRICTED)).total).toBe(0);
    });

    it('when the frequency spans nodes and relationships, then both are counted together', async () => {
      expect(await store.frequency({ target: 'all', property: 'source' }, UNRESTRICTED)).toEqual({
        property: 'source',
        values: [{ value: 'crm', count: 4 }],
        total: 4,
        distinct: 1,
      });
      expect(await store.frequency({ target: 'all', property: 'source' }, RESTRICTED)).toEqual({
        property: 'source',
        values: [{ value: 'crm', count: 3 }],
        total: 3,
        distinct: 1,
      });
      const roles = await store.frequency({ target: 'relationships', property: 'role', types: ['WORKS_AT', 'SPIES_ON'] }, RESTRICTED);
      expect(roles.total).toBe(3);
      expect(roles.values.map((v) => v.value).sort()).toEqual(['director', 'engineer', 'manager']);
    });

    it('when a sample is asked, then up to that many distinct visible nodes and relationships come back, projected (order unspecified)', async () => {
      const visibleNodes = ['acme', 'alice', 'bob', 'carol', 'dan', 'globex'];
      const visibleRels = ['aliceKnowsBob', 'aliceWorksAtAcme', 'bobKnowsCarol', 'bobWorksAtGlobex', 'carolKnowsDan', 'carolWorksAtAcme'];
      const sample = await store.sample(5, RESTRICTED);
      expect(sample.nodes).toHaveLength(5);
      expect(new Set(sample.nodes.map((n) => n.id)).size).toBe(5);
      for (const name of fx.names(sample.nodes)) expect(visibleNodes).toContain(name);
      for (const node of sample.nodes) expect(node.properties.salary).toBeUndefined();
      expect(sample.relationships).toHaveLength(5);
      for (const name of fx.names(sample.relationships)) expect(visibleRels).toContain(name);
      const whole = await store.sample(100, RESTRICTED);
      expect(fx.names(whole.nodes)).toEqual(visibleNodes);
      expect(fx.names(whole.relationships)).toEqual(visibleRels);
      const open = await store.sample(5, UNRESTRICTED);
      expect(open.nodes).toHaveLength(5);
      expect(open.relationships).toHaveLength(5);
      expect(await store.sample(0, UNRESTRICTED)).toEqual({ nodes: [], relationships: [] });
    });
  });

  describe('traversal', () => {
    it('when direct relationships between two sets are asked, then only visible ones (any direction) come back', async () => {
      const open = await store.directRelationships([fx.node.alice], [fx.node.bob, fx.node.carol, fx.node.agent], UNRESTRICTED);
      expect(fx.names(open)).toEqual(['aliceKnowsAgent', 'aliceKnowsBob', 'aliceSpiesOnCarol']);
      const restricted = await store.directRelationships([fx.node.bob, fx.node.carol, fx.node.agent], [fx.node.alice], RESTRICTED);
      expect(fx.names(restricted)).toEqual(['aliceKnowsBob']);
      const typed = await store.directRelationships([fx.node.alice], [fx.node.bob, fx.node.carol], UNRESTRICTED, ['SPIES_ON']);
      expect(fx.names(typed)).toEqual(['aliceSpiesOnCarol']);
    });

    it('when indirect relationships are asked, then paths through hidden nodes or types are not found', async () => {
      const open = await store.indirectRelationships([fx.node.alice, fx.node.dan], { maxDepth: 3 }, UNRESTRICTED);
      expect(open.map((p) => pathNames(p, 'alice')).sort()).toEqual([
        'alice-acme-carol-dan',
        'alice-agent-dan',
        'alice-bob-carol-dan',
        'alice-carol-dan',
      ]);
      const restricted = await store.indirectRelationships([fx.node.alice, fx.node.dan], { maxDepth: 3 }, RESTRICTED);
      expect(restricted.map((p) => pathNames(p, 'alice')).sort()).toEqual(['alice-acme-carol-dan', 'alice-bob-carol-dan']);
      const viaKnows = restricted.find((p) => pathNames(p, 'alice') === 'alice-bob-carol-dan')!;
      expect(pathRels(viaKnows)).toEqual(['aliceKnowsBob', 'bobKnowsCarol', 'carolKnowsDan']);
      expect(await store.indirectRelationships([fx.node.alice, fx.node.dan], { maxDepth: 2 }, RESTRICTED)).toEqual([]);
    });

    it('when a node is explored, then visible neighbours come with their relationships and the rest is counted in remaining', async () => {
      const open = await store.explore({ nodeId: fx.node.alice }, UNRESTRICTED);
      expect(fx.names(open.nodes.filter((n) => n.id !== fx.node.alice))).toEqual(['acme', 'agent', 'bob', 'carol']);
      expect(fx.names(open.relationships)).toEqual(['aliceKnowsAgent', 'aliceKnowsBob', 'aliceSpiesOnCarol', 'aliceWorksAtAcme']);
      expect(open.remaining).toBe(0);

      const restricted = await store.explore({ nodeId: fx.node.alice }, RESTRICTED);
      expect(fx.names(restricted.nodes.filter((n) => n.id !== fx.node.alice))).toEqual(['acme', 'bob']);
      expect(fx.names(restricted.relationships)).toEqual(['aliceKnowsBob', 'aliceWorksAtAcme']);
      expect(restricted.remaining).toBe(0);

      const limited = await store.explore({ nodeId: fx.node.alice, limit: 1 }, RESTRICTED);
      const neighbours = limited.nodes.filter((n) => n.id !== fx.node.alice);
      expect(neighbours).toHaveLength(1);
      expect([fx.node.acme, fx.node.bob]).toContain(neighbours[0].id);
      expect(limited.remaining).toBe(1);
      expect((await store.explore({ nodeId: fx.node.alice, limit: 1 }, UNRESTRICTED)).remaining).toBe(3);

      const bob = await store.explore({ nodeId: fx.node.bob, direction: 'out', types: ['KNOWS'] }, RESTRICTED);
      expect(fx.names(bob.nodes.filter((n) => n.id !== fx.node.bob))).toEqual(['carol']);
      expect(bob.remaining).toBe(0);
      const companies = await store.explore({ nodeId: fx.node.acme, labels: ['Person'] }, RESTRICTED);
      expect(fx.names(companies.nodes.filter((n) => n.id !== fx.node.acme))).toEqual(['alice', 'carol']);
    });

    it('when an absent, malformed or hidden node is explored, then NotFoundError is thrown on every backend', async () => {
      for (const [nodeId, scope] of [
        [fx.node.agent, RESTRICTED],
        [fx.node.frank, RESTRICTED],
        ['987654321', UNRESTRICTED],
        ['not-an-id', UNRESTRICTED],
      ] as const) {
        const error = await store.explore({ nodeId }, scope).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotFoundError);
        expect((error as NotFoundError).status).toBe(404);
      }
    });

    it('when shortest paths are asked, then all shortest paths over visible elements are found', async () => {
      const open = await store.shortestPaths(fx.node.alice, fx.node.dan, {}, UNRESTRICTED);
      expect(open.map((p) => pathNames(p, 'alice')).sort()).toEqual(['alice-agent-dan', 'alice-carol-dan']);

      // through the hidden node agent and the hidden type SPIES_ON it would be 2 hops
      const restricted = await store.shortestPaths(fx.node.alice, fx.node.dan, {}, RESTRICTED);
      expect(restricted.map((p) => pathNames(p, 'alice')).sort()).toEqual(['alice-acme-carol-dan', 'alice-bob-carol-dan']);
      const viaBob = restricted.find((p) => pathNames(p, 'alice') === 'alice-bob-carol-dan')!;
      expect(viaBob.nodes[0].id).toBe(fx.node.alice);
      expect(viaBob.relationships.map((r) => r.id)).toEqual([fx.rel.aliceKnowsBob, fx.rel.bobKnowsCarol, fx.rel.carolKnowsDan]);
      expect(viaBob.nodes.find((n) => n.id === fx.node.alice)!.properties.salary).toBeUndefined();

      const knowsOnly = await store.shortestPaths(fx.node.alice, fx.node.dan, { types: ['KNOWS'] }, RESTRICTED);
      expect(knowsOnly.map((p) => pathNames(p, 'alice'))).toEqual(['alice-bob-carol-dan']);
      const outgoing = await store.shortestPaths(fx.node.dan, fx.node.alice, { direction: 'out' }, RESTRICTED);
      expect(outgoing).toEqual([]);
      const incoming = await store.shortestPaths(fx.node.dan, fx.node.alice, { direction: 'in', types: ['KNOWS'] }, RESTRICTED);
      expect(incoming.map((p) => pathNames(p, 'dan'))).toEqual(['dan-carol-bob-alice']);
      expect(await store.shortestPaths(fx.node.alice, fx.node.dan, { maxDepth: 2 }, RESTRICTED)).toEqual([]);
      expect(await store.shortestPaths(fx.node.alice, fx.node.agent, {}, RESTRICTED)).toEqual([]);
      expect((await store.shortestPaths(fx.node.alice, fx.node.dan, { limit: 1 }, RESTRICTED)).length).toBe(1);
    });
  });

  describe('writes', () => {
    it('when nodes and relationships are written with a restricted scope, then invisible targets behave as absent', async () => {
      const gina = await store.createNode({ labels: ['Person'], properties: { uid: 'w1', name: 'Gina', dropped: null } }, RESTRICTED);
      expect(gina.properties).toEqual({ uid: 'w1', name: 'Gina' });
      const hank = await store.createNode({ labels: ['Agent'], properties: { uid: 'w2', name: 'Hank' } }, UNRESTRICTED);

      // relationships: an invisible or absent end gives null
      expect(
        await store.createRelationship({ type: 'KNOWS', startNodeId: gina.id, endNodeId: hank.id, properties: {} }, RESTRICTED),
      ).toBeNull();
      expect(
        await store.createRelationship({ type: 'KNOWS', startNodeId: gina.id, endNodeId: '987654321', properties: {} }, RESTRICTED),
      ).toBeNull();
      expect(
        await store.createRelationship({ type: 'KNOWS', startNodeId: gina.id, endNodeId: 'nope', properties: {} }, RESTRICTED),
      ).toBeNull();
      const ginaKnowsHank = await store.createRelationship(
        { type: 'KNOWS', startNodeId: gina.id, endNodeId: hank.id, properties: { since: 2024 } },
        UNRESTRICTED,
      );
      expect(ginaKnowsHank).not.toBeNull();
      const works = await store.createRelationship(
        { type: 'WORKS_AT', startNodeId: gina.id, endNodeId: fx.node.acme, properties: { role: 'temp' } },
        RESTRICTED,
      );
      expect(works).toMatchObject({ type: 'WORKS_AT', startNodeId: gina.id, endNodeId: fx.node.acme, properties: { role: 'temp' } });

      // node updates
      expect(await store.updateNode(hank.id, { properties: { name: 'H' } }, RESTRICTED)).toBeNull();
      expect(await store.updateNode(fx.node.frank, { properties: { name: 'F' } }, RESTRICTED)).toBeNull();
      const updated = await store.updateNode(
        gina.id,
        { properties: { nickname: 'G', name: null }, addLabels: ['Employee', 'Person'] },
        RESTRICTED,
      );
      expect(updated).toEqual({ id: gina.id, labels: ['Person'], properties: { uid: 'w1', nickname: 'G' } });
      const [raw] = await store.getNodes([gina.id], UNRESTRICTED);
      expect([...raw.labels].sort()).toEqual(['Employee', 'Person']);
      const relabelled = await store.updateNode(gina.id, { removeLabels: ['Employee'] }, UNRESTRICTED);
      expect(relabelled!.labels).toEqual(['Person']);

      // relationship updates: hidden properties are not returned
      expect(await store.updateRelationship(ginaKnowsHank!.id, { since: 1 }, RESTRICTED)).toBeNull();
      expect(await store.updateRelationship(fx.rel.aliceSpiesOnCarol, { since: 1 }, RESTRICTED)).toBeNull();
      const patched = await store.updateRelationship(works!.id, { bonus: 5, role: 'lead' }, RESTRICTED);
      expect(patched!.properties).toEqual({ role: 'lead' });
      expect((await store.getRelationships([works!.id], UNRESTRICTED))[0].properties).toEqual({ role: 'lead', bonus: 5 });

      // bulk update: only visible matches
      expect(
        await store.updateNodesMatching(
          { property: 'uid', operator: 'IN', value: ['w1', 'w2'] },
          { properties: { batch: 'b1' } },
          RESTRICTED,
        ),
      ).toBe(1);
      expect(
        await store.updateNodesMatching(
          { property: 'uid', operator: 'IN', value: ['w1', 'w2'] },
          { properties: { batch: 'b2' } },
          UNRESTRICTED,
        ),
      ).toBe(2);
      expect((await store.getNodes([gina.id, hank.id], UNRESTRICTED)).map((n) => n.properties.batch)).toEqual(['b2', 'b2']);

      // deletes
      expect(await store.deleteRelationship(ginaKnowsHank!.id, RESTRICTED)).toBeNull();
      expect(await store.deleteNode(hank.id, RESTRICTED)).toBeNull();
      expect(await store.deleteNode('not-an-id', RESTRICTED)).toBeNull();
      const deleted = await store.deleteNode(gina.id, RESTRICTED);
      expect(deleted!.nodes.map((n) => n.id)).toEqual([gina.id]);
      expect(deleted!.nodes[0].properties.batch).toBe('b2');
      // the relationship to the hidden node goes too, but is not reported
      expect(deleted!.relationships.map((r) => r.id)).toEqual([works!.id]);
      expect(deleted!.relationships[0].properties).toEqual({ role: 'lead' });
      expect(await store.getNodes([gina.id], UNRESTRICTED)).toEqual([]);
      expect(await store.getRelationships([ginaKnowsHank!.id, works!.id], UNRESTRICTED)).toEqual([]);

      const extra = await store.createRelationship(
        { type: 'KNOWS', startNodeId: hank.id, endNodeId: fx.node.globex, properties: {} },
        UNRESTRICTED,
      );
      const gone = await store.deleteRelationship(extra!.id, UNRESTRICTED);
      expect(gone!.relationships.map((r) => r.id)).toEqual([extra!.id]);
      expect(gone!.nodes).toEqual([]);
      expect((await store.deleteNode(hank.id, UNRESTRICTED))!.nodes.map((n) => n.id)).toEqual([hank.id]);
    });

    it('when a batch is imported, then nodes get ids by key and relationships resolve by key, id and property', async () => {
      const result = await store.importBatch({
        nodes: [
          { key: 'k1', labels: ['Imported'], properties: { uid: 'i1' } },
          { key: 'k2', labels: ['Imported'], properties: { uid: 'i2' } },
          { labels: ['Imported'], properties: { uid: 'i3' } },
        ],
        relationships: [
          { type: 'LINKS', start: { key: 'k1' }, end: { key: 'k2' }, properties: { weight: 1 } },
          { type: 'LINKS', start: { key: 'k2' }, end: { label: 'Person', property: 'uid', value: 'p1' }, properties: {} },
          { type: 'LINKS', start: { id: fx.node.dan }, end: { key: 'k1' }, properties: {} },
          { type: 'LINKS', start: { key: 'missing' }, end: { key: 'k1' }, properties: {} },
          { type: 'LINKS', start: { key: 'k1' }, end: { label: 'Person', property: 'uid', value: 'nobody' }, properties: {} },
          { type: 'LINKS', start: { id: '987654321' }, end: { key: 'k1' }, properties: {} },
          { type: 'LINKS', start: { label: 'Imported', property: 'uid', value: 'i3' }, end: { key: 'k2' }, properties: {} },
        ],
      });
      expect(result.nodesCreated).toBe(3);
      expect(result.relationshipsCreated).toBe(4);
      expect(result.unresolved).toEqual([3, 4, 5]);
      expect(Object.keys(result.keys).sort()).toEqual(['k1', 'k2']);
      const { k1, k2 } = result.keys;
      const imported = await store.getNodes([k1, k2], UNRESTRICTED);
      expect(imported.map((n) => n.properties.uid).sort()).toEqual(['i1', 'i2']);

      const k1k2 = await store.directRelationships([k1], [k2], UNRESTRICTED);
      expect(k1k2).toHaveLength(1);
      expect(k1k2[0]).toMatchObject({ type: 'LINKS', startNodeId: k1, endNodeId: k2, properties: { weight: 1 } });
      expect((await store.directRelationships([k2], [fx.node.alice], UNRESTRICTED)).map((r) => [r.startNodeId, r.endNodeId])).toEqual([
        [k2, fx.node.alice],
      ]);
      expect((await store.directRelationships([fx.node.dan], [k1], UNRESTRICTED)).map((r) => [r.startNodeId, r.endNodeId])).toEqual([
        [fx.node.dan, k1],
      ]);
      const i3 = await store.findNodes({ filter: { property: 'uid', operator: '=', value: 'i3' } }, UNRESTRICTED);
      expect(await store.directRelationships([i3.items[0].id], [k2], UNRESTRICTED)).toHaveLength(1);
      // the imported label is not visible to the restricted scope
      expect(await store.getNodes([k1, k2], RESTRICTED)).toEqual([]);
    });

    it('when more rows than one page are streamed, then every row comes exactly once', async () => {
      const count = 2500;
      const nodes = Array.from({ length: count }, (_, i) => ({ labels: ['Bulk'], properties: { n: i } }));
      for (let i = 0; i < count; i += 1000) {
        const r = await store.importBatch({ nodes: nodes.slice(i, i + 1000), relationships: [] });
        expect(r.nodesCreated).toBe(Math.min(1000, count - i));
      }
      const streamed = await collect(store.streamNodes({ filter: { label: 'Bulk' }, properties: ['n'] }, UNRESTRICTED));
      expect(streamed).toHaveLength(count);
      const values = streamed.map((n) => n.properties.n as number);
      expect(new Set(values).size).toBe(count);
      expect(Math.min(...values)).toBe(0);
      expect(Math.max(...values)).toBe(count - 1);
      expect(new Set(streamed.map((n) => n.id)).size).toBe(count);
      expect(await collect(store.streamNodes({ filter: { label: 'Bulk' } }, RESTRICTED))).toEqual([]);
      expect((await store.findNodes({ filter: { label: 'Bulk' }, limit: 1 }, UNRESTRICTED)).total).toBe(count);
    });
  });

  describe('schema indexes', () => {
    it('when an index is created, listed and dropped, then the list follows and a second drop reports false', async () => {
      const input = { entity: 'node' as const, token: 'Person', properties: ['uid'] };
      const created = await store.createIndex(input);
      expect(created).toMatchObject({ entity: 'node', token: 'Person', properties: ['uid'] });
      expect(['ONLINE', 'POPULATING']).toContain(created.state);
      // Relationship property indexes exist on PostgreSQL and on Neo4j 4.3+; older Neo4j answers 501.
      const relInput = { entity: 'relationship' as const, token: 'WORKS_AT', properties: ['role', 'since'] };
      const relIndexes = await relationshipIndexesSupported(store);
      let relIndex: { name: string } | undefined;
      if (relIndexes) {
        relIndex = await store.createIndex(relInput);
        expect(relIndex).toMatchObject({ entity: 'relationship', token: 'WORKS_AT', properties: ['role', 'since'] });
      } else {
        const error = await store.createIndex(relInput).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotImplementedError);
        expect((error as NotImplementedError).status).toBe(501);
        expect(await store.dropIndex(relInput)).toBe(false);
      }

      const listed = await store.listIndexes();
      const mine = listed.filter(
        (i) => (i.token === 'Person' && i.entity === 'node') || (i.token === 'WORKS_AT' && i.entity === 'relationship'),
      );
      expect(mine.map((i) => i.name).sort()).toEqual([created.name, ...(relIndex ? [relIndex.name] : [])].sort());
      expect(mine.find((i) => i.name === created.name)!.properties).toEqual(['uid']);

      // the index is usable: an equality lookup still finds the node
      const found = await store.findNodes(
        { filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: 'p3' }] } },
        UNRESTRICTED,
      );
      expect(fx.names(found.items)).toEqual(['carol']);

      expect(await store.dropIndex(input)).toBe(true);
      expect(await store.dropIndex(input)).toBe(false);
      expect((await store.listIndexes()).some((i) => i.name === created.name)).toBe(false);
      if (relIndex) expect(await store.dropIndex(relInput)).toBe(true);
    });

    it('when an index names an identifier with a quote, then BadRequestError is thrown', async () => {
      await expect(store.createIndex({ entity: 'node', token: "Person'", properties: ['uid'] })).rejects.toBeInstanceOf(BadRequestError);
      await expect(store.createIndex({ entity: 'node', token: 'Person', properties: ['u`id'] })).rejects.toBeInstanceOf(BadRequestError);
    });
  });

  describe('fulltext index', () => {
    it('when the fulltext index is created, then it goes online and text search uses it within the scope', async () => {
      expect((await store.fulltextStatus()).state).toBe('NOT_CREATED');
      const started = await store.createFulltextIndex({ labels: ['Person', 'Company'], properties: ['name', 'secretNote'] });
      expect(['POPULATING', 'ONLINE']).toContain(started.state);
      expect(started.config).toEqual({ labels: ['Person', 'Company'], properties: ['name', 'secretNote'] });
      const status = await waitFor(
        () => store.fulltextStatus(),
        (s) => s.state !== 'POPULATING',
      );
      expect(status.state).toBe('ONLINE');
      expect(status.progress).toBe(100);

      expect(fx.names((await store.findNodes({ text: 'acme', limit: 10 }, UNRESTRICTED)).items)).toEqual(['acme']);
      expect(fx.names((await store.findNodes({ text: 'Smith', limit: 10 }, RESTRICTED)).items)).toEqual(['alice']);
      // an indexed but hidden property does not match for the restricted scope
      expect(fx.names((await store.findNodes({ text: 'zebra', limit: 10 }, UNRESTRICTED)).items)).toEqual(['alice']);
      expect(await store.findNodes({ text: 'zebra', limit: 10 }, RESTRICTED)).toEqual({ items: [], total: 0 });
      // a label outside the index (Agent) is not searched once the index is online
      expect((await store.findNodes({ text: 'zero', limit: 10 }, UNRESTRICTED)).total).toBe(0);

      // nodes written after the index is online are searchable
      const quentin = await store.createNode({ labels: ['Person'], properties: { name: 'Quentin Zyxwv' } }, UNRESTRICTED);
      await waitFor(
        () => store.findNodes({ text: 'zyxwv', limit: 10 }, UNRESTRICTED),
        (r) => r.total > 0,
        10000,
      );
      expect((await store.findNodes({ text: 'zyxwv', limit: 10 }, UNRESTRICTED)).items.map((n) => n.id)).toEqual([quentin.id]);
      await store.updateNode(quentin.id, { properties: { name: 'Quentin Q' } }, UNRESTRICTED);
      await waitFor(
        () => store.findNodes({ text: 'zyxwv', limit: 10 }, UNRESTRICTED),
        (r) => r.total === 0,
        10000,
      );
      expect((await store.findNodes({ text: 'zyxwv', limit: 10 }, UNRESTRICTED)).total).toBe(0);

      await store.dropFulltextIndex();
      expect((await store.fulltextStatus()).state).toBe('NOT_CREATED');
      // back to the substring scan
      expect(fx.names((await store.findNodes({ text: 'zero', limit: 10 }, UNRESTRICTED)).items)).toEqual(['agent']);
    });
  });

  describe('one meaning of filters, sorts and statistics on every backend', () => {
    /** Nodes of one test label by their `k` property, sorted. */
    const keysOf = (nodes: Array<{ properties: Record<string, unknown> }>) => nodes.map((n) => String(n.properties.k)).sort();
    const findKeys = async (label: string, filter: Filter | undefined, scope: AccessScope = UNRESTRICTED) =>
      keysOf((await store.findNodes({ filter: filter ? { and: [{ label }, filter] } : { label }, limit: 100 }, scope)).items);

    it('when each operator meets a present, a missing and a null-written property, then a comparison with a missing one is false and not() of it true', async () => {
      // semPresent has s and n; semMissing never had them; semNull was written with null
      // (nothing is stored); semNulled had them and a null patch removed them.
      const make = async (k: string, properties: Record<string, unknown>) =>
        (await store.createNode({ labels: ['Sem'], properties: { k, ...properties } }, UNRESTRICTED)).id;
      await make('semPresent', { s: 'Abc', n: 5 });
      await make('semMissing', {});
      const nullId = await make('semNull', { s: null, n: null });
      const nulledId = await make('semNulled', { s: 'Abc', n: 5 });
      await store.updateNode(nulledId, { properties: { s: null, n: null } }, UNRESTRICTED);
      for (const id of [nullId, nulledId]) expect(Object.keys((await store.getNodes([id], UNRESTRICTED))[0].properties)).toEqual(['k']);

      const all = ['semMissing', 'semNull', 'semNulled', 'semPresent'];
      const absent = ['semMissing', 'semNull', 'semNulled'];
      const cases: Array<[Filter, boolean]> = [
        [{ property: 'n', operator: '=', value: 5 }, true],
        [{ property: 'n', operator: '=', value: 6 }, false],
        [{ property: 'n', operator: '<>', value: 5 }, false],
        [{ property: 'n', operator: '<>', value: 6 }, true],
        [{ property: 'n', operator: '<', value: 6 }, true],
        [{ property: 'n', operator: '<', value: 5 }, false],
        [{ property: 'n', operator: '<=', value: 5 }, true],
        [{ property: 'n', operator: '>', value: 4 }, true],
        [{ property: 'n', operator: '>', value: 5 }, false],
        [{ property: 'n', operator: '>=', value: 5 }, true],
        [{ property: 'n', operator: 'IN', value: [5, 7] }, true],
        [{ property: 'n', operator: 'IN', value: ['5'] }, false],
        [{ property: 's', operator: 'CONTAINS', value: 'b' }, true],
        [{ property: 's', operator: 'STARTS WITH', value: 'Ab' }, true],
        [{ property: 's', operator: 'STARTS WITH', value: 'b' }, false],
        [{ property: 's', operator: 'ENDS WITH', value: 'bc' }, true],
        [{ property: 's', operator: '=~', value: 'A.c' }, true],
        [{ property: 's', operator: '=~', value: 'b' }, false],
        [{ property: 'n', operator: 'IS NULL' }, false],
        [{ property: 'n', operator: 'IS NOT NULL' }, true],
        // a value of another type: false, not an error
        [{ property: 's', operator: '<', value: 6 }, false],
        [{ property: 'n', operator: 'CONTAINS', value: '5' }, false],
        [{ property: 'n', operator: '=~', value: '5' }, false],
        [{ property: 'n', operator: '=', value: '5' }, false],
      ];
      for (const [filter, presentMatches] of cases) {
        const positive = 'operator' in filter && filter.operator === 'IS NULL' ? absent : [];
        const expected = presentMatches ? [...positive, 'semPresent'].sort() : positive;
        const label = JSON.stringify(filter);
        expect({ label, keys: await findKeys('Sem', filter) }).toEqual({ label, keys: expected });
        expect({ label, not: await findKeys('Sem', { not: filter }) }).toEqual({ label, not: all.filter((k) => !expected.includes(k)) });
        expect({ label, notNot: await findKeys('Sem', { not: { not: filter } }) }).toEqual({ label, notNot: expected });
      }
      // under `or` and `and` too
      expect(
        await findKeys('Sem', {
          or: [{ not: { property: 'n', operator: '>', value: 4 } }, { property: 'k', operator: '=', value: 'semPresent' }],
        }),
      ).toEqual(all);
      expect(
        await findKeys('Sem', {
          and: [{ not: { property: 's', operator: '=', value: 'x' } }, { not: { property: 'n', operator: '<', value: 0 } }],
        }),
      ).toEqual(all);

      // a group row rule {"not": ...} on a property most nodes lack hides only the matching nodes
      const rowRule: AccessScope = {
        unrestricted: false,
        labels: '*',
        types: '*',
        nodeFilter: { not: { property: 'n', operator: '=', value: 5 } },
      };
      expect(await findKeys('Sem', undefined, rowRule)).toEqual(absent);
      // a hidden property reads as missing
      const hiddenN: AccessScope = { unrestricted: false, labels: '*', types: '*', nodeProperties: { Sem: { deny: ['n'] } } };
      expect(await findKeys('Sem', { not: { property: 'n', operator: '=', value: 5 } }, hiddenN)).toEqual(all);
      expect(await findKeys('Sem', { property: 'n', operator: 'IS NULL' }, hiddenN)).toEqual(all);
    });

    it('when nodes are sorted on a property some lack, then those come last in both directions and types sort lists < strings < booleans < numbers', async () => {
      const values: Array<[string, unknown]> = [
        ['srtThree', 3],
        ['srtOne', 1],
        ['srtMissing', undefined],
        ['srtB', 'b'],
        ['srtTwo', 2.5],
        ['srtA', 'a'],
        ['srtTrue', true],
        ['srtList', [1, 2]],
        ['srtNull', null],
      ];
      for (const [k, v] of values)
        await store.createNode({ labels: ['Srt'], properties: v === undefined ? { k } : { k, v } }, UNRESTRICTED);
      const sorted = async (direction: 'asc' | 'desc', scope: AccessScope = UNRESTRICTED) =>
        (await store.findNodes({ filter: { label: 'Srt' }, sort: [{ property: 'v', direction }], limit: 100 }, scope)).items.map((n) =>
          String(n.properties.k),
        );
      const asc = await sorted('asc');
      expect(asc.slice(0, 7)).toEqual(['srtList', 'srtA', 'srtB', 'srtTrue', 'srtOne', 'srtTwo', 'srtThree']);
      expect(asc.slice(7).sort()).toEqual(['srtMissing', 'srtNull']);
      const desc = await sorted('desc');
      expect(desc.slice(0, 7)).toEqual(['srtThree', 'srtTwo', 'srtOne', 'srtTrue', 'srtB', 'srtA', 'srtList']);
      expect(desc.slice(7).sort()).toEqual(['srtMissing', 'srtNull']);
      // a second key orders the elements without the first one
      const twoKeys = await store.findNodes(
        {
          filter: { label: 'Srt' },
          sort: [
            { property: 'v', direction: 'desc' },
            { property: 'k', direction: 'desc' },
          ],
          limit: 100,
        },
        UNRESTRICTED,
      );
      expect(twoKeys.items.slice(7).map((n) => n.properties.k)).toEqual(['srtNull', 'srtMissing']);
      // relationships too
      const rels = await store.findRelationships(
        {
          filter: { type: 'KNOWS' },
          sort: [
            { property: 'source', direction: 'desc' },
            { property: 'since', direction: 'asc' },
          ],
          limit: 100,
        },
        UNRESTRICTED,
      );
      expect(rels.items.map((r) => fx.relName(r.id)).slice(0, 2)).toEqual(['aliceKnowsAgent', 'aliceKnowsBob']);
    });

    it('when values are counted, then equal counts come in value order and values of different types in one order', async () => {
      for (const f of ['b', 'a', 'b', 'a', 2, 2, true, true, 'c', 1, [1]])
        await store.createNode({ labels: ['Frq'], properties: { f } }, UNRESTRICTED);
      const result = await store.frequency({ target: 'nodes', property: 'f', labels: ['Frq'] }, UNRESTRICTED);
      expect(result).toEqual({
        property: 'f',
        values: [
          { value: 'a', count: 2 },
          { value: 'b', count: 2 },
          { value: true, count: 2 },
          { value: 2, count: 2 },
          { value: [1], count: 1 },
          { value: 'c', count: 1 },
          { value: 1, count: 1 },
        ],
        total: 11,
        distinct: 7,
      });
      const top = await store.frequency({ target: 'nodes', property: 'f', labels: ['Frq'], limit: 3 }, UNRESTRICTED);
      expect(top.values.map((v) => v.value)).toEqual(['a', 'b', true]);
      expect(await store.frequency({ target: 'nodes', property: 'f', labels: ['Frq'], limit: 0 }, UNRESTRICTED)).toEqual({
        property: 'f',
        values: [],
        total: 11,
        distinct: 7,
      });
    });

    it('when the frequency spans nodes and relationships under row rules on nodes and relationships, then it counts (Neo4j 3.5 planner bug)', async () => {
      const scope: AccessScope = {
        unrestricted: false,
        labels: '*',
        types: '*',
        nodeFilter: {
          and: [
            { or: [{ label: 'Person' }, { label: 'Company' }] },
            { or: [{ not: { label: 'Person' } }, { property: 'city', operator: '=', value: 'Paris' }] },
          ],
        },
        relationshipFilter: { not: { type: 'SPIES_ON' } },
        nodeProperties: { Person: { deny: ['salary'] } },
        relationshipProperties: { WORKS_AT: { allow: ['role'] } },
      };
      expect(await store.frequency({ target: 'all', property: 'salary' }, scope)).toEqual({
        property: 'salary',
        values: [],
        total: 0,
        distinct: 0,
      });
      // Paris people: alice, carol, frank (classified is no rule here); companies: acme, globex
      expect(await store.frequency({ target: 'all', property: 'source' }, scope)).toEqual({
        property: 'source',
        values: [{ value: 'crm', count: 2 }],
        total: 2,
        distinct: 1,
      });
      expect((await store.frequency({ target: 'all', property: 'role' }, scope)).values).toEqual([
        { value: 'director', count: 1 },
        { value: 'engineer', count: 1 },
        { value: 'intern', count: 1 },
      ]);
    });

    it('when the only elements carrying a key are deleted, then the key is no longer listed', async () => {
      const node = await store.createNode({ labels: ['Person'], properties: { ephemeralNodeKey: 1 } }, UNRESTRICTED);
      const rel = await store.createRelationship(
        { type: 'KNOWS', startNodeId: fx.node.alice, endNodeId: fx.node.bob, properties: { ephemeralRelKey: 1 } },
        UNRESTRICTED,
      );
      expect(await store.propertyKeys(UNRESTRICTED)).toEqual(expect.arrayContaining(['ephemeralNodeKey', 'ephemeralRelKey']));
      expect(await store.propertyKeys(RESTRICTED)).toEqual(expect.arrayContaining(['ephemeralNodeKey', 'ephemeralRelKey']));
      await store.deleteRelationship(rel!.id, UNRESTRICTED);
      await store.deleteNode(node.id, UNRESTRICTED);
      for (const scope of [UNRESTRICTED, RESTRICTED]) {
        const keys = await store.propertyKeys(scope);
        expect(keys).not.toContain('ephemeralNodeKey');
        expect(keys).not.toContain('ephemeralRelKey');
      }
      expect(await store.propertyKeys(UNRESTRICTED)).toEqual(expect.arrayContaining(['name', 'role', 'since']));
    });

    it('when a label or type outside the scope is named in a filter, frequency, explore or path, then it is false', async () => {
      // bob is Person and Vip; Vip is outside RESTRICTED's labels
      expect((await store.frequency({ target: 'nodes', property: 'name', labels: ['Vip'] }, UNRESTRICTED)).total).toBe(1);
      expect(await store.frequency({ target: 'nodes', property: 'name', labels: ['Vip'] }, RESTRICTED)).toEqual({
        property: 'name',
        values: [],
        total: 0,
        distinct: 0,
      });
      expect((await store.frequency({ target: 'nodes', property: 'name', labels: ['Person', 'Vip'] }, RESTRICTED)).total).toBe(0);
      expect((await store.frequency({ target: 'relationships', property: 'since', types: ['SPIES_ON', 'KNOWS'] }, RESTRICTED)).total).toBe(
        3,
      );

      const open = await store.explore({ nodeId: fx.node.alice, labels: ['Vip'] }, UNRESTRICTED);
      expect(fx.names(open.nodes)).toEqual(['alice', 'bob']);
      const hidden = await store.explore({ nodeId: fx.node.alice, labels: ['Vip'] }, RESTRICTED);
      expect(fx.names(hidden.nodes)).toEqual(['alice']);
      expect(hidden).toMatchObject({ relationships: [], remaining: 0 });
      const mixed = await store.explore({ nodeId: fx.node.alice, labels: ['Vip', 'Company'] }, RESTRICTED);
      expect(fx.names(mixed.nodes)).toEqual(['acme', 'alice']);
      const spied = await store.explore({ nodeId: fx.node.alice, types: ['SPIES_ON'] }, RESTRICTED);
      expect(fx.names(spied.nodes)).toEqual(['alice']);

      expect(await findKeysByName({ label: 'Vip' }, RESTRICTED)).toEqual([]);
      const people: Filter = { property: 'uid', operator: 'STARTS WITH', value: 'p' };
      expect(await findKeysByName({ and: [people, { not: { label: 'Vip' } }] }, RESTRICTED)).toEqual(['alice', 'bob', 'carol', 'dan']);
      expect(await findKeysByName({ and: [people, { not: { label: 'Vip' } }] }, UNRESTRICTED)).toEqual(['alice', 'carol', 'dan', 'frank']);
      expect((await store.findRelationships({ filter: { not: { type: 'SPIES_ON' } }, limit: 100 }, RESTRICTED)).total).toBe(6);

      expect(await store.shortestPaths(fx.node.alice, fx.node.carol, { types: ['SPIES_ON'] }, RESTRICTED)).toEqual([]);
      expect(await store.indirectRelationships([fx.node.alice, fx.node.dan], { types: ['SPIES_ON', 'KNOWS'] }, RESTRICTED)).toHaveLength(1);
      expect(await store.directRelationships([fx.node.alice], [fx.node.carol], RESTRICTED, ['SPIES_ON'])).toEqual([]);
    });

    const findKeysByName = async (filter: Filter, scope: AccessScope) =>
      fx.names((await store.findNodes({ filter, limit: 100 }, scope)).items);

    it('when =~ carries inline flags, then (?i), (?m), (?s), (?u) and combinations give the same answer on every backend', async () => {
      for (const [k, s] of [
        ['rgxUpper', 'Hello World'],
        ['rgxLower', 'hello world'],
        ['rgxAccent', 'ÉCOLE'],
        ['rgxLines', 'first\nsecond'],
      ]) {
        await store.createNode({ labels: ['Rgx'], properties: { k, s } }, UNRESTRICTED);
      }
      const match = (value: string) => findKeys('Rgx', { property: 's', operator: '=~', value });
      expect(await match('hello.*')).toEqual(['rgxLower']);
      expect(await match('(?i)hello.*')).toEqual(['rgxLower', 'rgxUpper']);
      expect(await match('(?i)HELLO WORLD')).toEqual(['rgxLower', 'rgxUpper']);
      expect(await match('(?i)école')).toEqual(['rgxAccent']);
      expect(await match('école')).toEqual([]);
      expect(await match('(?u)hello world')).toEqual(['rgxLower']);
      expect(await match('(?iu)HELLO world')).toEqual(['rgxLower', 'rgxUpper']);
      expect(await match('first.second')).toEqual(['rgxLines']);
      expect(await match('(?s)first.second')).toEqual(['rgxLines']);
      expect(await match('first$\\n^second')).toEqual([]);
      expect(await match('(?m)first$\\n^second')).toEqual(['rgxLines']);
      expect(await match('(?m)second')).toEqual([]);
      expect(await match('(?im)FIRST$\\n^SECOND')).toEqual(['rgxLines']);
      expect(await match('(?i)(?m)FIRST$\\n^SECOND')).toEqual(['rgxLines']);
      expect(await match('(?ims)first.second')).toEqual(['rgxLines']);
      expect(await findKeys('Rgx', { not: { property: 's', operator: '=~', value: '(?i)hello.*' } })).toEqual(['rgxAccent', 'rgxLines']);
      for (const value of ['(?x)abc', 'a(?i)b', '(?-i)a', '(?i:a)b', '(?)a', '(?i']) {
        await expect(store.findNodes({ filter: { property: 's', operator: '=~', value } }, UNRESTRICTED)).rejects.toBeInstanceOf(
          BadRequestError,
        );
      }
    });
  });
});

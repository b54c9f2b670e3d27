import type { AccessScope, Filter, FindQuery, GraphNode, GraphStore, PropertyRule } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';
import { collect, RESTRICTED, UNRESTRICTED } from './support/fixture';

/**
 * The CSV export's column set of found nodes (issue 24): on PostgreSQL from the key catalog and
 * one existence probe per candidate (nodePropertyKeys), elsewhere from a pass over the matches.
 * After every kind of write (creates, updates adding and removing keys, labels added and removed,
 * deletes, both imports, Cypher SET) it must equal both the exhaustive set (the union of the keys
 * of the streamed matches) and the test's own model of the scope (written from the rules' meaning:
 * a hidden key never appears, a row the rule hides gives no key).
 */

/** Visible labels, a row rule and both kinds of property rules (allow and deny). */
const ALLOWING: AccessScope = {
  unrestricted: false,
  labels: '*',
  types: '*',
  nodeFilter: { not: { property: 'tier', operator: '=', value: 'secret' } },
  nodeProperties: { Company: { allow: ['uid', 'name', 'city'] }, '*': { deny: ['password'] } },
};
const SCOPES: Array<[string, AccessScope]> = [
  ['admin', UNRESTRICTED],
  ['restricted', RESTRICTED],
  ['allowing', ALLOWING],
];
const QUERIES: Array<[string, Pick<FindQuery, 'filter'>]> = [
  ['every node', {}],
  ['Person', { filter: { label: 'Person' } }],
  ['Person or Company', { filter: { or: [{ label: 'Person' }, { label: 'Company' }] } }],
  ['Person in Paris', { filter: { and: [{ label: 'Person' }, { property: 'city', operator: '=', value: 'Paris' }] } }],
  ['with a salary', { filter: { property: 'salary', operator: 'IS NOT NULL' } }],
  ['Person and Vip', { filter: { and: [{ label: 'Vip' }, { label: 'Person' }] } }],
  ['no label matched', { filter: { label: 'Nowhere' } }],
];

function hides(rule: PropertyRule | undefined, key: string): boolean {
  return !!rule && (rule.deny?.includes(key) === true || (rule.allow !== undefined && !rule.allow.includes(key)));
}

/** The filter language as the model reads it (the operators used here). */
function holds(filter: Filter, node: { labels: string[]; properties: Record<string, unknown> }): boolean {
  if ('and' in filter) return filter.and.every((f) => holds(f, node));
  if ('or' in filter) return filter.or.some((f) => holds(f, node));
  if ('not' in filter) return !holds(filter.not, node);
  if ('label' in filter) return node.labels.includes(filter.label);
  if (!('property' in filter)) throw new Error('not modelled');
  const value = node.properties[filter.property];
  if (filter.operator === 'IS NULL') return value === undefined;
  if (filter.operator === 'IS NOT NULL') return value !== undefined;
  if (filter.operator === '=') return value === filter.value;
  throw new Error(`operator ${filter.operator} not modelled`);
}

/** The model: the visible matches' visible keys, from every node as stored. */
function modelKeys(all: GraphNode[], scope: AccessScope, query: Pick<FindQuery, 'filter'>): string[] {
  const keys = new Set<string>();
  for (const node of all) {
    if (!scope.unrestricted) {
      if (scope.labels !== '*' && !node.labels.some((l) => scope.labels.includes(l))) continue;
      if (scope.nodeFilter && !holds(scope.nodeFilter, node)) continue;
    }
    const rules = scope.unrestricted ? {} : (scope.nodeProperties ?? {});
    const visible = Object.fromEntries(
      Object.entries(node.properties).filter(([k]) => !hides(rules['*'], k) && !node.labels.some((l) => hides(rules[l], k))),
    );
    // The reader's filter sees the visible labels only (a hidden label matches nothing); the row rule saw them all.
    const labels = scope.unrestricted || scope.labels === '*' ? node.labels : node.labels.filter((l) => scope.labels.includes(l));
    if (query.filter && !holds(query.filter, { labels, properties: visible })) continue;
    Object.keys(visible).forEach((k) => keys.add(k));
  }
  return [...keys].sort();
}

/** What the export writes: the adapter's column set when it has one (PostgreSQL), else a pass (GraphExportService). */
async function exportColumns(store: GraphStore, query: Pick<FindQuery, 'filter'>, scope: AccessScope): Promise<string[]> {
  if (store.nodePropertyKeys) return [...(await store.nodePropertyKeys(query, scope))].sort();
  return exhaustiveKeys(store, query, scope);
}

async function exhaustiveKeys(store: GraphStore, query: Pick<FindQuery, 'filter'>, scope: AccessScope): Promise<string[]> {
  const keys = new Set<string>();
  for (const node of await collect(store.streamNodes(query, scope))) Object.keys(node.properties).forEach((k) => keys.add(k));
  return [...keys].sort();
}

describeEachBackend('Export column set contract', (backend) => {
  let store: GraphStore;
  const id: Record<string, string> = {};

  /** Every scope and query: the export's columns = the exhaustive pass = the model. */
  async function expectExact(step: string): Promise<void> {
    const all = await collect(store.streamNodes({}, UNRESTRICTED));
    for (const [who, scope] of SCOPES)
      for (const [what, query] of QUERIES) {
        const model = modelKeys(all, scope, query);
        const where = `${step}: ${who}, ${what}`;
        expect({ where, columns: await exportColumns(store, query, scope) }).toEqual({ where, columns: model });
        expect({ where, exhaustive: await exhaustiveKeys(store, query, scope) }).toEqual({ where, exhaustive: model });
      }
  }

  const create = async (name: string, labels: string[], properties: Record<string, unknown>) => {
    id[name] = (await store.createNode({ labels, properties }, UNRESTRICTED)).id;
  };

  beforeAll(async () => {
    store = backend.store;
    await create('alice', ['Person'], { uid: 'p1', name: 'Alice', city: 'Paris', salary: 5000, secretNote: 'x' });
    await create('bob', ['Person', 'Vip'], { uid: 'p2', name: 'Bob', city: 'Berlin', age: 28 });
    await create('frank', ['Person'], { uid: 'p3', name: 'Frank', city: 'Paris', classified: true, codename: 'owl' });
    await create('acme', ['Company'], { uid: 'c1', name: 'Acme', city: 'Paris', revenue: 10, password: 'pw' });
    await create('loose', [], { uid: 'u1', orphanKey: 1 });
    await create('spy', ['Agent'], { uid: 'a1', alias: 'Zero', tier: 'secret' });
  });

  it('when nodes are created, then the column set is exact for every reader and query, and a hidden key never appears', async () => {
    await expectExact('created');
    const restricted = await exportColumns(store, {}, RESTRICTED);
    expect(restricted).not.toContain('salary');
    expect(restricted).not.toContain('secretNote');
    // Frank is hidden by the row rule: his own key is not a column.
    expect(restricted).not.toContain('codename');
    expect(await exportColumns(store, {}, ALLOWING)).not.toContain('password');
    expect(await exportColumns(store, {}, UNRESTRICTED)).toEqual(expect.arrayContaining(['salary', 'codename', 'password', 'orphanKey']));
  });

  it('when updates add and remove keys and labels, then the column set follows', async () => {
    await store.updateNode(id.bob, { properties: { nickname: 'B', age: null } }, UNRESTRICTED);
    await store.updateNode(id.alice, { properties: { salary: null } }, UNRESTRICTED);
    // Acme becomes a Person too: its keys (listed under Company until now) answer a Person query.
    await store.updateNode(id.acme, { addLabels: ['Person'] }, UNRESTRICTED);
    await store.updateNode(id.bob, { removeLabels: ['Vip'] }, UNRESTRICTED);
    await expectExact('updated');
    expect(await exportColumns(store, {}, UNRESTRICTED)).not.toContain('age');
    expect(await exportColumns(store, { filter: { label: 'Person' } }, UNRESTRICTED)).toContain('revenue');
    await store.updateNodesMatching({ label: 'Person' }, { properties: { batchMark: true } }, UNRESTRICTED);
    await expectExact('updated by a condition');
  });

  it('when nodes are deleted, then their keys leave the column set', async () => {
    await store.deleteNode(id.loose, UNRESTRICTED);
    await store.deleteNode(id.frank, UNRESTRICTED);
    await expectExact('deleted');
    expect(await exportColumns(store, {}, UNRESTRICTED)).not.toContain('orphanKey');
    expect(await exportColumns(store, {}, UNRESTRICTED)).not.toContain('codename');
  });

  it('when nodes are imported (batch and bulk with merge), then their keys are in the column set', async () => {
    await store.importBatch({
      nodes: [
        { labels: ['Person'], properties: { uid: 'p9', name: 'Imported', importedKey: 1, city: 'Paris' } },
        { labels: [], properties: { uid: 'u9', unlabelledImport: true } },
      ],
      relationships: [],
    });
    async function* batches() {
      yield {
        nodes: [
          { row: 1, labels: ['Company'], properties: { uid: 'c1', mergedKey: 'm' }, merge: { label: 'Company', property: 'uid' } },
          { row: 2, labels: ['Company', 'Vip'], properties: { uid: 'c7', name: 'Bulk Co', bulkKey: 7 } },
        ],
        relationships: [],
      };
    }
    await store.bulkImport(batches(), UNRESTRICTED);
    await expectExact('imported');
    expect(await exportColumns(store, { filter: { label: 'Company' } }, UNRESTRICTED)).toEqual(
      expect.arrayContaining(['mergedKey', 'bulkKey']),
    );
  });

  it('when Cypher sets and removes properties, then the column set follows', async () => {
    const options = { readOnly: false, timeoutMs: 10000, maxRows: 10, writeCheck: () => undefined };
    await store.runCypher("MATCH (n:Person {uid: 'p2'}) SET n.cypherKey = 1, n:Vip RETURN n.uid AS uid", {}, options);
    await store.runCypher("MATCH (n:Person {uid: 'p9'}) REMOVE n.importedKey RETURN n.uid AS uid", {}, options);
    await store.runCypher("CREATE (n:Agent {uid: 'a2', tier: 'open', agentKey: 2}) RETURN n.uid AS uid", {}, options);
    await expectExact('Cypher');
    expect(await exportColumns(store, { filter: { label: 'Person' } }, UNRESTRICTED)).toContain('cypherKey');
    expect(await exportColumns(store, {}, UNRESTRICTED)).not.toContain('importedKey');
    expect(await exportColumns(store, {}, ALLOWING)).toContain('agentKey');
  });
});

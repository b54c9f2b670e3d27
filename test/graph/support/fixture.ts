import type { AccessScope, GraphId, GraphNode, GraphRelationship, GraphStore } from '../../../src/graph/graph-store';
import { UNRESTRICTED } from '../../../src/graph/graph-store';

/**
 * The contract fixture, built through the port:
 *
 *   alice -KNOWS-> bob -KNOWS-> carol -KNOWS-> dan          (Person; bob is also Vip)
 *   alice -KNOWS-> agent -KNOWS-> dan                        (agent: hidden label Agent)
 *   alice -SPIES_ON-> carol                                  (hidden type)
 *   bob -KNOWS-> frank, frank -WORKS_AT-> acme               (frank: hidden by the row rule)
 *   alice/carol -WORKS_AT-> acme, bob -WORKS_AT-> globex     (Company)
 *
 * Hidden properties for RESTRICTED: Person.salary, Person.secretNote, WORKS_AT all but role.
 */
export const NODE_NAMES = ['alice', 'bob', 'carol', 'dan', 'frank', 'agent', 'acme', 'globex'] as const;
export const REL_NAMES = [
  'aliceKnowsBob',
  'bobKnowsCarol',
  'carolKnowsDan',
  'aliceKnowsAgent',
  'agentKnowsDan',
  'aliceSpiesOnCarol',
  'aliceWorksAtAcme',
  'bobWorksAtGlobex',
  'carolWorksAtAcme',
  'bobKnowsFrank',
  'frankWorksAtAcme',
] as const;
export type NodeName = (typeof NODE_NAMES)[number];
export type RelName = (typeof REL_NAMES)[number];

export const RESTRICTED: AccessScope = {
  unrestricted: false,
  labels: ['Person', 'Company'],
  types: ['KNOWS', 'WORKS_AT'],
  nodeFilter: { or: [{ property: 'classified', operator: 'IS NULL' }, { not: { property: 'classified', operator: '=', value: true } }] },
  nodeProperties: { Person: { deny: ['salary', 'secretNote'] } },
  relationshipProperties: { WORKS_AT: { allow: ['role'] } },
};

export { UNRESTRICTED };

export interface Fixture {
  node: Record<NodeName, GraphId>;
  rel: Record<RelName, GraphId>;
  /** Fixture names of nodes / relationships (unknown ones keep their id), sorted. */
  names(elements: Array<GraphNode | GraphRelationship>): string[];
  nodeName(id: GraphId): string;
  relName(id: GraphId): string;
}

export async function buildFixture(store: GraphStore): Promise<Fixture> {
  const create = async (labels: string[], properties: Record<string, unknown>) =>
    (await store.createNode({ labels, properties }, UNRESTRICTED)).id;
  const node = {} as Record<NodeName, GraphId>;
  node.alice = await create(['Person'], {
    uid: 'p1',
    name: 'Alice Smith',
    age: 34,
    city: 'Paris',
    salary: 5000,
    secretNote: 'zebra crossing',
    source: 'crm',
  });
  node.bob = await create(['Person', 'Vip'], { uid: 'p2', name: 'Bob Jones', age: 28, city: 'Berlin', salary: 4000 });
  node.carol = await create(['Person'], { uid: 'p3', name: 'Carol White', age: 45, city: 'Paris', salary: 6000 });
  node.dan = await create(['Person'], { uid: 'p4', name: 'Dan Brown', age: 51, city: 'Rome' });
  node.frank = await create(['Person'], { uid: 'p5', name: 'Frank Black', age: 39, city: 'Paris', classified: true });
  node.agent = await create(['Agent'], { uid: 'a1', name: 'Agent Zero', city: 'Paris' });
  node.acme = await create(['Company'], { uid: 'c1', name: 'Acme Corp', city: 'Paris', source: 'crm' });
  node.globex = await create(['Company'], { uid: 'c2', name: 'Globex', city: 'Berlin' });

  const rel = {} as Record<RelName, GraphId>;
  const link = async (type: string, from: NodeName, to: NodeName, properties: Record<string, unknown> = {}) => {
    const created = await store.createRelationship({ type, startNodeId: node[from], endNodeId: node[to], properties }, UNRESTRICTED);
    if (!created) throw new Error(`fixture relationship ${from}-${type}->${to} not created`);
    return created.id;
  };
  rel.aliceKnowsBob = await link('KNOWS', 'alice', 'bob', { since: 2010, source: 'crm' });
  rel.bobKnowsCarol = await link('KNOWS', 'bob', 'carol', { since: 2015 });
  rel.carolKnowsDan = await link('KNOWS', 'carol', 'dan', { since: 2018 });
  rel.aliceKnowsAgent = await link('KNOWS', 'alice', 'agent', { since: 2001, source: 'crm' });
  rel.agentKnowsDan = await link('KNOWS', 'agent', 'dan', { since: 2002 });
  rel.aliceSpiesOnCarol = await link('SPIES_ON', 'alice', 'carol');
  rel.aliceWorksAtAcme = await link('WORKS_AT', 'alice', 'acme', { role: 'engineer', bonus: 100 });
  rel.bobWorksAtGlobex = await link('WORKS_AT', 'bob', 'globex', { role: 'manager', bonus: 200 });
  rel.carolWorksAtAcme = await link('WORKS_AT', 'carol', 'acme', { role: 'director', bonus: 300 });
  rel.bobKnowsFrank = await link('KNOWS', 'bob', 'frank', { since: 2020 });
  rel.frankWorksAtAcme = await link('WORKS_AT', 'frank', 'acme', { role: 'intern' });

  // Node and relationship ids are separate id spaces.
  const nodeNames = new Map<GraphId, string>(Object.entries(node).map(([name, id]) => [id, name]));
  const relNames = new Map<GraphId, string>(Object.entries(rel).map(([name, id]) => [id, name]));
  const nodeName = (id: GraphId) => nodeNames.get(id) ?? `node:${id}`;
  const relName = (id: GraphId) => relNames.get(id) ?? `rel:${id}`;
  return {
    node,
    rel,
    nodeName,
    relName,
    names: (elements) => elements.map((e) => ('labels' in e ? nodeName(e.id) : relName(e.id))).sort(),
  };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The backend's id order: numerically for numeric ids (PostgreSQL, Neo4j < 5), else as strings. */
export function compareIds(a: GraphId, b: GraphId): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const d = BigInt(a) - BigInt(b);
    return d === 0n ? 0 : d < 0n ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Relationship property indexes: PostgreSQL always, Neo4j from 4.3 (older answers 501). */
export async function relationshipIndexesSupported(store: GraphStore): Promise<boolean> {
  const info = await store.serverInfo();
  if (info.backend !== 'neo4j') return true;
  const [major, minor] = info.version.split('.').map((part) => Number.parseInt(part, 10));
  return major > 4 || (major === 4 && minor >= 3);
}

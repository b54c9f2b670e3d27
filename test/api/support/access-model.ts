/**
 * The generated graph, access rules and the test's own model of them, shared by the access
 * oracles (test/api/access-oracle.test.ts for reads, test/api/write-oracle.test.ts for Cypher
 * writes): deterministic (fixed seeds), and the model (visibleCopy) written from the rules'
 * meaning, not from the product's code (src/services/security/access-scope.ts).
 */
import request from 'supertest';
import type { TestApp } from '../../support/test-app';

// ---------------------------------------------------------------------------------------------
// Deterministic generation

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SEED = 18_2026;
export const LABELS = ['A', 'B', 'C', 'Person', 'X'];
export const TYPES = ['T', 'KNOWS', 'REL', 'LIKES'];
export const NAMES = ['Alice', 'Bob', 'Carol', 'apa', 'Andres', 'b', 'c'];

export type Props = Record<string, unknown>;
export interface NodeSpec {
  k: string;
  labels: string[];
  properties: Props;
}
export interface RelSpec {
  k: string;
  type: string;
  from: string;
  to: string;
  properties: Props;
}
export interface GraphSpec {
  nodes: NodeSpec[];
  relationships: RelSpec[];
}

export function generateGraph(random: () => number): GraphSpec {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const nodes: NodeSpec[] = [];
  for (let i = 0; i < 34; i++) {
    const labels = i < 2 ? [] : [pick(LABELS)];
    if (i >= 2 && chance(0.2)) {
      const second = pick(LABELS);
      if (!labels.includes(second)) labels.push(second);
    }
    const properties: Props = { k: `n${i}` };
    if (chance(0.8)) properties.name = pick(NAMES);
    if (chance(0.7)) properties.num = Math.floor(random() * 10);
    if (chance(0.5)) properties.age = 20 + Math.floor(random() * 40);
    if (chance(0.4)) properties.id = i;
    if (chance(0.45)) properties.secret = `SECRET-n${i}`;
    if (chance(0.4)) properties.flag = chance(0.5);
    nodes.push({ k: `n${i}`, labels, properties });
  }
  const relationships: RelSpec[] = [];
  for (let j = 0; j < 46; j++) {
    const from = pick(nodes).k;
    const to = j === 0 ? from : pick(nodes).k; // one self-loop
    const properties: Props = { k: `r${j}` };
    if (chance(0.6)) properties.num = Math.floor(random() * 10);
    if (chance(0.3)) properties.name = pick(NAMES);
    if (chance(0.5)) properties.w = 1 + Math.floor(random() * 5);
    if (chance(0.35)) properties.secret = `SECRET-r${j}`;
    relationships.push({ k: `r${j}`, type: pick(TYPES), from, to, properties });
  }
  return { nodes, relationships };
}

// ---------------------------------------------------------------------------------------------
// Access rules and the test's own model of them

export type Filter =
  | { and: Filter[] }
  | { or: Filter[] }
  | { not: Filter }
  | { label: string }
  | { type: string }
  | { property: string; operator: '=' | '<' | '>=' | 'IN' | 'STARTS WITH'; value: unknown }
  | { property: string; operator: 'IS NULL' | 'IS NOT NULL' };
export interface PropertyRule {
  enabled?: string[];
  disabled?: string[];
}
export interface PropertySecurity {
  nodes?: Record<string, PropertyRule>;
  relationships?: Record<string, PropertyRule>;
}
export interface GroupRules {
  entitySecurity: { nodeFilter?: Filter; relationshipFilter?: Filter };
  dataSecurity: { rules: Array<{ label?: string; type?: string; filter: Filter }> };
}
export interface RuleSet {
  name: string;
  groups: GroupRules[];
  /** The same for every group of the set (the union of equal rules is exact). */
  propertySecurity: PropertySecurity;
}

export function generateRuleSets(random: () => number, count: number): RuleSet[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const sample = <T>(list: readonly T[], n: number): T[] => [...list].sort(() => random() - 0.5).slice(0, n);
  const sets: RuleSet[] = [];
  for (let i = 0; i < count; i++) {
    const hiddenLabels = sample(LABELS, i === 2 ? 0 : 1 + Math.floor(random() * 2));
    const hiddenTypes = sample(TYPES, i === 3 ? 0 : 1);
    const rowLabel = pick(LABELS.filter((l) => !hiddenLabels.includes(l)));
    const rowType = pick(TYPES.filter((t) => !hiddenTypes.includes(t)));
    const rowFilters: Filter[] = [
      { property: 'num', operator: '<', value: 3 + Math.floor(random() * 5) },
      { property: 'name', operator: 'IN', value: sample(NAMES, 3) },
      { property: 'secret', operator: 'IS NULL' },
      {
        or: [
          { property: 'age', operator: '>=', value: 35 },
          { property: 'flag', operator: '=', value: true },
        ],
      },
    ];
    const group: GroupRules = {
      entitySecurity: {
        ...(hiddenLabels.length ? { nodeFilter: { not: { or: hiddenLabels.map((label) => ({ label })) } } } : {}),
        ...(hiddenTypes.length ? { relationshipFilter: { and: hiddenTypes.map((type) => ({ not: { type } })) } } : {}),
      },
      dataSecurity: {
        rules: [
          { label: rowLabel, filter: pick(rowFilters) },
          {
            type: rowType,
            filter: pick<Filter>([
              { property: 'w', operator: '>=', value: 2 + Math.floor(random() * 3) },
              { not: { property: 'name', operator: 'STARTS WITH', value: 'A' } },
            ]),
          },
        ],
      },
    };
    const [labelA, labelB] = sample(LABELS, 2);
    const propertySecurity: PropertySecurity = {
      nodes: {
        '*': { disabled: i === 1 ? ['secret', 'flag'] : ['secret'] },
        [labelA]: { disabled: [pick(['num', 'age', 'name'])] },
        [labelB]: { enabled: ['k', ...sample(['name', 'num', 'age', 'id', 'flag'], 2)] },
      },
      relationships: {
        [pick(TYPES)]: { disabled: [pick(['num', 'w', 'name'])] },
        [pick(TYPES)]: i % 2 === 0 ? { enabled: ['k', 'num'] } : { disabled: ['secret'] },
      },
    };
    const groups = [group];
    if (i === count - 1) {
      // A second group: the user sees the union of the rows both groups admit.
      groups.push({
        entitySecurity: { nodeFilter: { label: pick(LABELS) } },
        dataSecurity: { rules: [{ label: pick(LABELS), filter: { property: 'num', operator: '>=', value: 5 } }] },
      });
    }
    sets.push({ name: `rules-${i + 1}`, groups, propertySecurity });
  }
  return sets;
}

function compare(actual: unknown, operator: string, expected: unknown): boolean {
  if (actual === undefined) return false;
  switch (operator) {
    case '=':
      return actual === expected;
    case '<':
      return (
        typeof actual === typeof expected &&
        (typeof actual === 'number' || typeof actual === 'string') &&
        (actual as number) < (expected as number)
      );
    case '>=':
      return (
        typeof actual === typeof expected &&
        (typeof actual === 'number' || typeof actual === 'string') &&
        (actual as number) >= (expected as number)
      );
    case 'IN':
      return (expected as unknown[]).includes(actual);
    case 'STARTS WITH':
      return typeof actual === 'string' && actual.startsWith(expected as string);
    default:
      throw new Error(`operator ${operator} not modelled`);
  }
}

export function evaluate(filter: Filter, element: { labels?: string[]; type?: string; properties: Props }): boolean {
  if ('and' in filter) return filter.and.every((f) => evaluate(f, element));
  if ('or' in filter) return filter.or.some((f) => evaluate(f, element));
  if ('not' in filter) return !evaluate(filter.not, element);
  if ('label' in filter) return (element.labels ?? []).includes(filter.label);
  if ('type' in filter) return element.type === filter.type;
  const value = element.properties[filter.property];
  if (!('value' in filter)) return filter.operator === 'IS NULL' ? value === undefined : value !== undefined;
  return compare(value, filter.operator, filter.value);
}

export function ruleHides(rule: PropertyRule | undefined, property: string): boolean {
  if (!rule) return false;
  if (rule.disabled?.includes(property) || rule.disabled?.includes('*')) return true;
  return Boolean(rule.enabled && !rule.enabled.includes('*') && !rule.enabled.includes(property));
}

/** The graph the restricted user may see, physically: hidden rows, elements and properties removed. */
export function visibleCopy(graph: GraphSpec, rules: RuleSet): GraphSpec {
  const nodeVisible = (node: NodeSpec) =>
    rules.groups.some(
      (g) =>
        (!g.entitySecurity.nodeFilter || evaluate(g.entitySecurity.nodeFilter, node)) &&
        g.dataSecurity.rules.every((rule) => !rule.label || !node.labels.includes(rule.label) || evaluate(rule.filter, node)),
    );
  const relVisible = (rel: RelSpec) =>
    rules.groups.some(
      (g) =>
        (!g.entitySecurity.relationshipFilter || evaluate(g.entitySecurity.relationshipFilter, rel)) &&
        g.dataSecurity.rules.every((rule) => !rule.type || rule.type !== rel.type || evaluate(rule.filter, rel)),
    );
  const reduce = (properties: Props, keys: string[], table: Record<string, PropertyRule> | undefined): Props =>
    Object.fromEntries(
      Object.entries(properties).filter(([p]) => !ruleHides(table?.['*'], p) && !keys.some((key) => ruleHides(table?.[key], p))),
    );
  const nodes = graph.nodes
    .filter(nodeVisible)
    .map((n) => ({ ...n, properties: reduce(n.properties, n.labels, rules.propertySecurity.nodes) }));
  const kept = new Set(nodes.map((n) => n.k));
  const relationships = graph.relationships
    .filter((r) => kept.has(r.from) && kept.has(r.to) && relVisible(r))
    .map((r) => ({ ...r, properties: reduce(r.properties, [r.type], rules.propertySecurity.relationships) }));
  for (const element of [...nodes, ...relationships])
    if (element.properties.k === undefined) throw new Error('the key property k must never be hidden');
  return { nodes, relationships };
}

/** Runs the tasks `width` at a time; results in the tasks' order. */
export async function inParallel<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Requests as one user. */
export type Caller = (method: 'get' | 'post', url: string, body?: unknown) => request.Test;

export const caller =
  (t: TestApp, auth: string): Caller =>
  (method, url, body) => {
    const test = request(t.app)[method](url).set('Authorization', auth);
    return body === undefined ? test : test.send(body as object);
  };

/** The rule set's groups, and a user in them with these permissions (password `<username>-password-1`). */
export async function configureRuleSet(
  t: TestApp,
  admin: string,
  rules: RuleSet,
  username: string,
  permissions = ['CYPHER_QUERIES', 'EXPORT_DATA'],
): Promise<void> {
  const call = caller(t, admin);
  const groupIds: string[] = [];
  for (const [i, group] of rules.groups.entries()) {
    const created = await call('post', '/groups', { name: `${rules.name} group ${i + 1}` });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    groupIds.push(id);
    expect((await call('post', `/groups/${id}/entitySecurity`, group.entitySecurity)).status).toBe(200);
    expect((await call('post', `/groups/${id}/propertySecurity`, rules.propertySecurity)).status).toBe(200);
    expect((await request(t.app).put(`/groups/${id}/dataSecurity`).set('Authorization', admin).send(group.dataSecurity)).status).toBe(200);
  }
  const user = await call('post', '/users', {
    username,
    password: `${username}-password-1`,
    permissions,
    groupIds,
  });
  expect(user.status).toBe(201);
}

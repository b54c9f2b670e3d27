import type { GroupSecurity } from './access-scope';
import { compileAccessScope, accessScopeFor } from './access-scope';
import type { TestApp } from '../../../test/support/test-app';
import { createTestApp } from '../../../test/support/test-app';
import { loadAuthenticatedUser } from '../../auth/user-loader';
import type { ServiceContext } from '../../core/context';
import type { AccessScope, Filter } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';

const ALL_TYPES = { nodeLabels: ['*'], relationshipTypes: ['*'] };
const cz: Filter = { property: 'country', operator: '=', value: 'CZ' };
const adult: Filter = { property: 'age', operator: '>=', value: 18 };

function compile(
  groups: GroupSecurity[],
  options: { readAllData?: boolean; dataTypes?: { nodeLabels: string[]; relationshipTypes: string[] } } = {},
): AccessScope {
  return compileAccessScope({ dataTypes: options.dataTypes ?? ALL_TYPES, readAllData: options.readAllData ?? false, groups });
}

describe('compileAccessScope', () => {
  test('when the user reads all data and DATA_TYPES is ["*"], then the scope is UNRESTRICTED', () => {
    expect(compile([{ entitySecurity: { nodeFilter: cz } }], { readAllData: true })).toEqual(UNRESTRICTED);
  });

  test('when the user reads all data but DATA_TYPES lists labels, then only the DATA_TYPES restriction applies', () => {
    const scope = compile([{ entitySecurity: { nodeFilter: cz } }], {
      readAllData: true,
      dataTypes: { nodeLabels: ['Person'], relationshipTypes: ['*'] },
    });
    expect(scope).toEqual({ unrestricted: false, labels: ['Person'], types: '*' });
  });

  test('when the user has no group, then nothing is visible (deny by default)', () => {
    expect(compile([])).toEqual({ unrestricted: false, labels: [], types: [] });
  });

  test('when DATA_TYPES lists labels and types, then a group member gets exactly those', () => {
    const scope = compile([{}], { dataTypes: { nodeLabels: ['Person', 'Company'], relationshipTypes: ['KNOWS'] } });
    expect(scope).toEqual({ unrestricted: false, labels: ['Person', 'Company'], types: ['KNOWS'] });
  });

  test('when a group restricts nothing, then the union has no row filter even if another group filters', () => {
    const scope = compile([{ entitySecurity: { nodeFilter: cz, relationshipFilter: { type: 'KNOWS' } } }, { entitySecurity: {} }]);
    expect(scope).toEqual({ unrestricted: false, labels: '*', types: '*' });
  });

  test('when groups filter rows, then nodeFilter is the OR over groups of (entity filter AND data rules as NOT label OR filter)', () => {
    const scope = compile([
      { entitySecurity: { nodeFilter: cz }, dataSecurity: { rules: [{ label: 'Person', filter: adult }] } },
      { entitySecurity: { nodeFilter: { label: 'Company' } } },
    ]);
    expect(scope.nodeFilter).toEqual({
      or: [{ and: [cz, { or: [{ not: { label: 'Person' } }, adult] }] }, { label: 'Company' }],
    });
    expect(scope.relationshipFilter).toBeUndefined();
  });

  test('when a group has data rules for types, then relationshipFilter combines them with the entity filter', () => {
    const since: Filter = { property: 'since', operator: '>', value: 2000 };
    const scope = compile([
      { entitySecurity: { relationshipFilter: { not: { type: 'OWNS' } } }, dataSecurity: { rules: [{ type: 'KNOWS', filter: since }] } },
      {
        dataSecurity: {
          rules: [
            { type: 'WORKS_AT', filter: cz },
            { label: 'Person', filter: adult },
          ],
        },
      },
    ]);
    expect(scope.relationshipFilter).toEqual({
      or: [{ and: [{ not: { type: 'OWNS' } }, { or: [{ not: { type: 'KNOWS' } }, since] }] }, { or: [{ not: { type: 'WORKS_AT' } }, cz] }],
    });
    // The first group restricts no node rows: the node union is unrestricted.
    expect(scope.nodeFilter).toBeUndefined();
  });

  test('when one group disables a property for all labels and enables a list for one label, then "*" denies it and the label allows only the list', () => {
    const scope = compile([{ propertySecurity: { nodes: { '*': { disabled: ['ssn'] }, Person: { enabled: ['name', 'age', 'ssn'] } } } }]);
    expect(scope.nodeProperties).toEqual({ '*': { deny: ['ssn'] }, Person: { allow: ['age', 'name'] } });
  });

  test('when one group hides a property and another shows it, then it is visible (union)', () => {
    const scope = compile([
      { propertySecurity: { nodes: { '*': { disabled: ['ssn'] } } } },
      { propertySecurity: { nodes: { Person: { enabled: ['name', 'ssn'] } } } },
    ]);
    // The second group shows every property of non-Person nodes and ssn of Person nodes.
    expect(scope.nodeProperties).toBeUndefined();
  });

  test('when every group lists properties of a label, then the label allows their union', () => {
    const scope = compile([
      { propertySecurity: { nodes: { Person: { enabled: ['name'] } }, relationships: { KNOWS: { disabled: ['note', 'since'] } } } },
      { propertySecurity: { nodes: { Person: { enabled: ['age'] } }, relationships: { KNOWS: { disabled: ['note'] } } } },
    ]);
    expect(scope.nodeProperties).toEqual({ Person: { allow: ['age', 'name'] } });
    expect(scope.relationshipProperties).toEqual({ KNOWS: { deny: ['note'] } });
  });

  test('when a group disables "*", then it shows no property of that label; another group can still show some', () => {
    expect(compile([{ propertySecurity: { nodes: { Person: { disabled: ['*'] } } } }]).nodeProperties).toEqual({ Person: { allow: [] } });
    const scope = compile([
      { propertySecurity: { nodes: { Person: { disabled: ['*'] } } } },
      { propertySecurity: { nodes: { Person: { enabled: ['name'] } } } },
    ]);
    expect(scope.nodeProperties).toEqual({ Person: { allow: ['name'] } });
  });

  test('when "*" is in an enabled list, then it means all properties', () => {
    expect(compile([{ propertySecurity: { nodes: { Person: { enabled: ['*'], disabled: ['ssn'] } } } }]).nodeProperties).toEqual({
      Person: { deny: ['ssn'] },
    });
  });
});

describe('accessScopeFor (PostgreSQL, through the graph port)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function ctxFor(username: string): Promise<ServiceContext> {
    const row = await t.deps.db('users').where({ username }).first();
    const user = await loadAuthenticatedUser(t.deps.db, String(row.id));
    return { deps: t.deps, db: t.deps.db, user, ip: '127.0.0.1', requestId: `test-${username}` };
  }

  async function group(name: string, config: { entity?: unknown; property?: unknown; data?: unknown }): Promise<string> {
    const [row] = await t.deps
      .db('groups')
      .insert({
        name,
        entity_security: JSON.stringify(config.entity ?? {}),
        property_security: JSON.stringify(config.property ?? {}),
        data_security: JSON.stringify(config.data ?? {}),
      })
      .returning('id');
    return String(row.id);
  }

  async function visible(username: string) {
    const scope = await accessScopeFor(await ctxFor(username));
    const nodes = await t.deps.graph.findNodes({ limit: 100, sort: [{ property: 'name', direction: 'asc' }] }, scope);
    const rels = await t.deps.graph.findRelationships({ limit: 100 }, scope);
    return {
      nodes: nodes.items.map((n) => n.properties.name ?? `#${n.id}`),
      properties: Object.fromEntries(
        nodes.items.map((n) => [String((n.properties.name as string | undefined) ?? n.id), Object.keys(n.properties).sort()]),
      ),
      rels: rels.items.map((r) => r.type).sort(),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const g = t.deps.graph;
    ids.alice = (
      await g.createNode({ labels: ['Person'], properties: { name: 'alice', country: 'CZ', age: 40, ssn: '1' } }, UNRESTRICTED)
    ).id;
    ids.bob = (await g.createNode({ labels: ['Person'], properties: { name: 'bob', country: 'DE', age: 30, ssn: '2' } }, UNRESTRICTED)).id;
    ids.kid = (await g.createNode({ labels: ['Person'], properties: { name: 'kid', country: 'CZ', age: 9, ssn: '3' } }, UNRESTRICTED)).id;
    ids.acme = (await g.createNode({ labels: ['Company'], properties: { name: 'acme', country: 'DE', ssn: 'x' } }, UNRESTRICTED)).id;
    await g.createRelationship({ type: 'KNOWS', startNodeId: ids.alice, endNodeId: ids.bob, properties: {} }, UNRESTRICTED);
    await g.createRelationship({ type: 'KNOWS', startNodeId: ids.alice, endNodeId: ids.kid, properties: {} }, UNRESTRICTED);
    await g.createRelationship({ type: 'WORKS_AT', startNodeId: ids.alice, endNodeId: ids.acme, properties: {} }, UNRESTRICTED);

    const czAdults = await group('cz-adults', {
      entity: { nodeFilter: { or: [{ property: 'country', operator: '=', value: 'CZ' }, { label: 'Company' }] } },
      data: { rules: [{ label: 'Person', filter: { property: 'age', operator: '>=', value: 18 } }] },
      property: { nodes: { '*': { disabled: ['ssn'] } } },
    });
    const companies = await group('companies', {
      entity: { nodeFilter: { label: 'Company' } },
      property: { nodes: { Company: { enabled: ['name'] } } },
    });
    const broken = await group('broken', { entity: { nodeFilter: { property: 'x"', operator: 'DROP', value: 1 } } });
    await t.createUser('nogroup');
    await t.createUser('cz', { groupIds: [czAdults] });
    await t.createUser('cz-and-companies', { groupIds: [czAdults, companies] });
    await t.createUser('only-broken', { groupIds: [broken] });
    await t.createUser('reader', { permissions: ['READ_ALL_DATA'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('when a user has no group, then no node and no relationship is visible', async () => {
    expect(await visible('nogroup')).toEqual({ nodes: [], properties: {}, rels: [] });
  });

  test('when a group filters rows and hides a property, then only matching rows are visible, without the property', async () => {
    const seen = await visible('cz');
    expect(seen.nodes).toEqual(['acme', 'alice']);
    expect(seen.properties.alice).toEqual(['age', 'country', 'name']);
    // KNOWS alice->bob: bob is hidden; alice->kid: kid fails the data rule; WORKS_AT: both ends visible.
    expect(seen.rels).toEqual(['WORKS_AT']);
  });

  test('when a user is in two groups, then rows and properties are the union', async () => {
    const seen = await visible('cz-and-companies');
    expect(seen.nodes).toEqual(['acme', 'alice']);
    // cz-adults shows every Company property but ssn; companies shows only name: union = all but ssn.
    expect(seen.properties.acme).toEqual(['country', 'name']);
  });

  test('when the only group has an invalid stored configuration, then it grants nothing', async () => {
    expect((await visible('only-broken')).nodes).toEqual([]);
  });

  test('when the user reads all data, then everything is visible; DATA_TYPES still hides labels for them', async () => {
    const all = await visible('reader');
    expect(all.nodes).toEqual(['acme', 'alice', 'bob', 'kid']);
    expect(all.properties.bob).toContain('ssn');
    await t.deps
      .db('settings')
      .insert({ type: 'DATA_TYPES', value: JSON.stringify({ nodeLabels: ['Person'], relationshipTypes: ['KNOWS'] }) });
    try {
      const limited = await visible('reader');
      expect(limited.nodes).toEqual(['alice', 'bob', 'kid']);
      expect(limited.rels).toEqual(['KNOWS', 'KNOWS']);
      const cz = await visible('cz');
      expect(cz.nodes).toEqual(['alice']);
    } finally {
      await t.deps.db('settings').where({ type: 'DATA_TYPES' }).delete();
    }
  });

  test('when the scope is asked twice for one request context, then it is built once', async () => {
    const ctx = await ctxFor('cz');
    expect(accessScopeFor(ctx)).toBe(accessScopeFor(ctx));
  });

  test('when there is no signed-in user, then nothing is visible', async () => {
    const scope = await accessScopeFor({ deps: t.deps, db: t.deps.db, user: null, ip: '', requestId: 'anon' });
    expect(scope).toEqual({ unrestricted: false, labels: [], types: [] });
  });
});

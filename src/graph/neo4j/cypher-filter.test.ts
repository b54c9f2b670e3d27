import type { AccessScope, Filter } from '../graph-store';
import { UNRESTRICTED } from '../graph-store';
import { and, CypherCompiler, escapeRegex, luceneQuery, TRUE } from './cypher-filter';
import { chooseDialect } from './dialect';

const v3 = chooseDialect('3.5.35');
const v4 = chooseDialect('4.4.26');
const v5 = chooseDialect('5.26.0');

const SECRET = 'S3cr3t-VALUE-xyz';

const scope: AccessScope = {
  unrestricted: false,
  labels: ['Person', 'Company'],
  types: ['WORKS_AT'],
  nodeFilter: { or: [{ label: 'Company' }, { property: 'tenant', operator: '=', value: 'tenant-A' }] },
  relationshipFilter: { property: 'confidential', operator: '<>', value: true },
  nodeProperties: { '*': { deny: ['ssn'] }, Person: { allow: ['name', 'age', 'tenant'] } },
  relationshipProperties: { WORKS_AT: { deny: ['salary'] } },
};

function valuesOf(params: Record<string, unknown>): string {
  return JSON.stringify(params, (_k, v) => (typeof v === 'object' && v && 'low' in v && 'high' in v ? String(v) : v));
}

describe('filter compilation', () => {
  it.each([
    ['3.5', v3],
    ['4.4', v4],
    ['5.x', v5],
  ])('binds every value as a parameter and quotes identifiers (%s)', (_name, dialect) => {
    const c = new CypherCompiler(dialect, UNRESTRICTED);
    const filter: Filter = {
      and: [
        { label: 'Per son' },
        { property: 'name', operator: '=', value: SECRET },
        { property: 'tags', operator: 'IN', value: [SECRET + '2', 3] },
        { not: { property: 'deleted', operator: 'IS NOT NULL' } },
        { property: 'title', operator: '=~', value: '.*x.*' },
        { ids: ['1', '2'] },
      ],
    };
    const cypher = c.filter(filter, 'n', 'node');
    expect(cypher).not.toContain(SECRET);
    expect(cypher).toContain('n:`Per son`');
    expect(cypher).toContain('n.`name` = $v');
    expect(cypher).toContain('n.`tags` IN $v');
    expect(cypher).toContain('NOT coalesce(n.`deleted` IS NOT NULL, false)');
    expect(cypher).toContain(`${dialect.idFunction}(n) IN $ids`);
    expect(valuesOf(c.params.values)).toContain(SECRET);
    // every $reference in the text is bound
    for (const ref of cypher.match(/\$\w+/g) ?? []) expect(c.params.values).toHaveProperty(ref.slice(1));
  });

  it('refuses invalid identifiers and malformed filters before any Cypher exists', () => {
    const c = new CypherCompiler(v4, UNRESTRICTED);
    expect(() => c.filter({ label: 'A`:B' }, 'n', 'node')).toThrow(/Invalid label/);
    expect(() => c.filter({ property: 'a` = 1 OR true //', operator: '=', value: 1 }, 'n', 'node')).toThrow(/Invalid property/);
    expect(() => c.filter({ property: 'a', operator: 'DROP' as never, value: 1 }, 'n', 'node')).toThrow(/unknown operator/);
    expect(() => c.typePattern(['T`]->() DELETE x'])).toThrow(/Invalid relationship type/);
  });

  it('relationship filters: type as a parameter, label never matches', () => {
    const c = new CypherCompiler(v5, UNRESTRICTED);
    expect(c.filter({ and: [{ type: 'KNOWS' }, { label: 'X' }] }, 'r', 'relationship')).toBe('(type(r) = $type0) AND (false)');
    expect(c.params.values.type0).toBe('KNOWS');
  });
});

describe('access scope compilation', () => {
  it('unrestricted scopes add nothing', () => {
    const c = new CypherCompiler(v4, UNRESTRICTED);
    expect(c.nodeVisible('n')).toBe(TRUE);
    expect(c.relationshipVisible('r', 'a', 'b')).toBe(TRUE);
    expect(c.property('node', 'n', 'name')).toBe('n.`name`');
    // All properties as Neo4j's map; as pairs only for an element with a property named __proto__.
    expect(c.nodeProjection('n')).toBe(
      '{id: id(n), labels: labels(n), props: CASE WHEN n.`__proto__` IS NULL THEN properties(n) ELSE [gasK IN keys(n) | [gasK, n[gasK]]] END}',
    );
  });

  it('when a scope names visible labels, then a query variable gets them as label predicates and the row rule binds its values', () => {
    const c = new CypherCompiler(v5, scope);
    const visible = c.nodeVisible('n');
    // Label predicates (not a test over labels(n)): the planner scans the label or seeks its index.
    expect(visible).toBe('(n:`Person` OR n:`Company`) AND ((n:`Company`) OR (n.`tenant` = $v0))');
    expect(visible).not.toContain('tenant-A');
    expect(c.params.values.v0).toBe('tenant-A');
    // Another expression than a plain variable keeps the list test (same truth value).
    expect(c.nodeVisible('startNode(r)')).toContain('any(gasL IN labels(startNode(r)) WHERE gasL IN $scopeLabels');
    const scopeLabels = Object.entries(c.params.values).find(([k]) => k.startsWith('scopeLabels'))?.[1];
    expect(scopeLabels).toEqual(['Person', 'Company']);
    // No visible label at all: nothing is visible.
    expect(new CypherCompiler(v5, { ...scope, labels: [] }).nodeVisible('n')).toMatch(/^\(false\) AND /);
  });

  it('a relationship is visible only with its type, its rule and both ends visible', () => {
    const c = new CypherCompiler(v3, scope);
    const visible = c.relationshipVisible('r', 'a', 'b');
    expect(visible).toContain('type(r) IN $scopeTypes');
    expect(visible).toContain('r.`confidential` <> $v');
    expect(visible).toContain('a:`Person` OR a:`Company`');
    expect(visible).toContain('b:`Person` OR b:`Company`');
  });

  it('hidden properties read as null in user filters and sorts, and are stripped from projections', () => {
    const c = new CypherCompiler(v4, scope);
    // Hidden under '*': the comparison is false, the property never reaches the query.
    expect(c.filter({ property: 'ssn', operator: '=', value: '123' }, 'n', 'node')).toBe('false');
    expect(c.filter({ property: 'ssn', operator: 'IS NULL' }, 'n', 'node')).toBe('null IS NULL');
    expect(c.filter({ not: { property: 'ssn', operator: '=', value: '123' } }, 'n', 'node')).toBe('NOT coalesce(false, false)');
    // Hidden on Person only (not in its allow list): the plain comparison AND "not a Person".
    const f = c.filter({ property: 'email', operator: '=', value: 'x@y' }, 'n', 'node');
    expect(f).toMatch(/^\(n\.`email` = \$v\d+\) AND \(NOT n:`Person`\)$/);
    expect(c.filter({ property: 'email', operator: 'IS NULL' }, 'n', 'node')).toBe('CASE WHEN NOT n:`Person` THEN n.`email` END IS NULL');
    // Visible under every rule: the plain comparison, which an index can answer.
    expect(c.filter({ property: 'name', operator: '=', value: 'Ann' }, 'n', 'node')).toMatch(/^n\.`name` = \$v\d+$/);
    // Relationships: a rule of one type hides it on that type only.
    expect(c.filter({ property: 'salary', operator: '>', value: 1 }, 'r', 'relationship')).toMatch(
      /^\(r\.`salary` > \$v\d+\) AND \(NOT type\(r\) = \$relRule0t\d+\)$/,
    );
    // Projections: one condition per rule, its lists bound once.
    expect(c.nodeProjection('n')).toMatch(
      /^\{id: id\(n\), labels: .*, props: \[gasK IN keys\(n\) WHERE \(NOT gasK IN \$nodeRule0deny\d+\) AND \(NOT n:`Person` OR \(gasK IN \$nodeRule1allow\d+\)\) \| \[gasK, n\[gasK\]\]\]\}$/,
    );
    c.nodeProjection('n');
    const bound = (prefix: string) =>
      Object.entries(c.params.values)
        .filter(([k]) => k.startsWith(prefix))
        .map(([, v]) => v);
    expect(bound('nodeRule0deny')).toEqual([['ssn']]);
    expect(bound('nodeRule1allow')).toEqual([['name', 'age', 'tenant']]);
    const projection = c.nodeProjection('n', ['name']);
    expect(projection).toContain('[gasL IN labels(n) WHERE gasL IN $scopeLabels');
    expect(projection).toMatch(/\[gasK IN keys\(n\) WHERE .*\(gasK IN \$props\d+\) \| \[gasK, n\[gasK\]\]\]/);
    const order = c.orderBy('node', 'n', [{ property: 'email', direction: 'desc' }], 'id(n)');
    expect(order).toBe('CASE WHEN NOT n:`Person` THEN n.`email` END IS NULL, CASE WHEN NOT n:`Person` THEN n.`email` END DESC, id(n)');
    expect(c.orderBy('node', 'n', [{ property: 'ssn', direction: 'asc' }], 'id(n)')).toBe('null IS NULL, null ASC, id(n)');
  });

  it('paths: every node and relationship must be visible', () => {
    const c = new CypherCompiler(v5, scope);
    const p = c.pathVisible('p');
    expect(p).toContain('all(gasN IN nodes(p) WHERE');
    expect(p).toContain('all(gasE IN relationships(p) WHERE');
    expect(c.pathProjection('p')).toContain('elementId(startNode(gasE))');
  });

  it('text search: regex parameter, only visible properties', () => {
    const c = new CypherCompiler(v3, scope);
    const text = c.textMatch('node', 'n', 'a.b*(c)');
    // The properties read once as a map (properties(n)), its keys filtered by the rules.
    expect(text).toMatch(
      /^any\(gasM IN \[properties\(n\)\] WHERE any\(gasK IN keys\(gasM\) WHERE \(\(NOT gasK IN \$nodeRule0deny\d+\) AND \(NOT n:`Person` OR .*\)\) AND \(gasM\[gasK\] =~ \$text\d+\)\)\)$/,
    );
    const pattern = Object.entries(c.params.values).find(([k]) => k.startsWith('text'))?.[1];
    // (?isu): Unicode case folding, so 'É' matches 'é' (Java's (?i) alone folds US-ASCII only)
    expect(pattern).toBe('(?isu).*a\\.b\\*\\(c\\).*');
    expect(new RegExp(String(pattern).replace('(?isu)', '')).test('xx a.b*(c) yy')).toBe(true);
  });
});

describe('helpers', () => {
  it('and() drops trivially true parts', () => {
    expect(and(TRUE, undefined, 'a = 1')).toBe('a = 1');
    expect(and('a', 'b')).toBe('(a) AND (b)');
    expect(and()).toBe(TRUE);
  });

  it('escapes regex metacharacters and quotes Lucene words', () => {
    expect(escapeRegex('1+1=2?')).toBe('1\\+1\\=2\\?');
    expect(luceneQuery('  foo AND "bar"  ba\\z ')).toBe('"foo" AND "AND" AND "\\"bar\\"" AND "ba\\\\z"');
  });
});

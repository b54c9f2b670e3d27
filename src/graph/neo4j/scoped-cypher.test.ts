import type { AccessScope } from '../graph-store';
import { CypherCompiler } from './cypher-filter';
import { chooseDialect } from './dialect';
import { scopeCypher } from './scoped-cypher';

const scope: AccessScope = {
  unrestricted: false,
  labels: ['Person', 'Company'],
  types: '*',
  nodeFilter: { property: 'country', operator: '=', value: 'CZ' },
  relationshipFilter: { not: { type: 'SPIES_ON' } },
  nodeProperties: { Person: { deny: ['salary', 'p'] } },
  relationshipProperties: { WORKS_AT: { allow: ['role'] } },
};

const rewrite = (query: string, params: Record<string, unknown> = {}) =>
  scopeCypher(query, params, new CypherCompiler(chooseDialect('3.5.5'), scope));
const refusal = async (query: string, params: Record<string, unknown> = {}) => {
  try {
    await rewrite(query, params);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error(`not refused: ${query}`);
};

describe('scopeCypher', () => {
  test('when a pattern has anonymous elements and a variable-length relationship, then each gets a variable and the scope, each relationship and every node of the path too', async () => {
    const { query } = await rewrite('MATCH (a)-[*2]-() RETURN count(*)');
    // The path variable lets Neo4j check the node condition during the expansion.
    expect(query).toMatch(/^MATCH gasP1 = \(a\)-\[gasR2\*2\]-\(gasN3\) WHERE /);
    expect(query).toContain('all(gasE IN gasR2 WHERE ');
    expect(query).toContain('all(gasN IN nodes(gasP1) WHERE ');
    expect(query).toMatch(/RETURN count\(\*\)$/);
  });

  test('when a variable-length pattern is inside a pattern expression (no path variable), then both ends of each relationship are checked', async () => {
    const { query } = await rewrite('MATCH (a) RETURN size([(a)-[*2]-(b) | b]) AS n');
    expect(query).toContain('labels(startNode(gasE))');
    expect(query).toContain('labels(endNode(gasE))');
  });

  test('when the user WHERE exists, then it is kept and the scope is added beside it; pattern properties move into the WHERE', async () => {
    const { query, params } = await rewrite('MATCH (n:Person {name: $name}) WHERE n.age > 3 RETURN n', { name: 'x' });
    // age and name are guarded: the WORKS_AT rule shows only role, so they are hidden somewhere.
    expect(query).toMatch(/^MATCH \(n:Person\) WHERE \(.*\) AND \(CASE WHEN .* THEN \(\(\(CASE WHEN .* THEN n\.age END\) > 3\)\) AND /);
    expect(query).toContain('THEN n.name END) = $u_name');
    expect(params.u_name).toBe('x');
    expect(params).not.toHaveProperty('name');
  });

  test('when a property a rule hides is read, then it is guarded and the column keeps its name', async () => {
    const { query } = await rewrite('MATCH (n) RETURN n.salary, n.name');
    expect(query).toContain('THEN n.salary END) AS `n.salary`');
    // name is hidden nowhere... except on WORKS_AT (allow list), but n is a node: guarded only where a rule names it.
    expect(query).toMatch(/, \(CASE WHEN .* THEN n\.name END\) AS `n\.name`$/);
  });

  test('when the user WHERE could fail, then it is only evaluated for rows the scope admits', async () => {
    const { query } = await rewrite('MATCH (n) WHERE 1 / n.x > 0 RETURN n');
    expect(query).toMatch(/ AND \(CASE WHEN .* THEN \(1 \/ .* > 0\) END\) RETURN n$/);
    // The division appears only inside the CASE, after the scope's conditions.
    expect(query.indexOf('1 /')).toBeGreaterThan(query.indexOf(' AND (CASE WHEN '));
  });

  test("when RETURN * follows a pattern with added variables, then only the user's variables are projected", async () => {
    expect((await rewrite('MATCH (b)-[*2]-(a) RETURN *')).query).toMatch(/ RETURN a, b$/);
    expect((await rewrite('MATCH (a)-->(b) WITH * RETURN *')).query).toMatch(/ WITH a, b RETURN \*$/);
    expect((await rewrite('MATCH (a)-[r]->(b) RETURN *')).query).toMatch(/ RETURN \*$/);
  });

  test('when a variable is named like a hidden property, then nothing is refused', async () => {
    await expect(rewrite('MATCH (p)-[salary]->(n) RETURN p, salary, n')).resolves.toBeDefined();
  });

  test('when a label outside the visible labels is named, then it is false', async () => {
    expect((await rewrite('MATCH (n:Agent) RETURN n')).query).toMatch(/ AND \(false\)/);
    expect((await rewrite('MATCH (n) WHERE n:Agent RETURN n')).query).toMatch(/ THEN \(false\) END\) RETURN n$/);
    expect((await rewrite('MATCH (n) RETURN labels(n)')).query).toContain('[gasL IN labels(n) WHERE gasL IN $scopeLabels');
  });

  test('when a pattern is used as a predicate or in exists(), then it becomes a scoped pattern comprehension', async () => {
    expect((await rewrite('MATCH (n) WHERE (n)-->() RETURN n')).query).toMatch(
      / THEN \(\(size\(\[\(n\)-\[gasR\d+\]->\(gasN\d+\) WHERE .* \| 1\]\) > 0\)\) END\) RETURN n$/,
    );
    expect((await rewrite('MATCH (n) RETURN exists((n)-->())')).query).toContain('(size([(n)-[gasR');
  });

  test('when a construct cannot be rewritten safely, then 403 CYPHER_RESTRICTED names it and its position', async () => {
    expect(await refusal('CALL db.labels()')).toMatchObject({
      code: 'CYPHER_RESTRICTED',
      message: expect.stringContaining('CALL db.labels (at 1:1)'),
    });
    expect((await refusal('MATCH (n)\nRETURN n[$k]', { k: 'salary' })).message).toContain('(at 2:9)');
    expect((await refusal('MATCH (n) RETURN properties(n)')).message).toContain('properties()');
    expect((await refusal('MATCH (n) RETURN n {.*}')).message).toContain('.*');
    expect((await refusal('MATCH (n) CREATE (m)')).message).toContain('CREATE');
    expect((await refusal('MATCH p = shortestPath((a)-[*]-(b)) RETURN p')).message).toContain('shortestPath');
    expect((await refusal('WITH {salary: 1} AS m RETURN m.salary')).message).toContain('.salary');
    expect((await refusal('MATCH (n) RETURN apoc.any.properties(n)')).message).toContain('apoc.any.properties');
    expect(await refusal('MATCH (n) RETURN $hidden')).toMatchObject({ code: 'CYPHER_PARAMETER_MISSING' });
    expect(await refusal('MATCH (gasN1) RETURN gasN1')).toMatchObject({ code: 'CYPHER_RESERVED_NAME' });
    expect(await refusal('CALL { MATCH (n) RETURN n } RETURN n')).toMatchObject({ code: 'CYPHER_SYNTAX_ERROR' });
  });

  test('when property access is on a value derived from elements, then the kind is followed through lists, head() and startNode()', async () => {
    const { query } = await rewrite(
      'MATCH p = (a)-[r*]->(b) WITH collect(a) AS people, r UNWIND people AS x RETURN x.salary, head(r).wage, startNode(head(r)).salary',
    );
    expect(query).toContain('THEN x.salary END');
    expect(query).toContain('THEN head(r).wage END');
    expect(query).toContain('THEN startNode(head(r)).salary END');
  });
});

describe('scopeCypher: what a property read may read from (issue 18 item 8)', () => {
  // Deny rules only, as a group that hides one property: every other key is visible everywhere.
  const hiding: AccessScope = {
    unrestricted: false,
    labels: '*',
    types: '*',
    nodeProperties: { Pub: { deny: ['secprop'] } },
    relationshipProperties: { LINK: { deny: ['secprop'] } },
  };
  const scoped = (query: string, params: Record<string, unknown> = {}, scope: AccessScope = hiding) =>
    scopeCypher(query, params, new CypherCompiler(chooseDialect('3.5.5'), scope));
  const refused = async (query: string) => {
    try {
      await scoped(query, { k: 'secprop', m: { a: 1 } });
    } catch (error) {
      return error as { code: string; message: string; status: number };
    }
    throw new Error(`not refused: ${query}`);
  };

  test('when a property is read from a map or list that may hold an element, in any spelling or position, then 400 CYPHER_UNSUPPORTED names the read and its position', async () => {
    for (const [query, construct] of [
      ['MATCH (n:Pub) WITH {a: n} AS m RETURN m.a.secprop', 'Property access .a (at 1:40)'],
      ['MATCH (n:Pub) WITH {a: {b: n}} AS m RETURN m.a.b.secprop', 'Property access .a'],
      ['MATCH ()-[r:LINK]->() WITH {a: r} AS m RETURN m.a.secprop', 'Property access .a'],
      ["MATCH (n:Pub) WITH {a: n} AS m WHERE m.a.secprop STARTS WITH 'SECRET' RETURN count(*)", 'Property access .a'],
      ['MATCH (n:Pub) WITH {a: n} AS m RETURN toInteger(m.a.secprop)', 'Property access .a'],
      ['MATCH (n:Pub) WITH {a: n} AS m RETURN exists(m.a.secprop)', 'Property access .a'],
      ['MATCH (n:Pub) WITH {a: n} AS m ORDER BY m.a.secprop RETURN 1', 'Property access .a'],
      ['MATCH (n:Pub) WITH [n] AS l RETURN (l[0]).secprop', 'Property access .secprop'],
      ['MATCH (n:Pub) RETURN head([n]).secprop', 'Property access .secprop'],
      ['MATCH (n:Pub) UNWIND [n] AS x RETURN x.secprop', 'Property access .secprop'],
      ['MATCH (n:Pub) RETURN [x IN [n] | x.secprop]', 'Property access .secprop'],
      ["MATCH (n:Pub) RETURN any(x IN [n] WHERE x.secprop STARTS WITH 'S')", 'Property access .secprop'],
      ['MATCH (n:Pub) RETURN reduce(s = n, x IN [1] | s.secprop)', 'Property access .secprop'],
      ['MATCH (n:Pub) RETURN (CASE WHEN true THEN n END).secprop', 'Property access .secprop'],
      ['MATCH (n:Pub), (m:Pub) RETURN coalesce(n, [m]).secprop', 'Property access .secprop'],
      ['MATCH p = (:Pub)-->() RETURN p.secprop', 'Property access .secprop'],
      ['MATCH (n:Pub) WITH {a: n} AS m RETURN keys(m)', 'keys()'],
      ['MATCH (n:Pub) WITH {a: n} AS m RETURN properties(m)', 'properties()'],
      ['MATCH (n:Pub) WITH {a: n} AS m RETURN m {.a}', 'Property access .a'],
      ['MATCH (n:Pub) WITH {a: n} AS m RETURN m {.*}', 'The map projection .*'],
    ]) {
      expect({ query, refusal: await refused(query) }).toEqual({
        query,
        refusal: expect.objectContaining({ status: 400, code: 'CYPHER_UNSUPPORTED', message: expect.stringContaining(construct) }),
      });
    }
  });

  test('when a property is read by a computed key, then it is refused whatever the base', async () => {
    for (const query of [
      "MATCH (n:Pub) RETURN n['secprop']",
      "MATCH (n:Pub) WITH {a: n} AS m RETURN m['a']['secprop']",
      'MATCH (n:Pub) RETURN n[$k]',
    ]) {
      expect({ query, code: (await refused(query)).code }).toEqual({ query, code: 'CYPHER_RESTRICTED' });
    }
  });

  test('when reads are from a MATCH variable (also passed on by WITH or taken from a list of proven elements), then each is guarded; reads from stored values are left as written', async () => {
    const guarded = /\(CASE WHEN .* THEN x\.secprop END\)/;
    expect((await scoped('MATCH (n:Pub) WITH n AS x RETURN x.secprop')).query).toMatch(guarded);
    expect((await scoped('MATCH (n:Pub) WITH collect(n) AS ns UNWIND ns AS x RETURN x.secprop')).query).toMatch(guarded);
    expect((await scoped('MATCH (n:Pub) WITH collect(n) AS ns RETURN (ns[0]).secprop')).query).toContain('THEN (ns[0]).secprop END');
    // A property value never holds an element: reading from it needs no guard.
    expect((await scoped('MATCH (n:Pub) WITH n, n.born AS b RETURN b.year, n.born.month')).query).toBe(
      'MATCH (n:Pub) WITH n, n.born AS b RETURN b.year, n.born.month',
    );
    expect((await scoped('MATCH (n:Pub) RETURN n.secprop.month')).query).toMatch(
      /RETURN \(CASE WHEN .* THEN n\.secprop END\)\.month AS `n\.secprop\.month`$/,
    );
    expect((await scoped('RETURN $m.a AS a, date().year AS y, toString(1).x AS s', { m: { a: 1 } })).query).toBe(
      'RETURN $u_m.a AS a, date().year AS y, toString(1).x AS s',
    );
  });

  test('when elements are returned inside maps and lists, then that is allowed (the service re-reads every returned element through the scope)', async () => {
    expect((await scoped('MATCH (n:Pub) WITH {a: n} AS m RETURN m, [n] AS l')).query).toMatch(/ WITH \{a: n\} AS m RETURN m, \[n\] AS l$/);
  });

  test('when the reader has no property rule, then reads from maps are left as written (nothing to hide)', async () => {
    const noPropertyRules: AccessScope = { unrestricted: false, labels: ['Pub'], types: '*' };
    expect((await scoped('MATCH (n:Pub) WITH {a: n} AS m RETURN m.a.secprop, keys(m), m {.*}', {}, noPropertyRules)).query).toMatch(
      /RETURN m\.a\.secprop, keys\(m\), m \{\.\*\}$/,
    );
  });
});

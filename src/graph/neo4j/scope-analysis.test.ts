import { descendants, parseCypher, rule } from '../../cypher/parser';
import type { Kind } from './scope-analysis';
import { kindOf } from './scope-analysis';

/** The kind of the expression of `RETURN <expression>` with n a node, r a relationship, p a path, m a map (unknown). */
const kind = (expression: string): Kind => {
  const item = descendants(parseCypher(`RETURN ${expression}`).root, 'returnItem')[0];
  const variables: Record<string, Kind> = { n: 'node', r: 'relationship', p: 'path', m: 'unknown', v: 'value' };
  return kindOf(rule(item, 'expression')!, (name) => variables[name]);
};

describe('kindOf', () => {
  test('when an expression is a MATCH variable or an element taken from a proven list of elements, then it is a node or relationship', () => {
    expect(
      ['n', '(n)', 'startNode(r)', 'head(nodes(p))', 'last(collect(n))', 'nodes(p)[0]', 'coalesce(n, n)', 'head(relationships(p))'].map(
        kind,
      ),
    ).toEqual(['node', 'node', 'node', 'node', 'node', 'node', 'node', 'relationship']);
    expect(['collect(n)', 'nodes(p)', 'nodes(p)[1..]', 'tail(collect(r))', 'p'].map(kind)).toEqual([
      'nodes',
      'nodes',
      'nodes',
      'relationships',
      'path',
    ]);
  });

  test('when an expression provably holds no element, then it is a value (read without a guard)', () => {
    for (const expression of [
      '1',
      "'s'",
      'true',
      'null',
      '$p',
      '$p.a.b',
      'n.x',
      'n.x.y',
      'v.a',
      'r.since.year',
      '1 + 2',
      'n.a + 1',
      '-n.x',
      'n.x * 2',
      'n.x > 1',
      'n:Pub',
      'n.x IS NULL',
      "n.x STARTS WITH 'a'",
      'count(*)',
      'count(n)',
      'size(m)',
      'toString(n.x)',
      'date().year',
      "date.truncate('day', date())",
      'collect(n.x)',
      'head(collect(n.x))',
      'exists(n.x)',
      'id(n)',
      'keys(n)',
      'min(n.x)',
    ]) {
      expect({ expression, kind: kind(expression) }).toEqual({ expression, kind: 'value' });
    }
  });

  test('when an expression may hold an element the analysis cannot place, then it is unknown (deny by default)', () => {
    for (const expression of [
      'm',
      'm.a',
      'm.a.b',
      '{a: n}',
      '{a: 1}',
      '[n]',
      '[n][0]',
      '[1][0]',
      'head([n])',
      'CASE WHEN true THEN n END',
      'coalesce(n, r)',
      'coalesce(n, m)',
      '[1] + [n]',
      'n.x + m',
      'min(n)',
      'properties(n)',
      '[x IN [n] | x]',
      'reduce(s = n, x IN [1] | s)',
      'apoc.any.properties(n)',
      'nodes(p)[0][0]',
      'p.x',
    ]) {
      expect({ expression, kind: kind(expression) }).toEqual({ expression, kind: 'unknown' });
    }
  });
});

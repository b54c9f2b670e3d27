import { dottedInvocations, parseCypher, textOf } from './parser';

describe('parseCypher', () => {
  test('when a query is parsed, then the tree gives the text back exactly, comments and spaces included', () => {
    const query = 'MATCH (n:Person) // who\nWHERE n.age > $age /* min */ RETURN n';
    expect(textOf(parseCypher(query).root)).toBe(query);
  });
});

describe('dottedInvocations', () => {
  test('when procedures and functions are named with backticks or spaces, then their dotted names are found, but not inside strings', () => {
    const calls = dottedInvocations("CALL `dbms`.`security`.createUser('a', 'b') WITH 1 AS x RETURN apoc.cypher.runFirstColumn('x', {}), 'dbms.x()'");
    expect(calls.map((c) => c.name)).toEqual(['dbms.security.createUser', 'apoc.cypher.runFirstColumn']);
  });
});

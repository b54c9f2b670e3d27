import { assertNoRefusedRoutines, assertPlanProcedures, ProcedureCatalogue, proceduresInPlan } from './procedures';

const plan = {
  operatorType: 'ProduceResults',
  children: [
    {
      operatorType: 'ProcedureCall',
      arguments: { Signature: 'dbms.security.createUser(CoerceTo(Parameter(  AUTOSTRING0,String),String)) :: ()' },
      children: [{ operatorType: 'ProcedureCall@neo4j', arguments: { Details: 'db.labels() :: (label :: STRING)' } }],
    },
  ],
};

describe('procedures', () => {
  test('when a plan holds procedure calls (3.5 Signature, 5.x Details), then every name is found', () => {
    expect(proceduresInPlan(plan)).toEqual(['dbms.security.createUser', 'db.labels']);
  });

  test('when procedures are judged by mode, then DBMS never passes, WRITE and SCHEMA only with writes allowed, unknown names never', async () => {
    const catalogue = new ProcedureCatalogue(
      async () =>
        new Map([
          ['db.labels', 'READ'],
          ['db.createLabel', 'WRITE'],
          ['db.createIndex', 'SCHEMA'],
          ['dbms.security.createUser', 'DBMS'],
        ]),
    );
    const check = (names: string[], allowWrite: boolean) => assertPlanProcedures(names, catalogue.resolver(), allowWrite);
    await expect(check(['db.labels'], false)).resolves.toBeUndefined();
    await expect(check(['db.createLabel'], false)).rejects.toMatchObject({ code: 'CYPHER_PROCEDURE_REFUSED' });
    await expect(check(['db.createIndex', 'db.createLabel'], true)).resolves.toBeUndefined();
    await expect(check(['dbms.security.createUser'], true)).rejects.toMatchObject({ code: 'CYPHER_PROCEDURE_REFUSED' });
    await expect(check(['custom.unknown'], true)).rejects.toMatchObject({ code: 'CYPHER_PROCEDURE_REFUSED' });
  });

  test('when a query names a routine that runs Cypher text or a dbms function, then it is refused from the text', () => {
    expect(() => assertNoRefusedRoutines("RETURN apoc.cypher.runFirstColumn('x', {}, false)")).toThrow(/apoc\.cypher\.runFirstColumn/);
    expect(() => assertNoRefusedRoutines('CALL `apoc`.periodic.iterate("a", "b", {})')).toThrow(/apoc\.periodic\.iterate/);
    expect(() => assertNoRefusedRoutines("MATCH (n) RETURN n.name, 'apoc.cypher.run(' AS text")).not.toThrow();
  });

  test('when a query calls an apoc.load routine (the server reads a file or fetches a URL, as LOAD CSV), then it is refused from the text', () => {
    for (const query of [
      "CALL apoc.load.json('file:///etc/passwd') YIELD value RETURN value",
      "CALL apoc.load.csv('http://169.254.169.254/') YIELD map RETURN map",
      "CALL apoc.load.xml('file:///x') YIELD value RETURN value",
    ]) {
      expect(() => assertNoRefusedRoutines(query)).toThrow(expect.objectContaining({ code: 'CYPHER_PROCEDURE_REFUSED' }));
    }
  });
});

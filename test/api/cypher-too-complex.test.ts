import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

/**
 * How large a Cypher query's PostgreSQL translation grows. Operations that read an operand more
 * than once compute a long operand once (shareOperands), and arithmetic writes each operand once,
 * so nesting no longer doubles the statement: the TCK's Return6 [16] (nested arithmetic inside an
 * aggregate) is answered, a long chain of aggregates too. What still grows with nesting (functions
 * of aggregates, which cannot be computed once in a subquery) is refused as too complex, never
 * left to exhaust the process or answered 5xx.
 */
const describePostgres = testGraphBackend === 'postgres' ? describe : describe.skip;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describePostgres('Cypher translations that nest', () => {
  const cypher = (query: string) =>
    request(t.app).post('/data/cypher').set('Authorization', t.basic('admin', ADMIN_PASSWORD)).send({ query });

  it('when arithmetic nests inside an aggregate (TCK Return6 [16]), then it is answered as on Neo4j', async () => {
    const created = await cypher(
      `CREATE (andres {name: 'Andres'}), (michael {name: 'Michael'}), (peter {name: 'Peter'}),
              (bread {type: 'Bread'}), (veggies {type: 'Veggies'}), (meat {type: 'Meat'})
       CREATE (andres)-[:ATE {times: 10}]->(bread), (andres)-[:ATE {times: 8}]->(veggies),
              (michael)-[:ATE {times: 4}]->(veggies), (michael)-[:ATE {times: 6}]->(bread), (michael)-[:ATE {times: 9}]->(meat),
              (peter)-[:ATE {times: 7}]->(veggies), (peter)-[:ATE {times: 7}]->(bread), (peter)-[:ATE {times: 4}]->(meat)`,
    );
    expect(created.status).toBe(200);
    const answer = await cypher(
      `MATCH (me)-[r1:ATE]->()<-[r2:ATE]-(you) WHERE me.name = 'Michael'
       WITH me, count(DISTINCT r1) AS H1, count(DISTINCT r2) AS H2, you
       MATCH (me)-[r1:ATE]->()<-[r2:ATE]-(you)
       RETURN you.name AS you, sum((1 - abs(r1.times / H1 - r2.times / H2)) * (r1.times + r2.times) / (H1 + H2)) AS sum
       ORDER BY you`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toEqual([
      ['Andres', -7],
      ['Peter', 0],
    ]);
  });

  it('when 40 aggregates are added up, then the sum is answered (each term is written once)', async () => {
    const terms = Array.from({ length: 40 }, () => 'count(*)').join(' + ');
    const answer = await cypher(`UNWIND [1, 2, 3] AS x RETURN ${terms} AS total`);
    expect({ status: answer.status, rows: answer.body.rows }).toEqual({ status: 200, rows: [[120]] });
  });

  it('when quantifiers nest over the same list (TCK Quantifier5 [2]), then they are answered', async () => {
    const answer = await cypher(
      'WITH [1, 2, 3, 4, 5, 6, 7, 8, 9] AS list RETURN none(x IN list WHERE single(y IN list WHERE abs(x - y) < 3)) AS result',
    );
    expect({ status: answer.status, rows: answer.body.rows }).toEqual({ status: 200, rows: [[true]] });
  });

  it('when functions nest six deep around an aggregate, then 400 CYPHER_TOO_COMPLEX and the next query is answered', async () => {
    const answer = await cypher('UNWIND [1, 2] AS x RETURN abs(abs(abs(abs(abs(abs(count(*))))))) AS c');
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 400, code: 'CYPHER_TOO_COMPLEX' });
    const next = await cypher('UNWIND [1, 2] AS x RETURN abs(abs(count(*))) AS c');
    expect({ status: next.status, rows: next.body.rows }).toEqual({ status: 200, rows: [[2]] });
  });
});

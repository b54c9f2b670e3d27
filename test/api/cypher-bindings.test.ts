import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

/**
 * A query whose PostgreSQL translation needs more than the protocol's 65,535 bindings (the TCK's
 * Return6 [16], nested arithmetic over aggregates) is refused as too complex, never answered 503.
 */
const describePostgres = testGraphBackend === 'postgres' ? describe : describe.skip;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describePostgres('Cypher translations beyond PostgreSQL bindings', () => {
  it('when nested arithmetic over aggregates translates to more than 65,535 bindings, then 400 CYPHER_TOO_COMPLEX', async () => {
    const admin = t.basic('admin', ADMIN_PASSWORD);
    const cypher = (query: string) => request(t.app).post('/data/cypher').set('Authorization', admin).send({ query });
    const created = await cypher(
      "CREATE (a {name: 'Andres'}), (m {name: 'Michael'}), (b {type: 'Bread'}) CREATE (a)-[:ATE {times: 10}]->(b), (m)-[:ATE {times: 6}]->(b)",
    );
    expect(created.status).toBe(200);
    const answer = await cypher(
      `MATCH (me)-[r1:ATE]->()<-[r2:ATE]-(you) WHERE me.name = 'Michael'
       WITH me, count(DISTINCT r1) AS H1, count(DISTINCT r2) AS H2, you
       MATCH (me)-[r1:ATE]->()<-[r2:ATE]-(you)
       RETURN me, you, sum((1 - abs(r1.times / H1 - r2.times / H2)) * (r1.times + r2.times) / (H1 + H2)) AS sum`,
    );
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 400, code: 'CYPHER_TOO_COMPLEX' });
  });
});

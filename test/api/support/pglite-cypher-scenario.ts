/** cypher-embedded.test.ts: Cypher reads, writes and temporal values through POST /data/cypher on embedded PGlite. */
import request from 'supertest';
import { PGLITE_ADMIN_PASSWORD, pgliteScenario } from './pglite-scenario';

pgliteScenario({}, async ({ app }) => {
  const admin = `Basic ${Buffer.from(`admin:${PGLITE_ADMIN_PASSWORD}`).toString('base64')}`;
  const cypher = async (query: string, params: Record<string, unknown> = {}) => {
    const answer = await request(app).post('/data/cypher').set('Authorization', admin).send({ query, params });
    return { status: answer.status, body: answer.body as Record<string, unknown>, text: answer.text };
  };
  const one = await cypher('RETURN 1 AS one, 2.0 AS two');
  const created = await cypher(
    "CREATE (a:Person {name: 'Ann', born: date('1990-05-04')})-[:KNOWS]->(b:Person {name: $name}) RETURN a.name AS a, b.name AS b",
    {
      name: 'Bob',
    },
  );
  const read = await cypher('MATCH (p:Person) RETURN p.name AS name, p.born AS born ORDER BY name');
  const year = await cypher('MATCH (p:Person) WHERE p.born IS NOT NULL RETURN p.born.year AS year');
  const counted = await cypher('MATCH (:Person)-[r:KNOWS]->(:Person) RETURN count(r) AS n');
  const refused = await cypher('MATCH (n) RETURN n.name AS name ORDER BY');
  return { one, oneText: one.text, created, read, year, counted, refused: { status: refused.status, code: refused.body.code } };
});

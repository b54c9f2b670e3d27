// The Neo4j pass empties the graph it is pointed at (every test file starts from an empty graph).
// This guard runs before it (npm run test:neo4j's pretest, and jest's global setup whenever NEO4J_URI
// is set) and refuses, in one line and exit code 1, a database that holds any node, unless
// NEO4J_TEST_ALLOW_WIPE=1 says that it may be wiped. Exit 0 (silently) when the database is empty.
import neo4j from 'neo4j-driver';

const uri = process.env.NEO4J_URI ?? '';
const fail = (line) => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};
if (!uri) fail('neo4j tests: NEO4J_URI is not set (the Neo4j pass needs a Neo4j: see the README, "The graph tests on your own Neo4j")');
if (process.env.NEO4J_TEST_ALLOW_WIPE === '1') process.exit(0);

const driver = neo4j.driver(uri, neo4j.auth.basic(process.env.NEO4J_USERNAME ?? 'neo4j', process.env.NEO4J_PASSWORD ?? ''), {
  connectionTimeout: 10_000,
  maxTransactionRetryTime: 5_000,
  disableLosslessIntegers: true,
});
let nodes;
try {
  const session = driver.session(process.env.NEO4J_DATABASE ? { database: process.env.NEO4J_DATABASE } : {});
  try {
    // count(n) over all nodes is answered from the count store: constant time at any size.
    const result = await session.run('MATCH (n) RETURN count(n) AS nodes');
    nodes = Number(result.records[0].get('nodes'));
  } finally {
    await session.close();
  }
} catch (error) {
  await driver.close().catch(() => undefined);
  fail(`neo4j tests: cannot read the database at ${uri}: ${String(error?.message ?? error).split('\n')[0]}`);
}
await driver.close();
if (nodes > 0) {
  fail(
    `neo4j tests: refusing to run: the database at ${uri}${process.env.NEO4J_DATABASE ? ` (${process.env.NEO4J_DATABASE})` : ''} holds ${nodes} nodes and the tests would delete them all; point NEO4J_URI at an empty database, or set NEO4J_TEST_ALLOW_WIPE=1 to wipe it`,
  );
}

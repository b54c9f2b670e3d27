import { createServer, type AddressInfo, type Socket } from 'node:net';
import neo4j, { Neo4jError } from 'neo4j-driver';
import { mapNeo4jError } from './errors';

const fail = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('mapNeo4jError', () => {
  it('neo4j:// against a server without routing (single 3.5): 503 that names bolt://', () => {
    const mapped = mapNeo4jError(
      fail('ServiceUnavailable', "Server at db:7687 can't perform routing. Make sure you are connecting to a causal cluster"),
    ) as Error & { status?: number };
    expect(mapped.status).toBe(503);
    expect(mapped.message).toMatch(/bolt:\/\//);
  });

  it('server-side transaction time limits of 4.x and 5.x → 504', () => {
    for (const code of [
      'Neo.ClientError.Transaction.TransactionTimedOut',
      'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
    ]) {
      expect(mapNeo4jError(fail(code))).toMatchObject({ status: 504, code: 'GRAPH_TIMEOUT' });
    }
    // the driver turns Neo.TransientError.Transaction.Terminated into a ClientError code
    expect(
      mapNeo4jError(fail('Neo.ClientError.Transaction.Terminated', 'The transaction has been terminated ... timed out')),
    ).toMatchObject({ status: 504 });
  });

  it("when a deadlock outlasts the driver's retries, then 503 GRAPH_CONTENTION with a retry delay, not a 500", () => {
    expect(mapNeo4jError(fail('Neo.TransientError.Transaction.DeadlockDetected'))).toMatchObject({
      status: 503,
      code: 'GRAPH_CONTENTION',
      extra: { retryAfterSeconds: 1 },
    });
  });
});

describe('mapNeo4jError on errors of the real driver', () => {
  it('when the driver reports the server unavailable or the session expired, then 503 GRAPH_UNAVAILABLE with a retry delay', () => {
    for (const code of ['ServiceUnavailable', 'SessionExpired']) {
      const error = new Neo4jError(`${code} from the driver`, code, '50N42', 'error: general processing exception - unexpected error');
      expect(mapNeo4jError(error)).toMatchObject({ status: 503, code: 'GRAPH_UNAVAILABLE', extra: { retryAfterSeconds: 5 } });
    }
  });

  it('when the pool has no connection within the acquisition timeout (a frozen server), then 503 GRAPH_UNAVAILABLE, not a 500', async () => {
    // A server that accepts the connection and never says anything, like a Neo4j stopped with SIGSTOP.
    const sockets: Socket[] = [];
    const frozen = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
    const { port } = frozen.address() as AddressInfo;
    const driver = neo4j.driver(`bolt://127.0.0.1:${port}`, neo4j.auth.basic('neo4j', 'x'), {
      connectionAcquisitionTimeout: 300,
      connectionTimeout: 60_000,
      maxTransactionRetryTime: 0,
      logging: { level: 'error', logger: () => {} },
    });
    try {
      const raw = await driver.executeQuery('RETURN 1').catch((error: unknown) => error);
      expect(raw).toBeInstanceOf(Neo4jError);
      expect(String((raw as Error).message)).toMatch(/acquisition timed out/i);
      // Before, the message and its code 'N/A' matched nothing and the error became a 500.
      expect(mapNeo4jError(raw)).toMatchObject({ status: 503, code: 'GRAPH_UNAVAILABLE' });
    } finally {
      await driver.close().catch(() => {});
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => frozen.close(resolve));
    }
  });
});

describe('mapNeo4jError of user queries (issue 18 item 9)', () => {
  // What a restricted reader sent, and the statement the rewrite made of it (scope conditions
  // naming the hidden label Agent and the row-rule property country).
  const userText = 'MATCH (n) WHERE n.age > 3 RETURN m';
  const rewritten =
    "MATCH (n) WHERE (NOT 'Agent' IN labels(n) AND n.country = $nodeRule0v) AND (CASE WHEN NOT 'Agent' IN labels(n) THEN (n.age > 3) END) RETURN m";
  const restricted = { userQuery: true, readOnly: true, rewrittenFrom: userText };
  const echo = (first: string, statement: string, column: number) =>
    `${first} (line 1, column ${column} (offset: ${column - 1}))\n"${statement}"\n${' '.repeat(column - 1)}^`;
  const mapped = (code: string, message: string, context: object) =>
    mapNeo4jError(fail(code, message), context) as { status: number; code: string; message: string };

  test("when a rewritten query fails with a semantic error, then the answer keeps Neo4j's first line without its position and never quotes the rewritten statement", () => {
    const error = mapped('Neo.ClientError.Statement.SyntaxError', echo('Variable `m` not defined', rewritten, 150), restricted);
    expect(error).toMatchObject({ status: 400, code: 'CYPHER_ERROR' });
    expect(error.message).toBe('The query failed: Variable `m` not defined');
    for (const leaked of ['Agent', 'country', 'nodeRule0v', 'line 1, column 150']) expect(error.message).not.toContain(leaked);
  });

  test('when a rewritten query fails with a message that quotes text the user did not write, then a generic message', () => {
    for (const first of [
      "Invalid input 'x': expected 'e/E'",
      'Variable `gasN1` not defined',
      "Unknown function 'secretLabelHelper'",
      'Expected parameter(s): nodeRule0v',
      "Can't use Agent here",
    ]) {
      const error = mapped('Neo.ClientError.Statement.SyntaxError', echo(first, rewritten, 9), restricted);
      expect({ first, message: error.message }).toEqual({
        first,
        message: expect.stringMatching(/^Neo4j could not run the query \(Statement\.SyntaxError\)/),
      });
      expect(error.message).not.toMatch(/Agent|country|nodeRule|gasN1|secretLabelHelper/);
    }
  });

  test('when a rewritten query fails at run time with a type error showing values (Neo4j 3.5 shapes), then none of the values reach the answer', () => {
    for (const [code, message] of [
      ['Neo.ClientError.Statement.TypeError', 'Type mismatch: expected a map but was String("SECRET_pub1")'],
      ['Neo.ClientError.Statement.TypeError', 'Wrong argument type: Can\'t coerce `String("SECRET_pub1")` to Long'],
      ['Neo.ClientError.Statement.TypeError', 'Don\'t know how to compare that. Left: "SECRET_pub1" (String); Right: 1 (Long)'],
      ['Neo.ClientError.Statement.ArgumentError', 'Text cannot be parsed to a Date\n"SECRET_pub1"\n ^'],
      ['Neo.ClientError.Statement.ArithmeticError', '/ by zero'],
    ]) {
      const error = mapped(code, message, restricted);
      expect({ code: error.code, status: error.status }).toEqual({ code: 'CYPHER_ERROR', status: 400 });
      expect(error.message).toMatch(/^The query failed: /);
      expect(error.message).not.toContain('SECRET');
    }
  });

  test("when an unrestricted user's query fails, then Neo4j's message stays (its quoted line is the user's own) but server file paths are removed", () => {
    const own = mapped('Neo.ClientError.Statement.SyntaxError', echo('Variable `m` not defined', userText, 34), { userQuery: true });
    expect(own.message).toBe(echo('Variable `m` not defined', userText, 34));
    for (const message of [
      "Couldn't load the external resource at: file:/var/lib/neo4j/import/x.csv",
      "Couldn't load the external resource at: file:/C:/Users/neo/Neo4j/default.graphdb/import/x.csv",
      'Failed to invoke procedure `apoc.load.json`: Caused by: java.nio.file.NoSuchFileException: /opt/neo4j-community-3.5.5/import/a.json',
      'Failed to invoke procedure `x`: Caused by: java.io.IOException: C:\\neo4j\\import\\a.json',
    ]) {
      const error = mapped(
        message.startsWith('Couldn') ? 'Neo.ClientError.Statement.ExternalResourceFailed' : 'Neo.ClientError.Procedure.ProcedureCallFailed',
        message,
        { userQuery: true },
      );
      expect(error.code).toBe('CYPHER_ERROR');
      expect({ message: error.message }).toEqual({ message: expect.stringContaining('<server path>') });
      expect(error.message).not.toMatch(/var\/lib|neo4j-community|Users|import|neo4j\\/);
    }
  });

  test('when a procedure of a user query fails with java.io.FileNotFoundException, then 400 CYPHER_ERROR without the path, not 503 (ENOTFOUND is not in its text)', () => {
    const error = mapNeo4jError(
      fail(
        'Neo.ClientError.Procedure.ProcedureCallFailed',
        'Failed to invoke procedure `custom.read`: Caused by: java.io.FileNotFoundException: /var/lib/neo4j/import/a.json (No such file or directory)',
      ),
      { userQuery: true },
    ) as { status: number; code: string; message: string };
    expect(error).toMatchObject({ status: 400, code: 'CYPHER_ERROR' });
    expect(error.message).not.toContain('/var/lib');
  });
});

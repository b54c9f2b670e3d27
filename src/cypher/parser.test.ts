import {
  CypherSyntaxError,
  CypherTooComplexError,
  dottedInvocations,
  MAX_NESTING,
  parseCypher,
  parseCypherWithin,
  parserWorkersReady,
  stopParserWorker,
  textOf,
  WARM_UP_QUERY,
} from './parser';

describe('parseCypher', () => {
  test('when a query is parsed, then the tree gives the text back exactly, comments and spaces included', () => {
    const query = 'MATCH (n:Person) // who\nWHERE n.age > $age /* min */ RETURN n';
    expect(textOf(parseCypher(query).root)).toBe(query);
  });

  test("when a label or type follows its colon after a space, then the query is read as Neo4j reads it, the colon moved past the space and a map's colon kept", () => {
    const query =
      "MATCH (me: Person)-[r: KNOWS|: LIKES| HATES]->(you {name: 'a: b'}) WHERE you: Person RETURN me {.name, n: you.name}, [x IN [1] | x]";
    const parsed = parseCypher(query);
    expect(parsed.text).toBe(
      "MATCH (me :Person)-[r :KNOWS |:LIKES |HATES]->(you {name: 'a: b'}) WHERE you :Person RETURN me {.name, n: you.name}, [x IN [1] | x]",
    );
    expect(textOf(parsed.root)).toBe(parsed.text);
    expect(parsed.text).toHaveLength(query.length);
  });

  test("when an integer is written as the TCK's octal 0o17, then it is read as 3.5's 017 at the same length, but not a name, a string or 10o1", () => {
    const query = "RETURN 0o17 AS a, -0o0, [0o777], {k: 0o1}, 'x 0o17', n.o17, 0 AS o17";
    const parsed = parseCypher(query);
    expect(parsed.text).toBe("RETURN 0017 AS a, -000, [00777], {k: 001}, 'x 0o17', n.o17, 0 AS o17");
    expect(textOf(parsed.root)).toBe(parsed.text);
    expect(() => parseCypher('RETURN 10o1')).toThrow(CypherSyntaxError);
    expect(() => parseCypher('RETURN 0o18')).toThrow(CypherSyntaxError);
    expect(() => parseCypher('RETURN 0 o1')).toThrow(CypherSyntaxError);
  });

  test('when brackets nest deeper than MAX_NESTING, then the query is refused at once instead of parsed for minutes', () => {
    const started = Date.now();
    expect(() => parseCypher(`RETURN ${'('.repeat(2000)}1${')'.repeat(2000)}`)).toThrow(CypherTooComplexError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(() => parseCypher(`RETURN ${'('.repeat(MAX_NESTING)}1${')'.repeat(MAX_NESTING)}`)).not.toThrow();
  });
});

describe('parseCypherWithin', () => {
  test('when a query is parsed in the worker, then the tree is the one parsed in this thread, parent links included', async () => {
    const query = 'MATCH (a)-[r:KNOWS*1..3]->(b) WHERE a.x IN [1, 2] RETURN b, count(*) AS c';
    const parsed = await parseCypherWithin(query, 5000);
    expect(textOf(parsed.root)).toBe(query);
    expect(parsed.root.children[0].parent).toBe(parsed.root);
    await expect(parseCypherWithin('MATCH (n RETURN n', 5000)).rejects.toBeInstanceOf(CypherSyntaxError);
  });

  test('when a parse takes longer than the limit, then it is refused in time and the next query is parsed again', async () => {
    const started = Date.now();
    const slow = `RETURN ${'CASE WHEN true THEN '.repeat(60)}1${' END'.repeat(60)}`;
    // Even with the parser's caches warm this query takes over 10 ms, so a 2 ms limit always cuts it short.
    await expect(parseCypherWithin(slow, 2)).rejects.toBeInstanceOf(CypherTooComplexError);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(textOf((await parseCypherWithin('RETURN 1', 5000)).root)).toBe('RETURN 1');
  });

  test('when the worker is new, then the limit counts the parse only, not the loading of the grammar', async () => {
    await stopParserWorker();
    const started = Date.now();
    // The query the worker warms up with parses in a few milliseconds once it is ready.
    const parsed = await parseCypherWithin(WARM_UP_QUERY, 200);
    expect(textOf(parsed.root)).toBe(WARM_UP_QUERY);
    // The new worker took longer than the limit to be ready (about 0.5 s: the grammar and the warm-up
    // parse): counted from the send, as before, the query was refused as too complex.
    expect(Date.now() - started).toBeGreaterThan(200);
  });

  test('when a parse is refused, then the queries sent behind it are parsed by the next worker', async () => {
    await parseCypherWithin('RETURN 1', 5000);
    const slow = `RETURN ${'CASE WHEN true THEN '.repeat(60)}1${' END'.repeat(60)}`;
    const [refused, behind, last] = await Promise.allSettled([
      parseCypherWithin(slow, 2),
      parseCypherWithin('RETURN 2', 5000),
      parseCypherWithin('MATCH (n RETURN n', 5000),
    ]);
    expect(refused.status === 'rejected' && refused.reason).toBeInstanceOf(CypherTooComplexError);
    expect(behind.status === 'fulfilled' && textOf(behind.value.root)).toBe('RETURN 2');
    expect(last.status === 'rejected' && last.reason).toBeInstanceOf(CypherSyntaxError);
  });

  test('when a parse outlives its limit, then the worker stops it by itself and stays loaded for the next query', async () => {
    await parseCypherWithin('RETURN 1', 5000);
    const slow = `RETURN ${'CASE WHEN true THEN '.repeat(80)}1${' END'.repeat(80)}`;
    await expect(parseCypherWithin(slow, 300)).rejects.toBeInstanceOf(CypherTooComplexError);
    // Before, the refusal ended the worker: the next query waited for a new one to load the grammar.
    expect(parserWorkersReady().current).toBe(true);
    expect(textOf((await parseCypherWithin(WARM_UP_QUERY, 200)).root)).toBe(WARM_UP_QUERY);
  });

  test('when a query parses for long, then the queries sent behind it are answered by the spare worker while it still parses', async () => {
    await stopParserWorker();
    await parseCypherWithin('RETURN 1', 5000);
    // The spare loads once the current worker is ready.
    const deadline = Date.now() + 60_000;
    while (!parserWorkersReady().spare && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(parserWorkersReady()).toEqual({ current: true, spare: true });
    let slowSettled = false;
    const slow = parseCypherWithin(`RETURN ${'CASE WHEN true THEN '.repeat(80)}1${' END'.repeat(80)}`, 4000).then(
      () => 'parsed',
      (error: unknown) => error,
    );
    void slow.finally(() => (slowSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const sent = Date.now();
    const behind = await parseCypherWithin('RETURN 2', 5000);
    expect(textOf(behind.root)).toBe('RETURN 2');
    // Before, it waited for the slow query's refusal (its whole time limit of 4 s) and then for a new worker to load.
    expect(slowSettled).toBe(false);
    expect(Date.now() - sent).toBeLessThan(3000);
    expect(await slow).toBeInstanceOf(CypherTooComplexError);
    expect(textOf((await parseCypherWithin('RETURN 3', 5000)).root)).toBe('RETURN 3');
  });
});

afterAll(() => stopParserWorker());

describe('dottedInvocations', () => {
  test('when procedures and functions are named with backticks or spaces, then their dotted names are found, but not inside strings', () => {
    const calls = dottedInvocations(
      "CALL `dbms`.`security`.createUser('a', 'b') WITH 1 AS x RETURN apoc.cypher.runFirstColumn('x', {}), 'dbms.x()'",
    );
    expect(calls.map((c) => c.name)).toEqual(['dbms.security.createUser', 'apoc.cypher.runFirstColumn']);
  });
});

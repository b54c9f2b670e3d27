import { runPgliteScenario } from './support/pglite-scenario';

/**
 * Cypher on the embedded store (PGlite), the default a fresh `npm start` runs on: reads, writes,
 * typed values and a syntax error answer as on the PostgreSQL server, never a 500.
 */
describe('Cypher on embedded PGlite', () => {
  it('when an administrator reads, creates and reads back with temporal values, then the answers are those of the PostgreSQL server', async () => {
    const report = await runPgliteScenario('pglite-cypher-scenario.ts', 170_000);
    expect(report.kind).toBe('embedded');
    const rows = (answer: unknown) => (answer as { body: { rows?: unknown[] } }).body.rows;
    const status = (answer: unknown) => (answer as { status: number }).status;
    expect({ one: status(report.one), created: status(report.created), read: status(report.read) }).toEqual({
      one: 200,
      created: 200,
      read: 200,
    });
    // The float stays a float on the wire (written 2.0), the integer an integer.
    expect(report.oneText).toContain('"rows":[[1,2.0]]');
    expect(rows(report.created)).toEqual([['Ann', 'Bob']]);
    expect(rows(report.read)).toEqual([
      ['Ann', { $type: 'Date', _value: '1990-05-04' }],
      ['Bob', null],
    ]);
    expect(rows(report.year)).toEqual([[1990]]);
    expect(rows(report.counted)).toEqual([[1]]);
    expect(report.refused).toEqual({ status: 400, code: expect.any(String) });
  }, 180_000);
});

import { runPgliteScenario } from './support/pglite-scenario';
import { EXPECTED_REPORT } from './support/values-scenario';

/**
 * The property value scenario of values.test.ts on the embedded store (PGlite): the same answers
 * as on the PostgreSQL server, floats and typed values through PGlite's own JSON parsers.
 */
describe('property values through the API on embedded PGlite', () => {
  it('when every value type is written, found, sorted, counted and exported, then the answers are those of the PostgreSQL server', async () => {
    const report = await runPgliteScenario('pglite-values-scenario.ts', 170_000);
    expect(report.kind).toBe('embedded');
    const { kind: _kind, ...rest } = report;
    expect(rest).toEqual(EXPECTED_REPORT);
  }, 180_000);
});

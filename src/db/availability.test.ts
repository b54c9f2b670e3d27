import knexFactory from 'knex';
import { databaseUnavailable } from './availability';

/** The embedded store's pool wait (PGlite, 503 DATABASE_BUSY) runs in its own process: test/api/resource-limits.test.ts. */
describe('databaseUnavailable', () => {
  test('when no PostgreSQL server listens at the address, then the connection error is 503 DATABASE_UNAVAILABLE with a retry delay', async () => {
    const knex = knexFactory({
      client: 'pg',
      connection: 'postgres://nobody:nothing@127.0.0.1:1/none',
      pool: { min: 0, max: 1 },
      acquireConnectionTimeout: 5000,
    });
    try {
      const error = await knex.raw('select 1').catch((e: unknown) => e);
      expect(databaseUnavailable(error)).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', extra: { retryAfterSeconds: 5 } });
    } finally {
      await knex.destroy();
    }
  });

  test("when an error is the statement's own (a missing table, a bad value), then it is not taken for an outage", () => {
    expect(databaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toBeUndefined();
    expect(databaseUnavailable(Object.assign(new Error('invalid input syntax for type integer'), { code: '22P02' }))).toBeUndefined();
    expect(databaseUnavailable(new Error('something else'))).toBeUndefined();
    expect(
      databaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(
      databaseUnavailable(Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000' })),
    ).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  });
});

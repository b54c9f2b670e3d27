/**
 * Where the tests find a real PostgreSQL: TEST_DATABASE_URL when set (CI starts the Debian
 * cluster), otherwise a throw-away cluster started from the installed server binaries. The code
 * lives with the benchmarks (bench/support), which run from dist/ where test/ is not built.
 */
export { startPostgres } from '../../bench/support/postgres-cluster';
export type { PostgresServer } from '../../bench/support/postgres-cluster';

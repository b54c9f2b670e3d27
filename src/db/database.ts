import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import type { AppConfig } from '../config';
import type { DataDirLock } from './data-dir-lock';
import { acquireDataDirLock } from './data-dir-lock';

export type Db = Knex;

export interface Database {
  knex: Knex;
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

const INT8_OID = 20;

// The contrib entry ships a CommonJS build, but its typings are declared as ESM only.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the ESM-only typings hide the CommonJS build require() loads
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: import('@electric-sql/pglite').Extension };

/**
 * Opens the service's own store: a PostgreSQL server when database.url is set, otherwise an
 * embedded PGlite under <dataDir>/pg, held by this process alone (see data-dir-lock).
 * Both return bigint (int8) values as strings, so ids look the same on either.
 */
export async function openDatabase(config: AppConfig): Promise<Database> {
  if (config.database.url) {
    const knex = knexFactory({
      client: 'pg',
      connection: config.database.url,
      pool: { min: 0, max: config.database.poolMax },
      // A wait beyond it is answered 503 DATABASE_BUSY (db/availability.ts), never 500.
      acquireConnectionTimeout: config.database.acquireTimeoutMs,
    });
    await knex.raw('select 1');
    return { knex, kind: 'server', close: () => knex.destroy() };
  }

  mkdirSync(config.dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(config.dataDir);
  try {
    const pglite = new PGlite(path.join(config.dataDir, 'pg'), {
      extensions: { pg_trgm },
      parsers: { [INT8_OID]: (value: string) => value },
    });
    await pglite.waitReady;
    const knex = knexFactory({
      client: ClientPgLite,
      connection: () => ({ pglite }) as object,
      // One connection: a request waiting for it longer than this is answered 503 DATABASE_BUSY.
      acquireConnectionTimeout: config.database.acquireTimeoutMs,
    } as Knex.Config);
    return {
      knex,
      kind: 'embedded',
      close: async () => {
        await knex.destroy();
        if (!pglite.closed) await pglite.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

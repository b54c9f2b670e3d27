import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrations';

/** `npm run migrate`: applies pending migrations to the configured store and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const applied = await migrateToLatest(database.knex);
    process.stdout.write(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'already up to date\n');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`migration failed: ${(error as Error).message}\n`);
  process.exit(1);
});

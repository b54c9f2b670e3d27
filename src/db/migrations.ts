import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';

/**
 * Migrations live in the top-level migrations/ folder, one change per timestamped file with up
 * and down. This source reads that folder whether it runs from TypeScript (tests) or from dist.
 */
export const migrationsDir = path.resolve(__dirname, '..', '..', 'migrations');

class FolderMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    return readdirSync(migrationsDir)
      .filter((name) => /^\d{14}_[\w-]+\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'))
      .sort();
  }
  getMigrationName(file: string): string {
    return file.replace(/\.(ts|js)$/, '');
  }
  async getMigration(file: string): Promise<Knex.Migration> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a migration file is chosen at run time (ts under tsx, js in dist)
    return require(path.join(migrationsDir, file)) as Knex.Migration;
  }
}

export const migrationConfig: Knex.MigratorConfig = {
  migrationSource: new FolderMigrationSource(),
  tableName: 'knex_migrations',
};

export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(migrationConfig)) as [number, string[]];
  return applied;
}

import type { Knex } from 'knex';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { verifyChain } from './audit-service';

/**
 * `npm run audit:verify`: checks the hash chain of the audit trail. Prints OK with the number of
 * events, or the first broken event id; the result is the process exit code (0 ok, 1 broken).
 */
export async function runAuditVerify(
  db: Knex,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const result = await verifyChain(db);
  if (result.ok) {
    print(`OK: ${result.checked} audit event(s) verified`);
    return 0;
  }
  const broken = result.brokenAt!;
  print(`BROKEN: audit event ${broken.id} fails verification (${broken.reason}); ${result.checked} event(s) before it are intact`);
  return 1;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  let code: number;
  try {
    code = await runAuditVerify(database.knex);
  } finally {
    await database.close();
  }
  process.exit(code);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`audit verification failed: ${(error as Error).message}\n`);
    process.exit(2);
  });
}

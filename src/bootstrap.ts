import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import { PERMISSIONS, PERMISSION_CODES } from './auth/permissions';
import { generatePassword, hashPassword, randomToken } from './auth/passwords';
import { recordAudit } from './services/audit/audit-service';

/** Keeps the permissions table equal to the catalogue in code (idempotent). */
export async function syncPermissions(db: Knex): Promise<void> {
  const rows = PERMISSION_CODES.map((code) => ({ code, name: PERMISSIONS[code].name, description: PERMISSIONS[code].description }));
  await db('permissions').insert(rows).onConflict('code').merge();
}

/**
 * Creates the default administrator `admin` on first start. With ADMIN_PASSWORD set that is its
 * password; otherwise a random one is generated, logged once, and must be changed at first login.
 */
export async function ensureAdmin(db: Knex, config: AppConfig, logger: Logger): Promise<{ created: boolean; generatedPassword: boolean }> {
  const existing: unknown = await db('users').whereRaw('lower(username) = ?', ['admin']).first();
  if (existing) return { created: false, generatedPassword: false };
  const given = config.auth.adminPassword;
  const password = given || generatePassword();
  await db.transaction(async (trx) => {
    const [row] = await trx('users')
      .insert({ username: 'admin', name: 'Administrator', password_hash: await hashPassword(password), must_change_password: !given })
      .returning<Array<{ id: string | number }>>('id');
    const id = String(row.id);
    await trx('user_permissions').insert(PERMISSION_CODES.map((code) => ({ user_id: id, permission_code: code })));
    await recordAudit(
      trx,
      { userId: null, username: 'system', ip: null },
      { action: 'user.create', targetType: 'user', targetId: id, details: { username: 'admin', bootstrap: true } },
    );
  });
  if (given) logger.info('created the administrator account "admin" with the password from ADMIN_PASSWORD');
  else
    logger.warn(
      { username: 'admin', initialPassword: password },
      'created the administrator account "admin" with a generated password; it must be changed at first login',
    );
  return { created: true, generatedPassword: !given };
}

/** session.secret from config, or one generated once and kept under the data directory. */
export function resolveSessionSecret(config: AppConfig): string {
  if (config.session.secret) return config.session.secret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomToken(48);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

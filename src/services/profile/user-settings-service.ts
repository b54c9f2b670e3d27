import type { AuthenticatedUser, ServiceContext } from '../../core/context';
import { withDb } from '../../core/context';
import { NotFoundError } from '../../errors';
import { audit } from '../audit/audit-service';

export interface UserSetting {
  type: string;
  value: Record<string, unknown>;
  updatedAt: string;
}

/** Per-user frontend settings, one JSON object per type. */
export class UserSettingsService {
  private readonly user: AuthenticatedUser;

  constructor(private readonly ctx: ServiceContext) {
    if (!ctx.user) throw new Error('UserSettingsService needs a signed-in user');
    this.user = ctx.user;
  }

  async get(type: string): Promise<UserSetting> {
    const row = (await this.ctx.db('user_settings').where({ user_id: this.user.id, type }).first()) as
      { type: string; value: Record<string, unknown>; updated_at: Date } | undefined;
    if (!row) throw new NotFoundError(`User setting ${type}`);
    return { type: row.type, value: row.value, updatedAt: new Date(row.updated_at).toISOString() };
  }

  async put(type: string, value: Record<string, unknown>): Promise<UserSetting> {
    const now = new Date();
    const json = JSON.stringify(value);
    await this.ctx.db.transaction(async (trx) => {
      await trx('user_settings')
        .insert({ user_id: this.user.id, type, value: json, updated_at: now })
        .onConflict(['user_id', 'type'])
        .merge();
      await audit(withDb(this.ctx, trx), {
        action: 'userSettings.update',
        targetType: 'user_setting',
        targetId: type,
        details: { bytes: Buffer.byteLength(json) },
      });
    });
    return { type, value, updatedAt: now.toISOString() };
  }
}

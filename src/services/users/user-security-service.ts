import type { ServiceContext } from '../../core/context';
import type { DataSecurity, EntitySecurity, PropertySecurity } from '../security/security-config';
import type { EffectiveEntitySecurity, EffectivePropertySecurity } from '../security/merge';
import { mergeDataSecurity, mergeEntitySecurity, mergePropertySecurity } from '../security/merge';
import { requireManagedUser } from './user-queries';

export interface UserDataSecurity {
  userId: string;
  username: string;
  dataSecurity: DataSecurity;
}

interface GroupSecurityRow {
  user_id: string;
  entity_security: EntitySecurity | null;
  property_security: PropertySecurity | null;
  data_security: DataSecurity | null;
}

/** A user's effective data security: their groups' configurations merged (src/services/security/merge.ts). */
export class UserSecurityService {
  constructor(private readonly ctx: ServiceContext) {}

  private async groupConfigs(userIds?: string[]): Promise<GroupSecurityRow[]> {
    const query = this.ctx
      .db('user_groups as ug')
      .join('groups as g', 'g.id', 'ug.group_id')
      .orderBy('g.id')
      .select('ug.user_id', 'g.entity_security', 'g.property_security', 'g.data_security');
    if (userIds) query.whereIn('ug.user_id', userIds);
    return (await query) as GroupSecurityRow[];
  }

  async entitySecurity(userId: string): Promise<EffectiveEntitySecurity> {
    await requireManagedUser(this.ctx.db, userId);
    return mergeEntitySecurity((await this.groupConfigs([userId])).map((row) => row.entity_security));
  }

  async propertySecurity(userId: string): Promise<EffectivePropertySecurity> {
    await requireManagedUser(this.ctx.db, userId);
    return mergePropertySecurity((await this.groupConfigs([userId])).map((row) => row.property_security));
  }

  /** Every non-deleted user with the dataSecurity of their groups merged. */
  async dataSecurityOfAllUsers(): Promise<UserDataSecurity[]> {
    const users: Array<{ id: string; username: string }> = await this.ctx
      .db('users')
      .where('deleted', false)
      .orderByRaw('lower(username)')
      .select('id', 'username');
    const byUser = new Map<string, Array<DataSecurity | null>>();
    for (const row of await this.groupConfigs()) {
      const key = String(row.user_id);
      byUser.set(key, [...(byUser.get(key) ?? []), row.data_security]);
    }
    return users.map((user) => ({
      userId: String(user.id),
      username: user.username,
      dataSecurity: mergeDataSecurity(byUser.get(String(user.id)) ?? []),
    }));
  }
}

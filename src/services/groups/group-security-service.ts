import type { ServiceContext } from '../../core/context';
import { withDb } from '../../core/context';
import { audit } from '../audit/audit-service';
import type { DataSecurity, EntitySecurity, PropertySecurity } from '../security/security-config';
import type { EffectiveEntitySecurity, EffectivePropertySecurity } from '../security/merge';
import { requireGroupRow } from './group-queries';

export interface GroupDataSecurity {
  id: string;
  name: string;
  dataSecurity: DataSecurity;
}

type Kind = 'entitySecurity' | 'propertySecurity' | 'dataSecurity';

const COLUMN: Record<Kind, 'entity_security' | 'property_security' | 'data_security'> = {
  entitySecurity: 'entity_security',
  propertySecurity: 'property_security',
  dataSecurity: 'data_security',
};

export function normalizeEntitySecurity(stored: EntitySecurity | null | undefined): EffectiveEntitySecurity {
  return { nodeFilter: stored?.nodeFilter ?? null, relationshipFilter: stored?.relationshipFilter ?? null };
}

export function normalizePropertySecurity(stored: PropertySecurity | null | undefined): EffectivePropertySecurity {
  return { nodes: stored?.nodes ?? {}, relationships: stored?.relationships ?? {} };
}

export function normalizeDataSecurity(stored: DataSecurity | null | undefined): DataSecurity {
  return { rules: stored?.rules ?? [] };
}

/**
 * A group's entitySecurity, propertySecurity and dataSecurity (validated by the schemas in
 * src/services/security/security-config.ts before they get here). Writes are audited with the new value.
 */
export class GroupSecurityService {
  constructor(private readonly ctx: ServiceContext) {}

  async entitySecurity(id: string): Promise<EffectiveEntitySecurity> {
    return normalizeEntitySecurity((await requireGroupRow(this.ctx.db, id)).entity_security as EntitySecurity);
  }

  async propertySecurity(id: string): Promise<EffectivePropertySecurity> {
    return normalizePropertySecurity((await requireGroupRow(this.ctx.db, id)).property_security as PropertySecurity);
  }

  async dataSecurity(id: string): Promise<DataSecurity> {
    return normalizeDataSecurity((await requireGroupRow(this.ctx.db, id)).data_security as DataSecurity);
  }

  async dataSecurityOfAllGroups(): Promise<GroupDataSecurity[]> {
    const rows: Array<{ id: string; name: string; data_security: DataSecurity }> = await this.ctx
      .db('groups')
      .orderByRaw('lower(name)')
      .orderBy('id')
      .select('id', 'name', 'data_security');
    return rows.map((row) => ({ id: String(row.id), name: row.name, dataSecurity: normalizeDataSecurity(row.data_security) }));
  }

  async setEntitySecurity(id: string, value: EntitySecurity): Promise<EffectiveEntitySecurity> {
    const normalized = normalizeEntitySecurity(value);
    await this.store(id, 'entitySecurity', normalized);
    return normalized;
  }

  async setPropertySecurity(id: string, value: PropertySecurity): Promise<EffectivePropertySecurity> {
    const normalized = normalizePropertySecurity(value);
    await this.store(id, 'propertySecurity', normalized);
    return normalized;
  }

  async setDataSecurity(id: string, value: DataSecurity): Promise<DataSecurity> {
    const normalized = normalizeDataSecurity(value);
    await this.store(id, 'dataSecurity', normalized);
    return normalized;
  }

  private async store(id: string, kind: Kind, value: object): Promise<void> {
    await this.ctx.db.transaction(async (trx) => {
      const tctx = withDb(this.ctx, trx);
      const group = await requireGroupRow(trx, id);
      await trx('groups')
        .where({ id })
        .update({ [COLUMN[kind]]: JSON.stringify(value), updated_at: trx.fn.now() });
      await audit(tctx, {
        action: `group.${kind}.set`,
        targetType: 'group',
        targetId: id,
        details: { name: group.name, previous: group[COLUMN[kind]], [kind]: value },
      });
    });
  }
}

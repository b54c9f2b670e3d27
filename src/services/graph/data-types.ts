import type { ServiceContext } from '../../core/context';
import type { DataTypes } from '../settings/data-types';
import { SettingsService } from '../settings/settings-service';

/** The DATA_TYPES setting, typed once by its settings schema (settings/data-types.ts). */
export type { DataTypes };

export async function dataTypesFor(ctx: ServiceContext): Promise<DataTypes> {
  const value = (await new SettingsService(ctx).get('DATA_TYPES')) as Partial<DataTypes> | null | undefined;
  return {
    nodeLabels: Array.isArray(value?.nodeLabels) ? value.nodeLabels : ['*'],
    relationshipTypes: Array.isArray(value?.relationshipTypes) ? value.relationshipTypes : ['*'],
    uid: { nodes: value?.uid?.nodes ?? {}, relationships: value?.uid?.relationships ?? {} },
  };
}

/** The names listed in a DATA_TYPES list, without the '*' wildcard. */
export function listedNames(list: string[]): string[] {
  return list.filter((name) => name !== '*');
}

export function allowsAll(list: string[]): boolean {
  return list.includes('*');
}

import type { ServiceContext } from '../../core/context';
import { SettingsService } from '../settings/settings-service';

/** The DATA_TYPES setting as the graph services read it. */
export interface DataTypes {
  /** Allowed node labels; ['*'] = all. */
  nodeLabels: string[];
  /** Allowed relationship types; ['*'] = all. */
  relationshipTypes: string[];
  /** The uid property per label / type ('*' = any label / type). */
  uid: { nodes: Record<string, string>; relationships: Record<string, string> };
}

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

import { z } from 'zod';
import type { AutomaticInput, SettingDefinition } from './setting-type';
import {
  countByLabel,
  countByType,
  identifierSchema,
  nodeValuesByLabel,
  relationshipValuesByType,
  sortedUnique,
  tokenListSchema,
} from './setting-type';
import { isValidIdentifier } from '../../graph/identifiers';

/**
 * DATA_TYPES: the node labels and relationship types the application shows (to everyone, Read
 * all data included; ["*"] = all), and the UID property per label and type: a property holding
 * a unique id (a UUID) by which elements can be addressed besides their internal id (spec 2).
 */
export const dataTypesSchema = z
  .object({
    nodeLabels: tokenListSchema('label'),
    relationshipTypes: tokenListSchema('relationship type'),
    uid: z
      .object({
        nodes: z.record(identifierSchema('label'), identifierSchema('property')).default({}),
        relationships: z.record(identifierSchema('relationship type'), identifierSchema('property')).default({}),
      })
      .strict()
      .default({ nodes: {}, relationships: {} }),
  })
  .strict()
  .openapi('DataTypesSetting', {
    description:
      'Visible node labels and relationship types for everyone ("*" = all; an empty list is invalid), and the UID property per label and type.',
    example: {
      nodeLabels: ['Person', 'Company'],
      relationshipTypes: ['*'],
      uid: { nodes: { Person: 'uuid', Company: 'uuid' }, relationships: {} },
    },
  });

export type DataTypes = z.infer<typeof dataTypesSchema>;

const UID_PRIORITY: Array<(name: string) => boolean> = [
  (n) => /^(uuid|uid|guid)$/i.test(n),
  (n) => /(uuid|uid|guid)$/i.test(n),
  (n) => /^(id|key)$/i.test(n),
];

/**
 * The UID property of one label or type in the sample: a property named like uuid / uid / guid
 * (then *uuid, then id / key) that every sampled element has, with distinct non-empty strings.
 */
export function detectUid(values: Map<string, unknown[]> | undefined, count: number): string | undefined {
  if (!values || count === 0) return undefined;
  for (const matches of UID_PRIORITY) {
    const candidates = [...values.keys()].filter(matches).sort();
    for (const name of candidates) {
      const list = values.get(name)!;
      if (list.length !== count) continue;
      if (!list.every((v) => typeof v === 'string' && v !== '')) continue;
      if (new Set(list).size !== list.length) continue;
      return name;
    }
  }
  return undefined;
}

export function automaticUid(input: AutomaticInput): DataTypes['uid'] {
  const nodes: Record<string, string> = {};
  const relationships: Record<string, string> = {};
  const nodeCounts = countByLabel(input.sample);
  for (const [label, values] of nodeValuesByLabel(input.sample)) {
    const uid = detectUid(values, nodeCounts.get(label) ?? 0);
    if (uid) nodes[label] = uid;
  }
  const relCounts = countByType(input.sample);
  for (const [type, values] of relationshipValuesByType(input.sample)) {
    const uid = detectUid(values, relCounts.get(type) ?? 0);
    if (uid) relationships[type] = uid;
  }
  return { nodes, relationships };
}

export const dataTypes: SettingDefinition<typeof dataTypesSchema> = {
  type: 'DATA_TYPES',
  description: 'Visible node labels and relationship types for everyone, and the UID property per label and type',
  schema: dataTypesSchema,
  defaultValue: () => ({ nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } }),
  /**
   * Every label and type present in the graph (all of them, not just the sample), or ["*"] when
   * the graph has none; UIDs detected in the sample.
   */
  automatic(input) {
    const labels = sortedUnique(input.labels.filter(isValidIdentifier));
    const types = sortedUnique(input.types.filter(isValidIdentifier));
    return {
      nodeLabels: labels.length > 0 ? labels : ['*'],
      relationshipTypes: types.length > 0 ? types : ['*'],
      uid: automaticUid(input),
    };
  },
};

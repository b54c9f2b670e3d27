import { z } from 'zod';
import type { AutomaticInput, SettingDefinition } from './setting-type';
import { identifierSchema, sortedUnique } from './setting-type';
import { isValidIdentifier } from '../../graph/identifiers';

/**
 * FULLTEXT_INDEX: the configuration of the fulltext index over nodes (spec 4.1): which labels and
 * which properties are indexed. Stored here by POST /cfg/indexer/node/configure and used by
 * POST /cfg/indexer/node/create. Empty lists mean "not configured" (the default).
 */
export const fulltextConfigSchema = z
  .object({
    labels: z
      .array(identifierSchema('label'))
      .max(1000)
      .refine((l) => new Set(l).size === l.length, { message: 'a label is listed twice' }),
    properties: z
      .array(identifierSchema('property'))
      .max(1000)
      .refine((l) => new Set(l).size === l.length, { message: 'a property is listed twice' }),
  })
  .strict()
  .openapi('FulltextConfig', {
    description: 'Node labels and properties the fulltext index covers. Empty lists: not configured.',
    example: { labels: ['Person', 'Company'], properties: ['name', 'description'] },
  });

export type FulltextIndexSetting = z.infer<typeof fulltextConfigSchema>;

/** String properties of the sampled nodes, per label. */
export function stringPropertiesByLabel(input: AutomaticInput): Record<string, string[]> {
  const byLabel = new Map<string, Set<string>>();
  for (const node of input.sample.nodes) {
    for (const [key, value] of Object.entries(node.properties)) {
      if (typeof value !== 'string' || !isValidIdentifier(key)) continue;
      for (const label of node.labels) {
        if (!isValidIdentifier(label)) continue;
        let set = byLabel.get(label);
        if (!set) byLabel.set(label, (set = new Set()));
        set.add(key);
      }
    }
  }
  const result: Record<string, string[]> = {};
  for (const label of sortedUnique(byLabel.keys())) result[label] = sortedUnique(byLabel.get(label)!);
  return result;
}

export const fulltextIndex: SettingDefinition<typeof fulltextConfigSchema> = {
  type: 'FULLTEXT_INDEX',
  description: 'Labels and properties of the fulltext index over nodes',
  schema: fulltextConfigSchema,
  defaultValue: () => ({ labels: [], properties: [] }),
  /** Every label of the sample with string properties, and every string property seen (at most 1000). */
  automatic(input) {
    const byLabel = stringPropertiesByLabel(input);
    return {
      labels: Object.keys(byLabel).slice(0, 1000),
      properties: sortedUnique(Object.values(byLabel).flat()).slice(0, 1000),
    };
  },
};

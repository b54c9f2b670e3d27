import { z } from 'zod';
import '../../openapi/registry';
import { assertIdentifier, isValidIdentifier, validFilter } from '../../graph/identifiers';
import type { Filter } from '../../graph/graph-store';
import { AppError } from '../../errors';

/**
 * The three per-group data security configurations (spec 5.3), validated here and enforced by
 * the graph layer (src/services/security/access-scope.ts compiles them into an AccessScope).
 *
 * - entitySecurity: which nodes and relationships members see (filters in the filter language).
 * - propertySecurity: which properties members see, per label and relationship type ('*' = all);
 *   a property listed as disabled is hidden even if enabled elsewhere.
 * - dataSecurity: row rules; a node carrying the rule's label (or a relationship of its type) is
 *   visible only when it matches the rule's filter.
 */

const filterExample = { and: [{ label: 'Person' }, { property: 'country', operator: '=', value: 'CZ' }] };

export const filterSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    try {
      validFilter(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof AppError ? error.message : 'invalid filter' });
    }
  })
  // Checked (and frozen) once above: services and adapters checking it again only look it up.
  .transform((value) => value as Filter)
  .openapi('Filter', {
    type: 'object',
    description:
      'A filter tree. Nodes: {"and":[...]}, {"or":[...]}, {"not":{...}}, {"label":"L"}, {"type":"T"}, {"ids":["1"]}, ' +
      '{"property":"p","operator":"=","value":1} with operators =, <>, <, <=, >, >=, IN, CONTAINS, STARTS WITH, ENDS WITH, =~ (regular expression), ' +
      'or {"property":"p","operator":"IS NULL"} / "IS NOT NULL". ' +
      'Two-valued logic: a comparison with a property the element lacks (or cannot show, or holds with another type) is false and its "not" true. ' +
      '=~ matches the whole string; it may start with the inline flags (?i) (case-insensitive), (?m) (^ and $ at line breaks), (?s), (?u), in any combination ' +
      '("." always matches line breaks). A label or type the user cannot see matches nothing.',
    example: filterExample,
  });

const identifier = (kind: 'label' | 'relationship type' | 'property') =>
  z.string().refine((name) => name === '*' || isValidIdentifier(name), { message: `invalid ${kind} name` });

const propertyListSchema = z.array(identifier('property')).max(1000);

const propertyRuleSchema = z.object({ enabled: propertyListSchema.optional(), disabled: propertyListSchema.optional() }).strict();

export const entitySecuritySchema = z
  .object({
    nodeFilter: filterSchema.nullable().optional(),
    relationshipFilter: filterSchema.nullable().optional(),
  })
  .strict()
  .openapi('EntitySecurity', {
    description:
      'Nodes and relationships the group members may see. Absent or null filter = all. A relationship is only visible when both ends are.',
    example: { nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] }, relationshipFilter: { not: { type: 'OWNS' } } },
  });

export const propertySecuritySchema = z
  .object({
    nodes: z.record(identifier('label'), propertyRuleSchema).optional(),
    relationships: z.record(identifier('relationship type'), propertyRuleSchema).optional(),
  })
  .strict()
  .openapi('PropertySecurity', {
    description:
      'Per label (nodes) or type (relationships), "*" for all: "enabled" lists the only visible properties, "disabled" hides properties; disabled wins.',
    example: {
      nodes: { '*': { disabled: ['ssn'] }, Person: { enabled: ['name', 'city', 'uid'] } },
      relationships: { KNOWS: { disabled: ['note'] } },
    },
  });

const dataRuleSchema = z
  .object({
    label: identifier('label').optional(),
    type: identifier('relationship type').optional(),
    filter: filterSchema,
    description: z.string().max(500).optional(),
  })
  .strict()
  .refine((rule) => Boolean(rule.label) !== Boolean(rule.type), { message: 'a rule names exactly one of label or type' });

export const dataSecuritySchema = z
  .object({ rules: z.array(dataRuleSchema).max(200).default([]) })
  .strict()
  .openapi('DataSecurity', {
    description: "Row rules: a node with the rule's label (or relationship of its type) is visible only when it matches the filter.",
    example: {
      rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' }, description: 'Czech people only' }],
    },
  });

export type EntitySecurity = z.infer<typeof entitySecuritySchema>;
export type PropertySecurity = z.infer<typeof propertySecuritySchema>;
export type DataSecurity = z.infer<typeof dataSecuritySchema>;

export { assertIdentifier };

import type { ServiceContext } from '../../core/context';
import type { AccessScope, Filter, PropertyRule } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';
import { SettingsService } from '../settings/settings-service';
import type { DataTypes } from '../settings/data-types';
import { mergePropertySecurity } from './merge';
import type { DataSecurity, EntitySecurity, PropertySecurity } from './security-config';
import { dataSecuritySchema, entitySecuritySchema, propertySecuritySchema } from './security-config';

/**
 * The user's AccessScope (see src/graph/graph-store.ts), from the DATA_TYPES setting, the
 * READ_ALL_DATA permission and the security configurations of the user's groups. Exact rules:
 *
 * 1. Labels and types. DATA_TYPES.nodeLabels / relationshipTypes become scope.labels / types
 *    ("*" -> '*'), for everyone, Read all data included: what DATA_TYPES leaves out nobody sees.
 * 2. Read all data. A user holding READ_ALL_DATA gets no row filter and no property rule. With
 *    DATA_TYPES ["*"] / ["*"] that is UNRESTRICTED (unrestricted: true); otherwise only the
 *    DATA_TYPES restriction applies.
 * 3. Deny by default. Anybody else (including a request without a user) sees only what a group
 *    grants: without a group (or when no group's configuration validates) the scope is
 *    labels [] and types [] - no node, no relationship.
 * 4. Rows (union over groups). For each group g:
 *      rows_g(node) = g.entitySecurity.nodeFilter (absent/null = true)
 *                     AND for each g.dataSecurity rule with a label L: (NOT label L OR rule.filter)
 *      rows_g(rel)  = g.entitySecurity.relationshipFilter
 *                     AND for each g.dataSecurity rule with a type T: (NOT type T OR rule.filter)
 *    nodeFilter = OR over groups of rows_g(node); relationshipFilter likewise. A group that
 *    restricts nothing (no filter, no rule) contributes "every row", so the union is unrestricted
 *    and the filter is left out. A group's entity and data rules are combined first, then the
 *    groups are ORed (narrower, and exact, compared with ORing each configuration separately).
 *    A relationship is also only visible when both its ends are (enforced by the adapters).
 * 5. Properties (union over groups, per label / type). What group g shows for a label L is what
 *    its '*' rule shows AND what its L rule shows; a rule's "enabled" lists the only visible
 *    properties ("*" in it = all), "disabled" hides properties and wins within the group
 *    ("disabled": ["*"] hides every property). The user sees a property of an L node when at
 *    least one group shows it for L. Compiled with merge.ts: for every label named by some group,
 *    nodeProperties[L] = that union ({allow} when every group lists its properties, else {deny});
 *    nodeProperties['*'] = the union of the groups' '*' rules. The adapters hide a property when
 *    the '*' rule or the rule of any of the element's labels hides it; since each group shows no
 *    more for L than for '*', this is exactly the union for elements with one label (and for
 *    relationships, which have one type). Same for relationshipProperties per type.
 *    Limits of the port (documented, not hidden): for a node with several labels the adapters
 *    require each label's union to show the property, and these unions may come from different
 *    groups (a group showing p for A but hiding it for B, and another the other way round, show
 *    p on an A+B node). Row and property rules are unioned independently: a property shown by one
 *    group is visible on every row the user may see, including rows granted by another group.
 * 6. A group whose stored configuration does not validate contributes nothing (logged).
 *
 * The scope is built once per request context (WeakMap on the ServiceContext object).
 */

export interface GroupSecurity {
  id?: string;
  entitySecurity?: EntitySecurity | null;
  propertySecurity?: PropertySecurity | null;
  dataSecurity?: DataSecurity | null;
}

export interface ScopeInput {
  dataTypes: Pick<DataTypes, 'nodeLabels' | 'relationshipTypes'>;
  readAllData: boolean;
  groups: GroupSecurity[];
}

const and = (parts: Filter[]): Filter => (parts.length === 1 ? parts[0] : { and: parts });
const or = (parts: Filter[]): Filter => (parts.length === 1 ? parts[0] : { or: parts });

/** Rows one group admits, or null when it admits every row. */
function groupRows(group: GroupSecurity, kind: 'node' | 'relationship'): Filter | null {
  const parts: Filter[] = [];
  const own = kind === 'node' ? group.entitySecurity?.nodeFilter : group.entitySecurity?.relationshipFilter;
  if (own) parts.push(own);
  for (const rule of group.dataSecurity?.rules ?? []) {
    if (kind === 'node' && rule.label) parts.push({ or: [{ not: { label: rule.label } }, rule.filter] });
    if (kind === 'relationship' && rule.type) parts.push({ or: [{ not: { type: rule.type } }, rule.filter] });
  }
  return parts.length === 0 ? null : and(parts);
}

function unionRows(groups: GroupSecurity[], kind: 'node' | 'relationship'): Filter | undefined {
  const filters: Filter[] = [];
  for (const group of groups) {
    const rows = groupRows(group, kind);
    if (rows === null) return undefined;
    filters.push(rows);
  }
  return or(filters);
}

type RuleMap = NonNullable<PropertySecurity['nodes']>;

/** "disabled": ["*"] hides everything: written as an empty enabled list for merge.ts. */
function normaliseRules(rules: RuleMap | undefined): RuleMap {
  const result: RuleMap = {};
  for (const [key, rule] of Object.entries(rules ?? {})) {
    if (rule.disabled?.includes('*')) result[key] = { enabled: [], disabled: rule.disabled.filter((p) => p !== '*') };
    else result[key] = rule;
  }
  return result;
}

function toPortRules(merged: Record<string, { enabled?: string[]; disabled?: string[] }>): Record<string, PropertyRule> | undefined {
  const result: Record<string, PropertyRule> = {};
  for (const [key, rule] of Object.entries(merged)) {
    if (rule.enabled) result[key] = { allow: [...rule.enabled] };
    else if (rule.disabled && rule.disabled.length > 0) result[key] = { deny: [...rule.disabled] };
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** Pure compiler of the rules above (unit-tested). */
export function compileAccessScope(input: ScopeInput): AccessScope {
  const labels: AccessScope['labels'] = input.dataTypes.nodeLabels.includes('*') ? '*' : [...input.dataTypes.nodeLabels];
  const types: AccessScope['types'] = input.dataTypes.relationshipTypes.includes('*') ? '*' : [...input.dataTypes.relationshipTypes];
  if (input.readAllData) {
    if (labels === '*' && types === '*') return { ...UNRESTRICTED };
    return { unrestricted: false, labels, types };
  }
  if (input.groups.length === 0) return { unrestricted: false, labels: [], types: [] };

  const scope: AccessScope = { unrestricted: false, labels, types };
  const nodeFilter = unionRows(input.groups, 'node');
  const relationshipFilter = unionRows(input.groups, 'relationship');
  if (nodeFilter) scope.nodeFilter = nodeFilter;
  if (relationshipFilter) scope.relationshipFilter = relationshipFilter;

  const merged = mergePropertySecurity(
    input.groups.map((g) => ({
      nodes: normaliseRules(g.propertySecurity?.nodes),
      relationships: normaliseRules(g.propertySecurity?.relationships),
    })),
  );
  const nodeProperties = toPortRules(merged.nodes);
  const relationshipProperties = toPortRules(merged.relationships);
  if (nodeProperties) scope.nodeProperties = nodeProperties;
  if (relationshipProperties) scope.relationshipProperties = relationshipProperties;
  return scope;
}

interface GroupRow {
  id: string;
  name: string;
  entity_security: unknown;
  property_security: unknown;
  data_security: unknown;
}

/** The user's groups with validated configurations; invalid ones are left out (logged). */
async function loadGroups(ctx: ServiceContext, userId: string): Promise<GroupSecurity[]> {
  const rows = (await ctx
    .db('groups as g')
    .join('user_groups as ug', 'ug.group_id', 'g.id')
    .where('ug.user_id', userId)
    .select('g.id', 'g.name', 'g.entity_security', 'g.property_security', 'g.data_security')
    .orderBy('g.id')) as GroupRow[];
  const groups: GroupSecurity[] = [];
  for (const row of rows) {
    const entity = entitySecuritySchema.safeParse(row.entity_security ?? {});
    const property = propertySecuritySchema.safeParse(row.property_security ?? {});
    const data = dataSecuritySchema.safeParse(row.data_security ?? {});
    if (!entity.success || !property.success || !data.success) {
      ctx.deps.logger.warn(
        { groupId: String(row.id), group: row.name },
        'group security configuration does not validate; the group grants no data access',
      );
      continue;
    }
    groups.push({ id: String(row.id), entitySecurity: entity.data, propertySecurity: property.data, dataSecurity: data.data });
  }
  return groups;
}

const cache = new WeakMap<ServiceContext, Promise<AccessScope>>();

async function build(ctx: ServiceContext): Promise<AccessScope> {
  const dataTypes = await new SettingsService(ctx).get('DATA_TYPES');
  const user = ctx.user;
  if (!user) return compileAccessScope({ dataTypes, readAllData: false, groups: [] });
  const readAllData = user.permissions.has('READ_ALL_DATA');
  const groups = readAllData ? [] : await loadGroups(ctx, user.id);
  return compileAccessScope({ dataTypes, readAllData, groups });
}

/** The AccessScope of the request's user, built once per request context. */
export function accessScopeFor(ctx: ServiceContext): Promise<AccessScope> {
  let scope = cache.get(ctx);
  if (!scope) {
    scope = build(ctx);
    cache.set(ctx, scope);
    scope.catch(() => cache.delete(ctx));
  }
  return scope;
}

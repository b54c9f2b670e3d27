import type { Filter } from '../../graph/graph-store';
import type { DataSecurity, EntitySecurity, PropertySecurity } from './security-config';

/**
 * Merging of the per-group security configurations into what one user effectively has.
 *
 * A user sees what at least one of their groups lets them see (union over groups), so:
 * - a filter that some group does not set (absent or null) means "unrestricted" for the user;
 * - otherwise the user's filter is the OR of the groups' filters.
 *
 * A user without groups gets no restriction from groups (null filters, no property rules, no row
 * rules): whether such a user sees graph data at all is the access scope's decision, not this one.
 *
 * Note for the graph layer: merging each configuration separately is exact for that configuration,
 * but OR over groups of (entity AND data) is narrower than (OR of entity) AND (OR of data). An
 * AccessScope that must be exact combines a group's configurations first, then ORs the groups.
 */

export interface EffectiveEntitySecurity {
  nodeFilter: Filter | null;
  relationshipFilter: Filter | null;
}

export interface EffectivePropertyRule {
  /** Only these properties are visible (absent = all). */
  enabled?: string[];
  /** Never visible. */
  disabled?: string[];
}

export interface EffectivePropertySecurity {
  nodes: Record<string, EffectivePropertyRule>;
  relationships: Record<string, EffectivePropertyRule>;
}

function orOf(filters: Filter[]): Filter {
  return filters.length === 1 ? filters[0] : { or: filters };
}

function andOf(filters: Filter[]): Filter {
  return filters.length === 1 ? filters[0] : { and: filters };
}

function mergeFilters(filters: Array<Filter | null | undefined>): Filter | null {
  if (filters.length === 0) return null;
  if (filters.some((filter) => filter === null || filter === undefined)) return null;
  return orOf(filters as Filter[]);
}

/** OR of the groups' filters; null (unrestricted) when there are no groups or one group sets none. */
export function mergeEntitySecurity(configs: ReadonlyArray<EntitySecurity | null | undefined>): EffectiveEntitySecurity {
  const list = configs.map((config) => config ?? {});
  return {
    nodeFilter: mergeFilters(list.map((config) => config.nodeFilter)),
    relationshipFilter: mergeFilters(list.map((config) => config.relationshipFilter)),
  };
}

type RuleMap = NonNullable<PropertySecurity['nodes']>;

/** One group's visibility for a key: enabled = undefined means all properties. */
interface Visibility {
  enabled?: Set<string>;
  disabled: Set<string>;
}

/** What one group shows for a label/type key, combining its rule for the key with its '*' rule. */
function visibilityOf(rules: RuleMap, key: string): Visibility {
  const applicable = [rules['*'], key === '*' ? undefined : rules[key]].filter((rule) => rule !== undefined);
  let enabled: Set<string> | undefined;
  const disabled = new Set<string>();
  for (const rule of applicable) {
    if (rule.enabled) {
      const own = new Set(rule.enabled.filter((name) => name !== '*'));
      // "*" in an enabled list means all properties: no restriction from that list.
      if (!rule.enabled.includes('*')) enabled = enabled ? new Set([...enabled].filter((name) => own.has(name))) : own;
    }
    for (const name of rule.disabled ?? []) disabled.add(name);
  }
  if (enabled) for (const name of disabled) enabled.delete(name);
  return { enabled, disabled };
}

/** Union of what the groups show: a property is visible when at least one group shows it. */
function unionOf(visibilities: Visibility[]): EffectivePropertyRule {
  const open = visibilities.filter((v) => !v.enabled);
  const listed = new Set<string>();
  for (const v of visibilities) for (const name of v.enabled ?? []) listed.add(name);
  if (open.length === 0) return { enabled: [...listed].sort() };
  // Hidden only when every unrestricted group hides it and no listing group shows it.
  const [first, ...rest] = open;
  const hidden = [...first.disabled].filter((name) => rest.every((v) => v.disabled.has(name)) && !listed.has(name));
  return hidden.length ? { disabled: hidden.sort() } : {};
}

function mergeRuleMaps(maps: RuleMap[]): Record<string, EffectivePropertyRule> {
  const result: Record<string, EffectivePropertyRule> = {};
  if (maps.length === 0) return result;
  const keys = new Set<string>();
  for (const map of maps) for (const key of Object.keys(map)) keys.add(key);
  for (const key of [...keys].sort()) {
    const merged = unionOf(maps.map((map) => visibilityOf(map, key)));
    if (merged.enabled || merged.disabled) result[key] = merged;
  }
  return result;
}

/**
 * Union per label (nodes) and type (relationships). For each key named by any group, every group's
 * visibility for that key (its rule for the key AND its '*' rule; disabled wins) is computed, and the
 * user sees a property when any group does. The merged '*' entry is the union of the '*' rules, so a
 * consumer applying "key rule AND '*' rule" to the result gets exactly the union.
 */
export function mergePropertySecurity(configs: ReadonlyArray<PropertySecurity | null | undefined>): EffectivePropertySecurity {
  const list = configs.map((config) => config ?? {});
  return {
    nodes: mergeRuleMaps(list.map((config) => config.nodes ?? {})),
    relationships: mergeRuleMaps(list.map((config) => config.relationships ?? {})),
  };
}

type DataRule = DataSecurity['rules'][number];

/**
 * Row rules merged over groups: for a label (or type), a group with rules for it admits the rows
 * matching all of its rules for it; a group without rules for it admits every row. So the merged
 * rule exists only when every group has rules for that label, and its filter is the OR over groups.
 */
export function mergeDataSecurity(configs: ReadonlyArray<DataSecurity | null | undefined>): DataSecurity {
  const list = configs.map((config) => config?.rules ?? []);
  if (list.length === 0) return { rules: [] };
  const rules: DataRule[] = [];
  for (const kind of ['label', 'type'] as const) {
    const names = new Set<string>();
    for (const groupRules of list) for (const rule of groupRules) if (rule[kind]) names.add(rule[kind]);
    for (const name of [...names].sort()) {
      const perGroup = list.map((groupRules) => groupRules.filter((rule) => rule[kind] === name));
      if (perGroup.some((matching) => matching.length === 0)) continue;
      const filter = orOf(perGroup.map((matching) => andOf(matching.map((rule) => rule.filter))));
      const descriptions = perGroup
        .flat()
        .map((rule) => rule.description)
        .filter((d): d is string => Boolean(d));
      rules.push({
        [kind]: name,
        filter,
        ...(descriptions.length ? { description: [...new Set(descriptions)].join('; ').slice(0, 500) } : {}),
      });
    }
  }
  return { rules };
}

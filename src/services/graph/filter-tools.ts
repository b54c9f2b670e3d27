import type { Filter } from '../../graph/graph-store';
import { validFilter, type ValidFilter } from '../../graph/identifiers';

/** Labels, relationship types and property names a filter mentions. */
export interface FilterNames {
  labels: Set<string>;
  types: Set<string>;
  properties: Set<string>;
}

export function filterNames(
  filter: Filter | undefined,
  into: FilterNames = { labels: new Set(), types: new Set(), properties: new Set() },
): FilterNames {
  if (!filter) return into;
  if ('and' in filter) filter.and.forEach((f) => filterNames(f, into));
  else if ('or' in filter) filter.or.forEach((f) => filterNames(f, into));
  else if ('not' in filter) filterNames(filter.not, into);
  else if ('label' in filter) into.labels.add(filter.label);
  else if ('type' in filter) into.types.add(filter.type);
  else if ('property' in filter) into.properties.add(filter.property);
  return into;
}

/** The conjunction of the given parts (undefined parts are left out). */
export function allOf(...parts: Array<Filter | undefined>): Filter | undefined {
  const present = parts.filter((p): p is Filter => p !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return { and: present };
}

/** "carries one of these labels"; undefined when the list is empty. */
export function anyLabel(labels: string[] | undefined): Filter | undefined {
  if (!labels || labels.length === 0) return undefined;
  return labels.length === 1 ? { label: labels[0] } : { or: labels.map((label) => ({ label })) };
}

/** Validates a filter given by a client, once: 400 INVALID_FILTER / INVALID_IDENTIFIER. */
export function checkFilter(filter: unknown, path = 'filter'): ValidFilter | undefined {
  if (filter === undefined) return undefined;
  return validFilter(filter, path);
}

/**
 * A copy of the filter fit for the audit trail: values compared with properties the user cannot
 * see are replaced by "[hidden]".
 */
export function redactFilter(filter: Filter | undefined, visibleProperties: ReadonlySet<string>): Filter | undefined {
  if (!filter) return filter;
  if ('and' in filter) return { and: filter.and.map((f) => redactFilter(f, visibleProperties)!) };
  if ('or' in filter) return { or: filter.or.map((f) => redactFilter(f, visibleProperties)!) };
  if ('not' in filter) return { not: redactFilter(filter.not, visibleProperties)! };
  if ('property' in filter && 'value' in filter && !visibleProperties.has(filter.property)) return { ...filter, value: '[hidden]' };
  return filter;
}

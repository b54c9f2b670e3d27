import { assertIdentifier, assertIdentifiers } from '../../graph/identifiers';

/** Validates the property names of a property map or patch (400 INVALID_IDENTIFIER). */
export function assertPropertyNames(properties: Record<string, unknown> | undefined): void {
  for (const key of Object.keys(properties ?? {})) assertIdentifier('property', key);
}

/** Validates an optional list of property names to return. */
export function propertyList(properties: string[] | undefined): string[] | undefined {
  return properties === undefined ? undefined : [...new Set(assertIdentifiers('property', properties))];
}

/** Validates and de-duplicates an optional list of labels. */
export function labelList(labels: string[] | undefined): string[] {
  return [...new Set(assertIdentifiers('label', labels ?? []))];
}

/** Validates and de-duplicates an optional list of relationship types. */
export function typeList(types: string[] | undefined): string[] | undefined {
  return types === undefined ? undefined : [...new Set(assertIdentifiers('relationship type', types))];
}

import type { Properties, PropertyPatch } from '../../graph/graph-store';

/**
 * Audit details of graph writes never carry values of properties the user cannot see. Elements
 * returned by the adapters are already projected through the user's scope, so their properties
 * may be logged as they are; patches and filters written by the user are reduced here.
 */
export interface SafePatch {
  /** Visible properties set (with their values) or removed (null). */
  properties: Record<string, unknown>;
  /** How many changed properties are not visible to the user (names and values left out). */
  hiddenProperties: number;
}

/**
 * Keeps the entries of a patch whose property is visible before or after the change: set values
 * only when the property is visible afterwards, removals (null) when it was visible before.
 */
export function safePatch(patch: PropertyPatch | undefined, before: Properties, after: Properties): SafePatch {
  const properties: Record<string, unknown> = {};
  let hiddenProperties = 0;
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null || value === undefined) {
      if (Object.prototype.hasOwnProperty.call(before, key)) properties[key] = null;
      else hiddenProperties++;
    } else if (Object.prototype.hasOwnProperty.call(after, key)) {
      properties[key] = value;
    } else {
      hiddenProperties++;
    }
  }
  return { properties, hiddenProperties };
}

/** A patch applied to many elements: values of properties unknown to the user are replaced by "[hidden]". */
export function redactPatch(patch: PropertyPatch | undefined, visibleProperties: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch ?? {})) out[key] = value === null || visibleProperties.has(key) ? value : '[hidden]';
  return out;
}

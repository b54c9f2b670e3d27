import { z } from 'zod';
import '../../openapi/registry';
import { isValidIdentifier } from '../../graph/identifiers';
import type { Subgraph } from '../../graph/graph-store';

/**
 * What every application setting type provides: a zod schema (validation of PUT and import, and
 * the OpenAPI component), a constant default, and an automatic variant computed from a sample of
 * the graph data.
 */
export interface AutomaticInput {
  /** Up to 1000 nodes and 1000 relationships read without restriction. */
  sample: Subgraph;
  /** Every label in the graph (unrestricted). */
  labels: string[];
  /** Every relationship type in the graph (unrestricted). */
  types: string[];
  /** Every property key in the graph (unrestricted). */
  keys: string[];
}

export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  type: string;
  description: string;
  schema: S;
  defaultValue(): z.infer<S>;
  automatic(input: AutomaticInput): z.infer<S>;
}

export const identifierSchema = (kind: 'label' | 'relationship type' | 'property') =>
  z.string().refine((name) => isValidIdentifier(name), {
    message: `invalid ${kind} name: use letters, digits, underscore, space, dot, hyphen or colon (not first)`,
  });

/** Labels or types, '*' meaning all (then alone). */
export const tokenListSchema = (kind: 'label' | 'relationship type') =>
  z
    .array(z.string().refine((name) => name === '*' || isValidIdentifier(name), { message: `invalid ${kind} name` }))
    .min(1, { message: `at least one ${kind} (or "*") is needed` })
    .max(10000)
    .refine((list) => !list.includes('*') || list.length === 1, { message: '"*" stands alone' })
    .refine((list) => new Set(list).size === list.length, { message: `a ${kind} is listed twice` });

/** 'firstName' / 'first_name' -> 'First name'. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.:]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

/** Sorted unique values. */
export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

const TITLE_NAMES = ['name', 'title', 'caption', 'label', 'fullname', 'full_name', 'displayname', 'display_name'];

/** The most title-like of the given property names, or undefined. */
export function titleProperty(names: Iterable<string>): string | undefined {
  const list = [...names];
  for (const candidate of TITLE_NAMES) {
    const found = list.find((n) => n.toLowerCase() === candidate);
    if (found) return found;
  }
  return list.find((n) => /name|title/i.test(n));
}

/** Properties of the sampled nodes, per label: name -> values seen. */
export function nodeValuesByLabel(sample: Subgraph): Map<string, Map<string, unknown[]>> {
  const result = new Map<string, Map<string, unknown[]>>();
  for (const node of sample.nodes) {
    for (const label of node.labels) {
      if (!isValidIdentifier(label)) continue;
      let props = result.get(label);
      if (!props) result.set(label, (props = new Map<string, unknown[]>()));
      for (const [key, value] of Object.entries(node.properties)) {
        if (!isValidIdentifier(key)) continue;
        let values = props.get(key);
        if (!values) props.set(key, (values = []));
        values.push(value);
      }
    }
  }
  return result;
}

export function relationshipValuesByType(sample: Subgraph): Map<string, Map<string, unknown[]>> {
  const result = new Map<string, Map<string, unknown[]>>();
  for (const rel of sample.relationships) {
    if (!isValidIdentifier(rel.type)) continue;
    let props = result.get(rel.type);
    if (!props) result.set(rel.type, (props = new Map<string, unknown[]>()));
    for (const [key, value] of Object.entries(rel.properties)) {
      if (!isValidIdentifier(key)) continue;
      let values = props.get(key);
      if (!values) props.set(key, (values = []));
      values.push(value);
    }
  }
  return result;
}

/** Elements sampled per label / type (to tell whether a property is on every one). */
export function countByLabel(sample: Subgraph): Map<string, number> {
  const counts = new Map<string, number>();
  for (const node of sample.nodes) for (const label of node.labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return counts;
}

export function countByType(sample: Subgraph): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rel of sample.relationships) counts.set(rel.type, (counts.get(rel.type) ?? 0) + 1);
  return counts;
}

import { ForbiddenError } from '../../errors';
import type { GraphNode, GraphPath, GraphRelationship } from '../../graph/graph-store';

/**
 * Checks for Cypher run by users whose scope is restricted (see CypherService). These are text
 * checks, deliberately conservative: a query that might reach hidden data by name, by dynamic
 * property access or through procedures is refused with 403 CYPHER_RESTRICTED.
 */

export function restricted(message: string): ForbiddenError {
  return new ForbiddenError(message, {}, 'CYPHER_RESTRICTED');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `text` mentions `name` as a whole word (case-insensitive; backticks and quotes count as boundaries). */
export function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^\\p{L}\\p{N}_])${escapeRegExp(name)}($|[^\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** Keywords after which "[" opens a list literal, not a subscript. */
const LIST_KEYWORDS = new Set([
  'IN', 'RETURN', 'WITH', 'WHERE', 'AND', 'OR', 'XOR', 'NOT', 'WHEN', 'THEN', 'ELSE', 'UNWIND', 'AS', 'SET', 'BY', 'IS',
  'CONTAINS', 'DISTINCT', 'CASE', 'STARTS', 'ENDS', 'LIMIT', 'SKIP', 'ORDER', 'YIELD',
]);

/** Constructs that read properties, labels or types by computed names, and procedures. */
export function assertNoDynamicAccess(query: string): void {
  if (/\bCALL\b/i.test(query)) throw restricted('Procedure calls and subqueries (CALL) are not available without unrestricted data access');
  if (/\bapoc\s*\./i.test(query)) throw restricted('APOC functions are not available without unrestricted data access');
  if (/\b(properties|keys|labels|type|elementId|id)\s*\(/i.test(query)) {
    throw restricted('The functions properties(), keys(), labels(), type(), id() and elementId() are not available without unrestricted data access');
  }
  if (/\$\s*\(|\$\s*(any|all)\s*\(/i.test(query)) throw restricted('Dynamic labels and types are not available without unrestricted data access');
  const subscript = /([\p{L}\p{N}_]+|[`)\]}])\s*\[/gu;
  for (const match of query.matchAll(subscript)) {
    const before = match[1];
    if (/^[\p{L}\p{N}_]+$/u.test(before) && LIST_KEYWORDS.has(before.toUpperCase())) continue;
    throw restricted('Subscript access (x[...]) is not available without unrestricted data access');
  }
}

/** Refuses a query (or its parameters) naming any of the hidden labels, types or properties. */
export function assertNoHiddenNames(query: string, params: Record<string, unknown>, hidden: Iterable<string>): void {
  const paramText = JSON.stringify(params ?? {});
  for (const name of hidden) {
    if (mentions(query, name) || mentions(paramText, name)) {
      // The name itself is not repeated: the user may not know it exists.
      throw restricted('The query refers to data that is not visible to you');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Result values

export type ElementValue =
  | { kind: 'node'; value: GraphNode }
  | { kind: 'relationship'; value: GraphRelationship }
  | { kind: 'path'; value: GraphPath }
  | { kind: 'null' }
  | { kind: 'list'; items: ElementValue[] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNode(value: Record<string, unknown>): boolean {
  return typeof value.id === 'string' && Array.isArray(value.labels) && isObject(value.properties);
}

function isRelationship(value: Record<string, unknown>): boolean {
  return typeof value.id === 'string' && typeof value.type === 'string' && isObject(value.properties);
}

/** Classifies one result cell; anything but graph elements (or null, or lists of them) is refused. */
export function classify(value: unknown): ElementValue {
  if (value === null || value === undefined) return { kind: 'null' };
  if (Array.isArray(value)) return { kind: 'list', items: value.map(classify) };
  if (isObject(value)) {
    if (Array.isArray(value.nodes) && Array.isArray(value.relationships) && Object.keys(value).length === 2) {
      return { kind: 'path', value: value as unknown as GraphPath };
    }
    if (isNode(value)) return { kind: 'node', value: value as unknown as GraphNode };
    if (isRelationship(value)) return { kind: 'relationship', value: value as unknown as GraphRelationship };
  }
  throw restricted('Only nodes, relationships and paths may be returned without unrestricted data access; the result holds other values');
}

/** Collects the ids of every element in classified cells. */
export function collectIds(cell: ElementValue, nodes: Set<string>, relationships: Set<string>): void {
  switch (cell.kind) {
    case 'node':
      nodes.add(cell.value.id);
      break;
    case 'relationship':
      relationships.add(cell.value.id);
      break;
    case 'path':
      for (const n of cell.value.nodes) nodes.add(String((n as { id?: unknown })?.id));
      for (const r of cell.value.relationships) relationships.add(String((r as { id?: unknown })?.id));
      break;
    case 'list':
      for (const item of cell.items) collectIds(item, nodes, relationships);
      break;
    case 'null':
      break;
  }
}

/**
 * Replaces every element by its re-read (scope-projected) version; returns undefined when any
 * element of the cell is not visible (the caller drops the row).
 */
export function rebuild(cell: ElementValue, nodes: Map<string, GraphNode>, relationships: Map<string, GraphRelationship>): unknown {
  switch (cell.kind) {
    case 'null':
      return null;
    case 'node':
      return nodes.get(cell.value.id);
    case 'relationship':
      return relationships.get(cell.value.id);
    case 'path': {
      const pn = cell.value.nodes.map((n) => nodes.get(String((n as { id?: unknown })?.id)));
      const pr = cell.value.relationships.map((r) => relationships.get(String((r as { id?: unknown })?.id)));
      if (pn.some((n) => !n) || pr.some((r) => !r)) return undefined;
      return { nodes: pn, relationships: pr };
    }
    case 'list': {
      const items = cell.items.map((item) => rebuild(item, nodes, relationships));
      return items.some((item) => item === undefined) ? undefined : items;
    }
  }
}

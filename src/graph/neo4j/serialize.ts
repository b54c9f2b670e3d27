import type { Integer, Node, Path, Relationship } from 'neo4j-driver';
import neo4j from 'neo4j-driver';
import { IntegralFloat } from '../../exact-json';
import { portableValue } from '../property-values';
import type { GraphNode, GraphPath, GraphRelationship, Properties } from '../graph-store';
import { isTypedValue } from '../typed-values';
import { fromDriverTemporal, isDriverTemporal, toDriverTyped } from './temporal';

/**
 * Driver values → the port's JSON shapes.
 *  - Integer → number in the safe range (±2^53), else a BigInt, written as exact JSON digits
 *    (src/exact-json.ts): 64-bit integers keep every digit; a FLOAT (a JS number from the driver)
 *    that is whole → IntegralFloat, written 2.0;
 *  - Node → { id, labels, properties }, Relationship → { id, type, startNodeId, endNodeId, properties },
 *    Path → { nodes, relationships }; ids are the element ids as strings (the driver fills elementId
 *    with String(identity) on Bolt 3/4 and with the server's element id on Bolt 5);
 *  - temporal values, durations and points → typed JSON ({"$type": "Date", "_value": "2015-07-21"},
 *    docs/values.md), in the canonical text (./temporal.ts);
 *  - byte arrays → base64 text.
 */
export function serializeValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    return Number.isInteger(value) ? new IntegralFloat(value) : value;
  }
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (neo4j.isInt(value)) return integerToJson(value);
  if (Array.isArray(value)) return value.map(serializeValue);
  if (neo4j.isNode(value)) return serializeNode(value);
  if (neo4j.isRelationship(value)) return serializeRelationship(value);
  if (neo4j.isUnboundRelationship(value)) {
    const rel = value;
    return { id: rel.elementId, type: rel.type, properties: serializeProperties(rel.properties) };
  }
  if (neo4j.isPath(value)) return serializePath(value);
  if (neo4j.isPathSegment(value)) {
    const segment = value;
    return {
      start: serializeNode(segment.start),
      relationship: serializeRelationship(segment.relationship),
      end: serializeNode(segment.end),
    };
  }
  if (isDriverTemporal(value)) return fromDriverTemporal(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = serializeValue(v);
    return out;
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- every object is serialized above: only primitives reach here
  return String(value);
}

export function integerToJson(value: Integer): number | bigint {
  return value.inSafeRange() ? value.toNumber() : value.toBigInt();
}

/** A stored property value → JSON (serializeValue: temporal values and points are typed JSON). */
export function serializePropertyValue(value: unknown): unknown {
  return serializeValue(value);
}

export function serializeProperties(properties: Record<string, unknown> | null | undefined): Properties {
  const out: Properties = {};
  if (!properties) return out;
  for (const [k, v] of Object.entries(properties)) out[k] = serializePropertyValue(v);
  return out;
}

export function serializeNode(node: Node): GraphNode {
  return { id: node.elementId, labels: [...node.labels], properties: serializeProperties(node.properties) };
}

export function serializeRelationship(rel: Relationship): GraphRelationship {
  return {
    id: rel.elementId,
    type: rel.type,
    startNodeId: rel.startNodeElementId,
    endNodeId: rel.endNodeElementId,
    properties: serializeProperties(rel.properties),
  };
}

export function serializePath(path: Path): GraphPath {
  const nodes: GraphNode[] = [serializeNode(path.start)];
  const relationships: GraphRelationship[] = [];
  for (const segment of path.segments) {
    relationships.push(serializeRelationship(segment.relationship));
    nodes.push(serializeNode(segment.end));
  }
  return { nodes, relationships };
}

/** An id returned by id() (Integer) or elementId() (string) → the port's string id. */
export function idToString(value: unknown): string {
  if (neo4j.isInt(value)) return value.toString();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return value;
  throw new Error(`Unexpected element id ${String(value)}`);
}

// ---------------------------------------------------------------------------------------------
// Projections built by cypher-filter.ts: properties arrive as [key, value] pairs, already filtered.

interface NodeProjection {
  id: unknown;
  labels: string[];
  props: Array<[string, unknown]> | Record<string, unknown>;
}

interface RelationshipProjection {
  id: unknown;
  type: string;
  start: unknown;
  end: unknown;
  props: Array<[string, unknown]> | Record<string, unknown>;
}

/** out[key] = value as an own property, also for the key __proto__ (an assignment would set the prototype). */
function setOwn(out: Properties, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * The properties of a projection (cypher-filter.ts propertyPairs): `[key, value]` pairs (under
 * property rules, or for an element with a property named __proto__), or the map of all of them.
 */
export function pairsToProperties(props: unknown): Properties {
  const out: Properties = {};
  if (Array.isArray(props)) {
    for (const pair of props) {
      if (Array.isArray(pair) && typeof pair[0] === 'string') setOwn(out, pair[0], serializePropertyValue(pair[1]));
    }
  } else if (props !== null && typeof props === 'object') {
    for (const key of Object.keys(props)) setOwn(out, key, serializePropertyValue((props as Record<string, unknown>)[key]));
  }
  return out;
}

export function nodeFromProjection(value: unknown): GraphNode {
  const p = value as NodeProjection;
  return { id: idToString(p.id), labels: Array.isArray(p.labels) ? [...p.labels] : [], properties: pairsToProperties(p.props) };
}

export function relationshipFromProjection(value: unknown): GraphRelationship {
  const p = value as RelationshipProjection;
  return {
    id: idToString(p.id),
    type: p.type,
    startNodeId: idToString(p.start),
    endNodeId: idToString(p.end),
    properties: pairsToProperties(p.props),
  };
}

export function pathFromProjection(value: unknown): GraphPath {
  const p = value as { nodes: unknown[]; rels: unknown[] };
  return { nodes: (p.nodes ?? []).map(nodeFromProjection), relationships: (p.rels ?? []).map(relationshipFromProjection) };
}

// ---------------------------------------------------------------------------------------------
// JSON → driver values for writes and Cypher parameters.

/**
 * A property value for a write, in the form both backends store (portableValue: 400
 * PROPERTY_VALUE_NOT_PORTABLE for maps, nested or mixed lists, null in a list). Integers become
 * Neo4j Integers (stored as INTEGER, not FLOAT): safe JS integers and BigInts (64-bit, exact);
 * floats (IntegralFloat included) JS numbers, which the driver sends as FLOAT; typed values the
 * driver's temporal and spatial types. A list holding a float is a FLOAT list (portableValue made
 * its integers floats).
 */
export function toPropertyValue(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return toDriverValue(portableValue(key, value));
}

function toDriverValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDriverValue);
  if (typeof value === 'bigint') return toInteger(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  if (value instanceof IntegralFloat) return value.value;
  if (isTypedValue(value)) return toDriverTyped(value);
  return value;
}

function toInteger(value: bigint | number): Integer {
  return typeof value === 'bigint' ? neo4j.int(value.toString()) : neo4j.int(value);
}

/** Properties for CREATE / SET: null values are dropped (absent). */
export function toPropertyMap(properties: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(properties ?? {})) {
    if (v === null || v === undefined) continue;
    out[k] = toPropertyValue(k, v);
  }
  return out;
}

/**
 * Free Cypher parameters and filter values: safe integers → Integer (so LIMIT $n works), BigInt →
 * Integer, IntegralFloat → a float, typed values → the driver's temporal and spatial types (a typed
 * value that does not parse stays a map), recursively.
 */
export function toCypherParam(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  if (typeof value === 'bigint') return toInteger(value);
  if (value instanceof IntegralFloat) return value.value;
  if (Array.isArray(value)) return value.map(toCypherParam);
  if (isTypedValue(value)) {
    const typed = toDriverTypedOrUndefined(value);
    if (typed !== undefined) return typed;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = toCypherParam(v);
    return out;
  }
  return value;
}

function toDriverTypedOrUndefined(value: Parameters<typeof toDriverTyped>[0]): unknown {
  try {
    return toDriverTyped(value);
  } catch {
    return undefined;
  }
}

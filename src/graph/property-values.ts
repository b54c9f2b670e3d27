import { AppError, BadRequestError } from '../errors';
import { integerOutOfRange, isInt64 } from '../exact-json';

/**
 * The property values both backends store alike, so a graph can move between them:
 *  - a string, a boolean, a finite number, or an integer in the signed 64-bit range (a BigInt
 *    beyond 2^53, kept exactly on both: Neo4j INTEGER, PostgreSQL jsonb numeric);
 *  - a list of those, all of one kind (strings, booleans or numbers; integers and decimals may
 *    mix, as Neo4j stores them as one FLOAT list, unless an integer beyond 2^53 would lose digits);
 *  - the empty list.
 * Neo4j refuses maps, lists of lists, lists of mixed kinds and null inside a list; PostgreSQL
 * would store them, so they are refused for both with 400 PROPERTY_VALUE_NOT_PORTABLE naming the
 * property. A null property value means "absent" (create) or "remove" (patch), never a stored null.
 */

export const PROPERTY_VALUE_NOT_PORTABLE = 'PROPERTY_VALUE_NOT_PORTABLE';

function notPortable(property: string, reason: string): BadRequestError {
  const name = JSON.stringify(property).slice(0, 140);
  return new BadRequestError(
    `The value of property ${name} cannot be stored: ${reason}. Property values are strings, numbers, booleans or lists of one of them.`,
    PROPERTY_VALUE_NOT_PORTABLE,
    { property, reason },
  );
}

type Kind = 'string' | 'boolean' | 'number';

function kindOf(property: string, value: unknown, inList: boolean): Kind {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      if (!Number.isFinite(value)) throw notPortable(property, 'numbers must be finite');
      return 'number';
    case 'bigint':
      if (!isInt64(value)) throw integerOutOfRange(value.toString());
      return 'number';
    default:
      if (value === null || value === undefined) throw notPortable(property, inList ? 'a list cannot hold null' : 'null is not a value');
      if (Array.isArray(value)) throw notPortable(property, 'a list cannot hold lists');
      throw notPortable(property, inList ? 'a list cannot hold maps (objects)' : 'maps (objects) cannot be stored');
  }
}

/** Throws 400 PROPERTY_VALUE_NOT_PORTABLE (or INTEGER_OUT_OF_RANGE) unless the value is storable on both backends. Null is not checked here. */
export function assertPortableValue(property: string, value: unknown): void {
  if (!Array.isArray(value)) {
    kindOf(property, value, false);
    return;
  }
  let first: Kind | undefined;
  let hasBigInt = false;
  let hasDecimal = false;
  for (const element of value) {
    const kind = kindOf(property, element, true);
    if (first === undefined) first = kind;
    else if (kind !== first)
      throw notPortable(property, `a list must hold only strings, only numbers or only booleans (found ${first} and ${kind})`);
    if (typeof element === 'bigint') hasBigInt = true;
    // A decimal, or an integral double beyond the 64-bit range: the list becomes a FLOAT list on Neo4j.
    else if (typeof element === 'number' && (!Number.isInteger(element) || Math.abs(element) >= 2 ** 63)) hasDecimal = true;
  }
  if (hasBigInt && hasDecimal) throw notPortable(property, 'a list mixing integers beyond 2^53 with decimals cannot keep both exactly');
}

/**
 * Checks every value of a property map (create) or patch (update: null removes the property).
 * Every write path applies it: the services before any query, importBatch in both adapters.
 */
export function assertPortableProperties(properties: Record<string, unknown> | null | undefined): void {
  if (!properties || typeof properties !== 'object') return;
  for (const [key, value] of Object.entries(properties)) {
    if (value === null || value === undefined) continue;
    assertPortableValue(key, value);
  }
}

export const TOO_MANY_PROPERTIES = 'TOO_MANY_PROPERTIES';

/**
 * One limit on the properties of one element for both backends (graph.maxPropertiesPerElement,
 * issue 18 item 20): Neo4j writes grow quadratically with the count (50,000 timed out), PostgreSQL
 * stored them. `count` is the number of properties the element will carry (the services count the
 * element as the writer sees it after the write). 413 TOO_MANY_PROPERTIES with the count and the limit.
 */
export function tooManyProperties(count: number, max: number): AppError | undefined {
  if (count <= max) return undefined;
  return new AppError(413, TOO_MANY_PROPERTIES, `An element may have at most ${max} properties; this one would have ${count}`, {
    count,
    max,
  });
}

export function assertPropertyCount(count: number, max: number): void {
  const error = tooManyProperties(count, max);
  if (error) throw error;
}

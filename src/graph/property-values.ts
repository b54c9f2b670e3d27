import { AppError, BadRequestError } from '../errors';
import { IntegralFloat, integerOutOfRange, isInt64 } from '../exact-json';
import type { TypedValue } from './typed-values';
import { canonicalTypedValue, hasTypedShape, isTypedValue, TYPED_VALUE_TYPES, TypedValueError } from './typed-values';

/**
 * The property values both backends store alike, so a graph can move between them (docs/values.md):
 *  - a string, a boolean, an integer in the signed 64-bit range (a BigInt beyond 2^53, kept
 *    exactly on both: Neo4j INTEGER, PostgreSQL jsonb numeric), a finite float (a JS number that
 *    is not whole, or an IntegralFloat: 2.0);
 *  - a temporal value or a point in typed JSON ({"$type": "Date", "_value": "2015-07-21"}), its
 *    text a value of its type (src/graph/typed-values.ts);
 *  - a list of those, all of one kind (strings, booleans, numbers, or one typed value type);
 *    integers and floats may mix: the list is then a FLOAT list on both (Neo4j stores it so), its
 *    integers written as floats, unless an integer beyond 2^53 would lose digits;
 *  - the empty list.
 * Neo4j refuses maps, lists of lists, lists of mixed kinds and null inside a list; PostgreSQL
 * would store them, so they are refused for both with 400 PROPERTY_VALUE_NOT_PORTABLE naming the
 * property. A null property value means "absent" (create) or "remove" (patch), never a stored null.
 */

export const PROPERTY_VALUE_NOT_PORTABLE = 'PROPERTY_VALUE_NOT_PORTABLE';

function notPortable(property: string, reason: string): BadRequestError {
  const name = JSON.stringify(property).slice(0, 140);
  return new BadRequestError(
    `The value of property ${name} cannot be stored: ${reason}. Property values are strings, numbers, booleans, temporal values, points or lists of one of them.`,
    PROPERTY_VALUE_NOT_PORTABLE,
    { property, reason },
  );
}

type Kind = 'string' | 'boolean' | 'number' | TypedValue['$type'];

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
      if (value instanceof IntegralFloat) {
        if (!Number.isFinite(value.value)) throw notPortable(property, 'numbers must be finite');
        return 'number';
      }
      if (hasTypedShape(value)) {
        if (!isTypedValue(value))
          throw notPortable(property, `a typed value has a $type among ${TYPED_VALUE_TYPES.join(', ')} and a text _value`);
        return value.$type;
      }
      throw notPortable(property, inList ? 'a list cannot hold maps (objects)' : 'maps (objects) cannot be stored');
  }
}

function canonical(property: string, value: TypedValue): TypedValue {
  try {
    return canonicalTypedValue(value);
  } catch (error) {
    if (error instanceof TypedValueError)
      throw notPortable(property, `${JSON.stringify(value._value).slice(0, 80)} is not a ${value.$type}: ${error.message}`);
    throw error;
  }
}

/**
 * The value as both backends store it, or 400 PROPERTY_VALUE_NOT_PORTABLE (or INTEGER_OUT_OF_RANGE):
 * typed values in their canonical text, the integers of a list that holds floats as floats. Null is
 * not checked here.
 */
export function portableValue(property: string, value: unknown): unknown {
  if (!Array.isArray(value)) {
    const kind = kindOf(property, value, false);
    return kind === 'string' || kind === 'boolean' || kind === 'number' ? value : canonical(property, value as TypedValue);
  }
  let first: Kind | undefined;
  let hasBigInt = false;
  let hasFloat = false;
  let hasWholeNumber = false;
  let typed = false;
  for (const element of value) {
    const kind = kindOf(property, element, true);
    if (first === undefined) first = kind;
    else if (kind !== first)
      throw notPortable(
        property,
        `a list must hold only strings, only numbers or only booleans, or values of one temporal type (found ${first} and ${kind})`,
      );
    if (typeof element === 'bigint') hasBigInt = true;
    else if (typeof element === 'number' && Number.isInteger(element)) {
      // An integral double beyond the 64-bit range is written as a float.
      if (Math.abs(element) >= 2 ** 63) hasFloat = true;
      else hasWholeNumber = true;
    } else if (kind === 'number') hasFloat = true;
    else if (kind !== 'string' && kind !== 'boolean') typed = true;
  }
  if (hasBigInt && hasFloat) throw notPortable(property, 'a list mixing integers beyond 2^53 with floats cannot keep both exactly');
  if (typed) return value.map((element) => canonical(property, element as TypedValue));
  if (hasFloat && hasWholeNumber)
    return value.map((element: unknown) =>
      typeof element === 'number' && Number.isInteger(element) ? new IntegralFloat(element) : element,
    );
  return value;
}

/** Throws 400 PROPERTY_VALUE_NOT_PORTABLE (or INTEGER_OUT_OF_RANGE) unless the value is storable on both backends. Null is not checked here. */
export function assertPortableValue(property: string, value: unknown): void {
  portableValue(property, value);
}

/**
 * Checks every value of a property map (create) or patch (update: null removes the property), and
 * puts each value in the form both backends store (portableValue) into the map itself, so that the
 * write that follows stores the canonical form. Every write path applies it: the services before
 * any query, importBatch in both adapters.
 */
export function assertPortableProperties(properties: Record<string, unknown> | null | undefined): void {
  if (!properties || typeof properties !== 'object') return;
  for (const [key, value] of Object.entries(properties)) {
    if (value === null || value === undefined) continue;
    const portable = portableValue(key, value);
    if (portable === value) continue;
    // An own property also for the key __proto__ (an assignment would set the prototype).
    Object.defineProperty(properties, key, { value: portable, enumerable: true, writable: true, configurable: true });
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

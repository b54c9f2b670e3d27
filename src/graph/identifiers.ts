import { BadRequestError } from '../errors';
import { IntegralFloat } from '../exact-json';
import type { Filter } from './graph-store';
import { COMPARISON_OPERATORS, NULL_OPERATORS } from './graph-store';
import { parseRegex, RegexSyntaxError } from './regex';
import { canonicalTypedValue, isTypedValue, TypedValueError } from './typed-values';

/**
 * Labels, relationship types and property names reach Cypher as quoted identifiers. Only names
 * made of letters, digits, underscores, spaces, dots, hyphens and colons (not first) are allowed:
 * quotes, backticks, backslashes and control characters are refused with 400 before any query.
 */
const IDENTIFIER = /^[\p{L}\p{N}_][\p{L}\p{N}_ .\-:]{0,127}$/u;

export type IdentifierKind = 'label' | 'relationship type' | 'property';

export function isValidIdentifier(name: unknown): name is string {
  return typeof name === 'string' && IDENTIFIER.test(name) && name.trim() === name;
}

export function assertIdentifier(kind: IdentifierKind, name: unknown): string {
  if (!isValidIdentifier(name)) {
    throw new BadRequestError(
      `Invalid ${kind} name ${JSON.stringify(String(name)).slice(0, 140)}: use letters, digits, underscore, space, dot, hyphen or colon (not first), at most 128 characters`,
      'INVALID_IDENTIFIER',
      { kind },
    );
  }
  return name;
}

export function assertIdentifiers(kind: IdentifierKind, names: readonly unknown[]): string[] {
  return names.map((name) => assertIdentifier(kind, name));
}

/** Backtick-quotes a validated identifier for Cypher. */
export function cypherIdentifier(kind: IdentifierKind, name: string): string {
  return '`' + assertIdentifier(kind, name) + '`';
}

const MAX_DEPTH = 32;
const MAX_NODES = 1000;

/** A filter tree that passed assertFilter: frozen, so what was checked is what every layer reads. */
declare const validated: unique symbol;
export type ValidFilter = Filter & { readonly [validated]: true };

/**
 * Filters (and sub-trees) already checked, with their size and depth: validated once where they
 * enter (the request's edge, a stored configuration read back), later checks of the same object
 * (services, each adapter, a count beside a page) cost a lookup, and a tree built around one (a
 * scope rule AND a user filter) walks only its new nodes while the limits still count every node.
 */
const checked = new WeakMap<object, { nodes: number; depth: number }>();

/** Checks a filter once and returns it as a ValidFilter (frozen); 400 INVALID_FILTER / INVALID_IDENTIFIER otherwise. */
export function validFilter(filter: unknown, path = 'filter'): ValidFilter {
  assertFilter(filter, path);
  return filter as ValidFilter;
}

/** Structural check of a filter tree; throws 400 INVALID_FILTER with the path of the first problem. */
export function assertFilter(filter: unknown, path = 'filter'): asserts filter is Filter {
  let count = 0;
  /** Returns the depth below `node`; records each checked object with its size and depth. */
  const visit = (node: unknown, at: string, depth: number): number => {
    const known = typeof node === 'object' && node !== null ? checked.get(node) : undefined;
    if (known) {
      count += known.nodes;
      if (count > MAX_NODES) throw invalid(at, `a filter may have at most ${MAX_NODES} conditions`);
      if (depth + known.depth > MAX_DEPTH) throw invalid(at, `a filter may be nested at most ${MAX_DEPTH} levels`);
      return known.depth;
    }
    const before = count;
    const below = check(node, at, depth);
    checked.set(Object.freeze(node as object), { nodes: count - before, depth: below });
    return below;
  };
  const check = (node: unknown, at: string, depth: number): number => {
    if (++count > MAX_NODES) throw invalid(at, `a filter may have at most ${MAX_NODES} conditions`);
    if (depth > MAX_DEPTH) throw invalid(at, `a filter may be nested at most ${MAX_DEPTH} levels`);
    if (typeof node !== 'object' || node === null || Array.isArray(node)) throw invalid(at, 'expected an object');
    const keys = Object.keys(node);
    const value = node as Record<string, unknown>;
    if (keys.length === 1 && (keys[0] === 'and' || keys[0] === 'or')) {
      const list = value[keys[0]];
      if (!Array.isArray(list) || list.length === 0) throw invalid(`${at}.${keys[0]}`, 'expected a non-empty array');
      const below = list.map((child, i) => visit(child, `${at}.${keys[0]}[${i}]`, depth + 1));
      Object.freeze(list);
      return 1 + Math.max(...below);
    }
    if (keys.length === 1 && keys[0] === 'not') return 1 + visit(value.not, `${at}.not`, depth + 1);
    if (keys.length === 1 && keys[0] === 'label') {
      assertIdentifier('label', value.label);
      return 0;
    }
    if (keys.length === 1 && keys[0] === 'type') {
      assertIdentifier('relationship type', value.type);
      return 0;
    }
    if (keys.length === 1 && keys[0] === 'ids') {
      if (!Array.isArray(value.ids) || !value.ids.every((id) => typeof id === 'string' && /^[\w:-]{1,200}$/.test(id))) {
        throw invalid(`${at}.ids`, 'expected an array of element ids');
      }
      Object.freeze(value.ids);
      return 0;
    }
    if ('property' in value && 'operator' in value) {
      assertIdentifier('property', value.property);
      const operator = value.operator as string;
      if ((NULL_OPERATORS as readonly string[]).includes(operator)) {
        if (keys.length !== 2) throw invalid(at, `${operator} takes no value`);
        return 0;
      }
      if (!(COMPARISON_OPERATORS as readonly string[]).includes(operator))
        throw invalid(`${at}.operator`, `unknown operator ${JSON.stringify(operator)}`);
      if (keys.length !== 3 || !('value' in value)) throw invalid(at, `${operator} needs a value`);
      const v = value.value;
      if (operator === 'IN') {
        if (!Array.isArray(v) || !v.every(isScalar))
          throw invalid(`${at}.value`, 'IN needs an array of strings, numbers, booleans, temporal values or points');
        v.forEach((element, i) => {
          const canonical = canonicalFilterValue(element, `${at}.value[${i}]`);
          if (canonical !== element) v[i] = canonical;
        });
        Object.freeze(v);
      } else if (['CONTAINS', 'STARTS WITH', 'ENDS WITH', '=~'].includes(operator)) {
        if (typeof v !== 'string') throw invalid(`${at}.value`, `${operator} needs a string`);
        if (operator === '=~') {
          try {
            parseRegex(v);
          } catch (error) {
            throw invalid(`${at}.value`, error instanceof RegexSyntaxError ? error.message : 'not a valid regular expression');
          }
        }
      } else if (!isScalar(v)) {
        throw invalid(`${at}.value`, 'expected a string, number, boolean, temporal value or point');
      } else {
        const canonical = canonicalFilterValue(v, `${at}.value`);
        if (canonical !== v) value.value = canonical;
      }
      return 0;
    }
    throw invalid(at, 'expected one of and, or, not, label, type, ids, or property with operator');
  };
  visit(filter, path, 0);
}

function isScalar(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (value instanceof IntegralFloat && Number.isFinite(value.value)) ||
    isTypedValue(value)
  );
}

/** A typed value (docs/values.md) in its canonical text, so that equality compares it as stored; other values as they are. */
function canonicalFilterValue(value: unknown, at: string): unknown {
  if (!isTypedValue(value)) return value;
  try {
    const canonical = canonicalTypedValue(value);
    return canonical._value === value._value ? value : canonical;
  } catch (error) {
    if (error instanceof TypedValueError) throw invalid(at, `not a ${value.$type}: ${error.message}`);
    throw error;
  }
}

function invalid(at: string, message: string): BadRequestError {
  return new BadRequestError(`Invalid filter at ${at}: ${message}`, 'INVALID_FILTER', { path: at });
}

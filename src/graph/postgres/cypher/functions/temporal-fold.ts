import type { CstNode } from '../../../../cypher/parser';
import type { Sql } from '../../sql';
import { FALSE, raw, TRUE } from '../../sql';
import type { Expr } from '../context';
import { cypherError, unsupported } from '../context';
import { literalJson } from '../values';
import type { Component, ComponentMap } from './temporal-build';
import { fromEpoch, fromMap, fromText, fromValue, truncate } from './temporal-build';
import type { Temporal, TemporalKind } from './temporal-model';
import { isTypedJson, TemporalError, TemporalUnsupported, toTypedJson, formatTemporal } from './temporal-model';
import { fromTypedJson } from './temporal-parse';
import { addDuration, between, compareTemporal, component, divide, equalTemporal, multiply } from './temporal-ops';

/**
 * The temporal functions of Cypher on PostgreSQL, computed while translating: their arguments are
 * literals, parameters or values computed so (a WITH item carries its constant on), so the answer
 * is a constant of the statement (a jsonb literal in the typed JSON of docs/values.md). Arguments
 * known only when the query runs (a property, a row's value) are refused with CYPHER_UNSUPPORTED,
 * never guessed; so are the clock functions (date(), datetime.statement(), ...), which a cached
 * plan would freeze.
 */

const CONSTRUCTORS: Record<string, TemporalKind> = {
  date: 'Date',
  localtime: 'LocalTime',
  time: 'Time',
  localdatetime: 'LocalDateTime',
  datetime: 'DateTime',
  duration: 'Duration',
};

export function isTemporalFunction(namespace: string, lower: string): boolean {
  const ns = namespace.replace(/\.$/, '').toLowerCase();
  if (!ns) return lower in CONSTRUCTORS;
  return ns in CONSTRUCTORS;
}

/** A typed JSON constant as a temporal value (undefined: not a temporal constant). */
export function temporalConstant(e: Expr): Temporal | undefined {
  const value = e.constant?.value;
  if (!isTypedJson(value)) return undefined;
  try {
    return fromTypedJson(value);
  } catch {
    return undefined;
  }
}

export function temporalExpr(v: Temporal | null): Expr {
  if (v === null) return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
  const value = toTypedJson(v);
  return { sql: literalJson(value), type: 'value', constant: { value } };
}

function plainExpr(value: number | string | boolean | null): Expr {
  if (typeof value === 'boolean') return { sql: value ? TRUE : FALSE, type: 'bool', constant: { value } };
  return { sql: literalJson(value), type: 'value', constant: { value } };
}

/** Runs a computation, turning its errors into the query's errors at the node. */
function guarded<T>(n: CstNode, what: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof TemporalUnsupported) throw unsupported(n, `${what}: ${error.message}`);
    if (error instanceof TemporalError) throw cypherError(n, error.message);
    throw error;
  }
}

function componentOf(value: unknown): Component {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (isTypedJson(value)) {
    const v = fromTypedJson(value);
    if (v) return v;
  }
  throw new TemporalError('Type mismatch: a temporal component must be a number, a string or a temporal value');
}

function mapOf(value: unknown): ComponentMap {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TemporalError('Type mismatch: expected a map');
  return new Map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, componentOf(v)]));
}

export function temporalCall(n: CstNode, namespace: string, fname: string, args: Expr[]): Expr {
  const ns = namespace.replace(/\.$/, '');
  const name = ns ? `${ns}.${fname}` : fname;
  const values = args.map((a) => {
    if (!a.constant) throw unsupported(n, `${name}() of a value known only when the query runs`);
    return a.constant.value;
  });
  try {
    return temporalExpr(computeTemporal(ns, fname, values));
  } catch (error) {
    if (error instanceof TemporalUnsupported) throw unsupported(n, `${name}(): ${error.message}`);
    if (error instanceof TemporalError) throw cypherError(n, error.message);
    throw error;
  }
}

/**
 * A temporal function of values (JSON values: numbers, strings, maps, typed JSON, null): its value,
 * or null. Throws TemporalError (the query's error) or TemporalUnsupported. Also the TCK runner's
 * setup interpreter (test/tck/setup.ts) computes its temporal properties with it.
 */
export function computeTemporal(namespace: string, fname: string, values: unknown[]): Temporal | null {
  const ns = namespace.replace(/\.$/, '');
  const name = ns ? `${ns}.${fname}` : fname;
  const lower = fname.toLowerCase();
  const kind = CONSTRUCTORS[(ns || fname).toLowerCase()];
  if (!kind) throw new TemporalUnsupported(`the function ${name}()`);
  const arity = (...counts: number[]) => {
    if (!counts.includes(values.length)) throw new TemporalError(`${name}() takes ${counts.join(' or ')} argument(s)`);
  };
  if (ns && ['statement', 'transaction', 'realtime'].includes(lower)) {
    // The clock in a given zone: null for a null zone, else refused (a cached plan would freeze the clock).
    if (values.length === 1 && values[0] === null) return null;
    throw new TemporalUnsupported('the clock');
  }
  if (!ns) {
    if (values.length === 0) throw new TemporalUnsupported('the current time');
    arity(1);
    const [v] = values;
    if (v === null) return null;
    if (typeof v === 'string') return fromText(kind, v);
    if (isTypedJson(v)) {
      const value = fromTypedJson(v);
      if (!value) throw new TemporalError(`Cannot construct a ${kind} from a ${v.$type}`);
      return fromValue(kind, value);
    }
    return fromMap(kind, mapOf(v));
  }
  if (lower === 'truncate' && kind !== 'Duration') {
    arity(2, 3);
    const [unit, v, map] = values;
    if (v === null || unit === null) return null;
    if (typeof unit !== 'string') throw new TemporalError('The unit of truncate() must be a string');
    const value = componentOf(v);
    if (value === null || typeof value !== 'object') throw new TemporalError('truncate() needs a temporal value');
    return truncate(kind, unit, value, map === undefined || map === null ? new Map<string, Component>() : mapOf(map));
  }
  if (kind === 'Duration' && ['between', 'inmonths', 'indays', 'inseconds'].includes(lower)) {
    arity(2);
    const [a, b] = values.map((v) => componentOf(v));
    if (a === null || b === null) return null;
    if (typeof a !== 'object' || typeof b !== 'object') throw new TemporalError(`${name}() needs two temporal values`);
    return between(a, b, lower as 'between');
  }
  if (kind === 'DateTime' && (lower === 'fromepoch' || lower === 'fromepochmillis')) {
    arity(lower === 'fromepoch' ? 2 : 1);
    if (values.some((v) => v === null)) return null;
    const [a, b] = values.map((v) => componentOf(v));
    if (typeof a !== 'number' || (lower === 'fromepoch' && typeof b !== 'number')) throw new TemporalError(`${name}() needs integers`);
    if (lower === 'fromepochmillis') return fromEpoch(Math.floor(a / 1000), (a % 1000) * 1_000_000);
    return fromEpoch(a, b as number);
  }
  throw new TemporalUnsupported(`the function ${name}()`);
}

/** `.year`, `.epochMillis`, ... of a temporal constant (undefined: the target is not one). */
export function temporalProperty(target: Expr, key: string, at: CstNode): Expr | undefined {
  const v = temporalConstant(target);
  if (!v) return undefined;
  return guarded(at, `.${key}`, () => plainExpr(component(v, key)));
}

/** toString() of a temporal constant. */
export function temporalToString(arg: Expr): Expr | undefined {
  const v = temporalConstant(arg);
  return v ? plainExpr(formatTemporal(v)) : undefined;
}

/** =, <>, <, ... of two constants of which one is temporal (undefined: neither is). */
export function temporalComparison(a: Expr, b: Expr, op: string): Sql | undefined {
  const x = temporalConstant(a);
  const y = temporalConstant(b);
  if (!x && !y) return undefined;
  if (!a.constant || !b.constant) return undefined;
  if (a.constant.value === null || b.constant.value === null) return raw('null::boolean');
  const bool = (value: boolean | null) => (value === null ? raw('null::boolean') : value ? TRUE : FALSE);
  if (op === '=' || op === '<>' || op === '!=') {
    const equal = !!x && !!y && equalTemporal(x, y);
    return bool(op === '=' ? equal : !equal);
  }
  const c = x && y ? compareTemporal(x, y) : null;
  if (c === null) return bool(null);
  return bool(op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0);
}

/** +, -, *, / with a temporal constant (undefined: no temporal operand; refused when one is not constant). */
export function temporalArithmetic(a: Expr, b: Expr, op: string, at: CstNode): Expr | undefined {
  const x = temporalConstant(a);
  const y = temporalConstant(b);
  const typed = (e: Expr) => isTypedJson(e.constant?.value);
  if (!x && !y) {
    if (typed(a) || typed(b)) throw unsupported(at, `The operator ${op} on this value`);
    return undefined;
  }
  if (!a.constant || !b.constant)
    throw unsupported(at, `The operator ${op} with a temporal value and a value known only when the query runs`);
  if (a.constant.value === null || b.constant.value === null) return temporalExpr(null);
  return guarded(at, `The operator ${op}`, () => {
    if ((op === '+' || op === '-') && x && y) {
      if (y.kind === 'Duration') return temporalExpr(addDuration(x, y, op === '+' ? 1 : -1));
      if (x.kind === 'Duration' && op === '+') return temporalExpr(addDuration(y, x, 1));
    }
    const number = (e: Expr) => {
      const v = e.constant?.value;
      return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
    };
    if (op === '*') {
      const [d, f, fe] = x?.kind === 'Duration' ? [x, number(b), b] : [y?.kind === 'Duration' ? y : undefined, number(a), a];
      if (d && f !== undefined) return temporalExpr(multiply(d, f, isFloatLiteral(fe)));
    }
    if (op === '/' && x?.kind === 'Duration') {
      const f = number(b);
      if (f !== undefined) return temporalExpr(divide(x, f));
    }
    throw new TemporalError(`Type mismatch: the operator ${op} does not apply to these values`);
  });
}

function isFloatLiteral(e: Expr): boolean {
  const v = e.constant?.value;
  return typeof v === 'number' && !Number.isInteger(v);
}

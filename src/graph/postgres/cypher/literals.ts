import type { CstNode } from '../../../cypher/parser';
import { nameOf, positionOf, rule, rules, textOf, unwrap } from '../../../cypher/parser';
import { BadRequestError } from '../../../errors';
import type { Sql } from '../sql';
import { and, FALSE, join, raw, sql, TRUE } from '../sql';
import type { Ctx, Expr, Translator } from './context';
import { cypherError, raise, unsupported } from './context';
import { expr } from './expression-entry';
import { elementListKind, json } from './expression-values';
import { temporalProperty } from './functions/temporal-fold';
import { pointProperty } from './functions/spatial';
import { constructName, hasNestedNull, literalJson, unescapeString } from './values';

export function propertyOrLabels(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const atomNode = rule(n, 'atom')!;
  let current = expr(t, atomNode, ctx);
  for (const lookup of rules(n, 'propertyLookup')) {
    current = propertyOf(t, current, nameOf(rule(lookup, 'propertyKeyName')!), lookup);
  }
  const labels = rule(n, 'nodeLabels');
  if (labels) {
    if (current.type === 'nodeobj') {
      const names = rules(labels, 'nodeLabel').map((l) => nameOf(rule(l, 'labelName')!));
      const tests = names.map((l) => (t.scope.labelVisible(l) ? sql`jsonb_exists(${current.sql} -> 'labels', ${l}::text)` : FALSE));
      return { sql: sql`(case when ${current.sql} is null then null else ${and(tests)} end)`, type: 'bool' };
    }
    if (current.type !== 'node') throw unsupported(labels, 'A label test on a value that is not a node variable');
    const names = rules(labels, 'nodeLabel').map((l) => nameOf(rule(l, 'labelName')!));
    const alias = current.element!.alias!();
    const test = names.every((l) => t.scope.labelVisible(l)) ? sql`${raw(alias)}.labels @> ${names}::text[]` : FALSE;
    current = { sql: sql`(case when ${current.sql} is null then null else ${test} end)`, type: 'bool' };
  }
  return current;
}

export function propertyOf(t: Translator, target: Expr, key: string, at: CstNode): Expr {
  if (target.type === 'node' || target.type === 'rel') {
    const alias = target.element!.alias!();
    const accessor = target.type === 'node' ? t.scope.nodeAccessor(alias, key) : t.scope.relationshipAccessor(alias, key);
    return { sql: accessor, type: 'value' };
  }
  if (target.type === 'nodeobj' || target.type === 'relobj') {
    return { sql: sql`nullif(${target.sql} -> 'properties' -> ${key}::text, 'null'::jsonb)`, type: 'value', aggregate: target.aggregate };
  }
  if (target.type === 'value') {
    const folded = temporalProperty(target, key, at) ?? pointProperty(target, key, at);
    if (folded) return folded;
    const v = target.sql;
    // A typed value (a date, a duration, a point: docs/values.md) known only when the query runs:
    // its component by gas_temporal_component, not read as a map's keys.
    return {
      sql: sql`(case when ${v} is null then null when jsonb_typeof(${v}) = 'object' and gas_value_kind(${v}) <> 'MAP' then gas_temporal_component(${v}, ${key}::text) when jsonb_typeof(${v}) = 'object' then nullif(${v} -> ${key}::text, 'null'::jsonb) else ${raise('GCY02', `Type mismatch: property access .${key} on a value that is not a map, node or relationship (at ${positionOf(at)})`, 'jsonb')} end)`,
      type: 'value',
      nestedNull: target.nestedNull,
      aggregate: target.aggregate,
    };
  }
  if (target.type === 'path' || target.type === 'bool')
    throw cypherError(
      at,
      `Type mismatch: expected a map, node or relationship for property access .${key} but was a ${target.type === 'path' ? 'path' : 'boolean'}`,
    );
  throw unsupported(at, `Property access .${key} on this value`);
}

export function parameterExpr(t: Translator, n: CstNode): Expr {
  const inner = unwrap(n);
  if (inner.rule === 'legacyParameter' || textOf(n).trim().startsWith('{')) throw unsupported(n, 'The parameter syntax {name}');
  const nameNode = rule(inner, 'parameterName') ?? inner;
  const name = nameOf(nameNode).replace(/^\$/, '');
  if (!Object.prototype.hasOwnProperty.call(t.params, name)) {
    throw new BadRequestError(
      `The query uses the parameter $${name} (at ${positionOf(n)}), which the request does not give`,
      'CYPHER_PARAMETER_MISSING',
      { parameter: name },
    );
  }
  const value = t.params[name] ?? null;
  return { sql: literalJson(value), type: 'value', constant: { value }, nestedNull: hasNestedNull(value) };
}

export function numberLiteral(t: Translator, n: CstNode, negative: boolean): Expr {
  const text = textOf(n).trim();
  if (n.rule === 'doubleLiteral' || (/[.eE]/.test(text) && !/^0x/i.test(text))) {
    const value = (negative ? -1 : 1) * Number(text);
    if (!Number.isFinite(value)) throw cypherError(n, 'The floating point number is too large');
    return { sql: literalJson(value, true), type: 'value', constant: { value } };
  }
  let big: bigint;
  if (/^0x/i.test(text)) big = BigInt(text);
  else if (/^0o/i.test(text)) big = BigInt(text);
  else if (/^0[0-7]+$/.test(text)) big = BigInt('0o' + text.slice(1));
  else if (/^\d+$/.test(text)) big = BigInt(text);
  else throw unsupported(n, `The number ${text}`);
  if (negative) big = -big;
  if (big > 2n ** 63n - 1n || big < -(2n ** 63n)) throw cypherError(n, 'The integer is too large');
  const value = Number.isSafeInteger(Number(big)) ? Number(big) : big;
  return { sql: literalJson(value), type: 'value', constant: { value } };
}

export function literalExpr(t: Translator, n: CstNode, ctx: Ctx): Expr {
  switch (n.rule) {
    case 'integerLiteral':
    case 'doubleLiteral':
      return numberLiteral(t, n, false);
    case 'numberLiteral':
      return numberLiteral(t, rules(n)[0], false);
    case 'stringLiteral': {
      const value = unescapeString(n, textOf(n).trim());
      return { sql: literalJson(value), type: 'value', constant: { value } };
    }
    case 'booleanLiteral': {
      const value = textOf(n).trim().toUpperCase() === 'TRUE';
      return { sql: value ? TRUE : FALSE, type: 'bool', constant: { value } };
    }
    case 'listLiteral': {
      const items = rules(n, 'expression').map((e) => expr(t, e, ctx));
      // Of nodes alone (or relationships alone): a list of their objects, as collect(n) is (`[r1, r2]`, TCK Match4 [8]).
      const elements = elementListKind(items);
      if (elements)
        return {
          sql: sql`jsonb_build_array(${join(
            items.map((i) => json(t, i)),
            ', ',
          )})`,
          type: elements,
          aggregate: items.some((i) => i.aggregate),
        };
      if (items.some((i) => i.type !== 'value' && i.type !== 'bool')) throw unsupported(n, 'A list of nodes, relationships or paths');
      const aggregate = items.some((i) => i.aggregate);
      if (items.every((i) => i.constant)) {
        const value = items.map((i) => i.constant!.value);
        // Keep float literals as floats inside the list.
        return {
          sql: items.length
            ? sql`jsonb_build_array(${join(
                items.map((i) => json(t, i)),
                ', ',
              )})`
            : raw(`'[]'::jsonb`),
          type: 'value',
          constant: { value },
          nestedNull: hasNestedNull(value),
        };
      }
      return {
        sql: items.length
          ? sql`jsonb_build_array(${join(
              items.map((i) => json(t, i)),
              ', ',
            )})`
          : raw(`'[]'::jsonb`),
        type: 'value',
        nestedNull: true,
        aggregate,
      };
    }
    case 'mapLiteral': {
      const entries = rules(n, 'literalEntry').map((e) => ({
        key: nameOf(rule(e, 'propertyKeyName')!),
        value: expr(t, rule(e, 'expression')!, ctx),
      }));
      if (entries.some((e) => e.value.type !== 'value' && e.value.type !== 'bool'))
        throw unsupported(n, 'A map holding nodes, relationships or paths');
      const parts: Sql[] = [];
      for (const e of entries) parts.push(sql`${e.key}::text`, json(t, e.value));
      const constant = entries.every((e) => e.value.constant)
        ? { value: Object.fromEntries(entries.map((e) => [e.key, e.value.constant!.value])) }
        : undefined;
      return {
        sql: parts.length ? sql`jsonb_build_object(${join(parts, ', ')})` : raw(`'{}'::jsonb`),
        type: 'value',
        constant,
        nestedNull: constant ? hasNestedNull(constant.value) : true,
        aggregate: entries.some((e) => e.value.aggregate),
      };
    }
    case 'literal':
      if (textOf(n).trim().toUpperCase() === 'NULL') return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
      return literalExpr(t, rules(n)[0], ctx);
    default:
      throw unsupported(n, constructName(n));
  }
}

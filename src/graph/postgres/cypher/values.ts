import type { CstNode } from '../../../cypher/parser';
import { descendants, nameOf, positionOf, rule, textOf } from '../../../cypher/parser';
import { BadRequestError } from '../../../errors';
import { toJsonText } from '../../../exact-json';
import type { Sql } from '../sql';
import { raw, sql } from '../sql';
import type { ColumnKind, Expr } from './context';
import { unsupported } from './context';

/** Literal values, type names and small helpers of the translation that need no state. */
/** An integer (a number written without fraction or exponent, within 64 bits); the cast only runs once the text is digits. */
export const isInt = (v: Sql) =>
  sql`(case when ${v} is null then null when jsonb_typeof(${v}) = 'number' and (${v})::text ~ '^-{0,1}[0-9]{1,19}$' then (${v})::text::numeric between -9223372036854775808 and 9223372036854775807 else false end)`;

/** A float8 as a jsonb number that keeps a fraction part (1.0, not 1), so it stays a float. */
export function floatJson(f: Sql): Sql {
  return sql`(case when to_jsonb(${f})::text ~ '^-{0,1}[0-9]+$' then (to_jsonb(${f})::text || '.0')::jsonb else to_jsonb(${f}) end)`;
}

export function literalJson(value: unknown, isFloat = false): Sql {
  if (value === null) return raw('null::jsonb');
  if (isFloat && typeof value === 'number') {
    let text = String(value);
    if (/^-?\d+$/.test(text)) text += '.0';
    return sql`${text}::jsonb`;
  }
  return sql`${toJsonText(value)}::jsonb`;
}

/** The Cypher type name of a literal's value, for type errors. */
export function constantTypeName(value: unknown): string {
  if (typeof value === 'string') return 'a String';
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return 'an Integer';
  if (typeof value === 'number') return 'a Float';
  if (Array.isArray(value)) return 'a List';
  return 'a Map';
}

export function hasNestedNull(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => v === null || v === undefined || hasNestedNull(v));
  if (value !== null && typeof value === 'object')
    return Object.values(value as Record<string, unknown>).some((v) => v === null || v === undefined || hasNestedNull(v));
  return false;
}

export function unescapeString(node: CstNode, literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/gs, (_m, e: string) => {
    switch (e[0]) {
      case 'u':
      case 'U': {
        // `\u` without its hexadecimal digits, or beyond the last code point: the TCK's
        // InvalidUnicodeLiteral, a syntax error (it was a RangeError and a 500).
        const codePoint = e.length > 1 ? parseInt(e.slice(1), 16) : NaN;
        if (!(codePoint <= 0x10ffff)) {
          throw new BadRequestError(
            `The query cannot be read at ${positionOf(node)}: invalid unicode literal \\${e}`,
            'CYPHER_SYNTAX_ERROR',
            { line: node.line, column: node.column },
          );
        }
        return String.fromCodePoint(codePoint);
      }
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case '\\':
      case "'":
      case '"':
        return e;
      default:
        throw unsupported(node, `The string escape \\${e}`);
    }
  });
}

/** `*N`, `*..N`, `*M..N` (an upper bound is required: `*` and `*M..` are refused). */
export function rangeBounds(range: CstNode): { min: number; max: number | undefined } {
  const parts = range.children.filter((c) => !c.space).map((c) => (c.rule === 'integerLiteral' ? Number(textOf(c).trim()) : c.token));
  const numbers = parts.filter((p): p is number => typeof p === 'number');
  const dots = parts.includes('..');
  if (!numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) throw unsupported(range, 'This relationship length');
  let min: number;
  let max: number | undefined;
  if (!dots) {
    if (numbers.length === 0) max = undefined;
    else max = numbers[0];
    min = numbers.length === 0 ? 1 : numbers[0];
  } else {
    const before = typeof parts[1] === 'number';
    min = before ? (parts[1] as number) : 1;
    const last = parts[parts.length - 1];
    max = typeof last === 'number' && (!before || parts.length > 3) ? last : undefined;
  }
  if (max !== undefined && min > max) return { min: 1, max: 0 };
  return { min, max };
}

export const AGGREGATES = new Set(['count', 'collect', 'sum', 'avg', 'min', 'max', 'percentilecont', 'percentiledisc']);

/** The variables of the expression that are not inside an aggregate's argument. */
export function variablesOutsideAggregates(node: CstNode): CstNode[] {
  return descendants(node, 'variable').filter((variable) => {
    for (let p = variable.parent; p && p !== node.parent; p = p.parent) {
      if (p.rule === 'functionInvocation') {
        const body = rule(p, 'functionInvocationBody');
        const name = body ? nameOf(rule(body, 'functionName')!).toLowerCase() : '';
        if (AGGREGATES.has(name) && !(body && rule(body, 'namespace') && textOf(rule(body, 'namespace')!).trim())) return false;
      }
    }
    return true;
  });
}

export function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

export function kindOf(e: Expr): ColumnKind {
  switch (e.type) {
    case 'node':
      return 'node';
    case 'rel':
      return 'rel';
    case 'nodes':
      return 'nodes';
    case 'rels':
      return 'rels';
    case 'path':
      return 'path';
    case 'nodeobj':
      return 'nodeobj';
    case 'relobj':
      return 'relobj';
    default:
      return 'value';
  }
}

export const CONSTRUCT_NAMES: Record<string, string> = {
  caseExpression: 'CASE',
  patternComprehension: 'A pattern comprehension',
  relationshipsPattern: 'A pattern as an expression',
  filterFunction: 'filter()',
  extractFunction: 'extract()',
  reduceFunction: 'reduce()',
  allFunction: 'all()',
  anyFunction: 'any()',
  noneFunction: 'none()',
  singleFunction: 'single()',
  shortestPathPatternFunction: 'shortestPath',
  mapProjection: 'A map projection',
  implicitProcedureInvocation: 'A procedure call',
};

export function constructName(node: CstNode): string {
  if (node.rule === null) return `The operator ${node.token ?? ''}`.trim();
  if (node.rule === 'shortestPathPatternFunction') return textOf(node).split('(')[0].trim();
  return CONSTRUCT_NAMES[node.rule] ?? `The expression ${textOf(node).trim().slice(0, 40)}`;
}

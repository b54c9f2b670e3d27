import type { CstNode } from '../../../cypher/parser';
import { positionOf } from '../../../cypher/parser';
import { BadRequestError } from '../../../errors';
import type { Sql } from '../sql';
import { raw, sql } from '../sql';
import type { ScopeSql } from '../sql-filter';

/** Types, errors and the shared state of the Cypher-to-SQL translation (translate.ts). */
export type ColumnKind = 'node' | 'rel' | 'value' | 'nodes' | 'rels' | 'path' | 'nodeobj' | 'relobj';

export interface TranslatedCypher {
  statement: Sql;
  columns: string[];
  kinds: ColumnKind[];
}

export function unsupported(node: CstNode, construct: string): BadRequestError {
  return new BadRequestError(
    `${construct} (at ${positionOf(node)}) is not supported by Cypher on the PostgreSQL backend`,
    'CYPHER_UNSUPPORTED',
    { construct, line: node.line, column: node.column },
  );
}

export function cypherError(node: CstNode, message: string): BadRequestError {
  return new BadRequestError(`${message} (at ${positionOf(node)})`, 'CYPHER_ERROR', { line: node.line, column: node.column });
}

/**
 * An aggregate where the context allows none: Neo4j's compile-time error (in WHERE, ORDER BY, UNWIND,
 * inside another aggregate: InvalidAggregation / NestedAggregation), unless Neo4j would allow it
 * and only the translation does not (Ctx.aggregatesUnsupported).
 */
export function aggregateHere(node: CstNode, ctx: { aggregatesUnsupported?: boolean }, name: string): BadRequestError {
  return ctx.aggregatesUnsupported
    ? unsupported(node, `The aggregate ${name} here`)
    : cypherError(node, `Invalid use of aggregating function ${name} in this context`);
}

/** Runtime stop: GCY01 → 400 CYPHER_UNSUPPORTED, GCY02 → 400 CYPHER_ERROR (see run.ts). */
export function raise(code: 'GCY01' | 'GCY02', message: string, type: 'jsonb' | 'boolean' | 'int' | 'text'): Sql {
  return sql`gas_cypher_raise(${code}::text, ${message}::text, null::${raw(type)})`;
}

// ---------------------------------------------------------------------------------------------
// Values

export type ExprType = 'bool' | 'value' | 'node' | 'rel' | 'nodes' | 'rels' | 'path' | 'pattern' | 'nodeobj' | 'relobj';

export interface Expr {
  sql: Sql;
  type: ExprType;
  /** node / rel: the graph row alias (joined on demand). */
  element?: Binding;
  /** A literal or parameter value known when translating. */
  constant?: { value: unknown };
  /** A list or map that may hold null somewhere inside (list equality would be three-valued). */
  nestedNull?: boolean;
  aggregate?: boolean;
  /** A pattern used as an expression: `sql` tells whether it matches, `count` how often. */
  count?: Sql;
  at?: CstNode;
}

export interface Binding {
  kind: ColumnKind;
  nestedNull?: boolean;
  /** A value projected from the literal null (`WITH null AS a`): a pattern may use it as a node. */
  nullLiteral?: boolean;
  /** A value projected from a literal or parameter that is not null (`WITH 123 AS r`): never a node or relationship. */
  literal?: boolean;
  /** A temporal value known when translating (`WITH date('2015-07-21') AS d`): functions of it are computed then. */
  constant?: { value: unknown };
  /** bigint id (node, rel) or jsonb value. */
  sql: Sql;
  /** Alias of the graph_nodes / graph_relationships row (node, rel). */
  alias?: () => string;
}

export interface Column {
  name: string;
  kind: ColumnKind;
  /** A value that may be a list or map holding null. */
  nestedNull?: boolean;
  /** Projected from the literal null. */
  nullLiteral?: boolean;
  /** Projected from a literal or parameter that is not null. */
  literal?: boolean;
  /** A temporal value known when translating (Binding.constant). */
  constant?: { value: unknown };
}

export interface PatternSql {
  tables: Sql[];
  structural: Sql[];
  scopeParts: Sql[];
  user: Sql[];
  fresh: Array<{ name: string; alias: string; kind: 'node' | 'rel' | 'rels' | 'path'; select?: Sql }>;
}

export interface Stage {
  /** A derived table (select ...) with the columns of `vars` (and of `order`). */
  sql: Sql;
  vars: Map<string, Column>;
  /** Columns that give the row order (ascending), empty when unordered. */
  order: string[];
}

export interface Ctx {
  vars: Map<string, Binding>;
  /** Aggregates are allowed here (a WITH / RETURN item). */
  aggregates: boolean;
  /**
   * Aggregates would be allowed here on Neo4j but are not translated (the list of a list
   * comprehension in a WITH / RETURN item): refused, not a Cypher error.
   */
  aggregatesUnsupported?: boolean;
  /** Row order of the input (collect() keeps it). */
  order: Sql[];
  /**
   * After WITH / RETURN: a sub-expression written as a projected item (`a.name2`, `count(x)`) reads
   * that item's column, as on Neo4j (`WITH DISTINCT a.name2 AS name WHERE a.name2 = 'B'`, `ORDER BY
   * me.age + count(you.age)`). Keyed by the item's normalised text; not inside a new scope.
   */
  projected?: Map<string, { name: string; binding: Binding }>;
}

/**
 * The state one translation shares across its clause, pattern, expression and function modules:
 * the reader's compiled scope, the request's parameters, the row limit, the depth an unbounded
 * variable-length relationship is followed to, and the counter that names derived tables and
 * aliases (every alias of one statement is unique).
 */
export class Translator {
  private counter = 0;
  /**
   * The query deleted elements before this translation (writing.ts): reading a node or
   * relationship that is gone (its properties, labels, type, itself) stops the statement, as
   * Neo4j's EntityNotFound, instead of reading null (source.ts).
   */
  deletedElements = false;
  /** The types of the relationships the query deleted before this translation, as JSON `{id: type}` (type() still reads them). */
  deletedTypes: string | null = null;

  constructor(
    readonly scope: ScopeSql,
    readonly params: Record<string, unknown>,
    readonly maxRows: number,
    /** The depth an unbounded variable-length relationship is followed to (graphdb.cypherMaxDepth). */
    readonly maxDepth = 15,
    /** The expression dispatcher (expressions.ts), given by translate.ts; modules reach it through expr(). */
    readonly expression: (t: Translator, node: CstNode, ctx: Ctx) => Expr = () => {
      throw new Error('Translator built without its expression translator');
    },
  ) {}

  fresh(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }
}

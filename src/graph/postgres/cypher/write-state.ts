import type { Knex } from 'knex';
import type { CstNode } from '../../../cypher/parser';
import { BadRequestError } from '../../../errors';
import { toJsonText } from '../../../exact-json';
import type { CypherElementWrite, CypherSideEffects } from '../../graph-store';
import { assertPortableValue } from '../../property-values';
import type { QueryRunner } from '../runner';
import type { Sql } from '../sql';
import { join, raw, sql } from '../sql';
import type { ScopeSql } from '../sql-filter';
import type { Column, Ctx, Expr, ExprType, Stage } from './context';
import { cypherError, Translator } from './context';
import { expr } from './expression-entry';
import { json, nodeObject, relationshipObject } from './expression-values';
import { translateExpression } from './expressions';
import { Source } from './source';

/**
 * The state of a query with writing clauses (writing.ts) between its clauses: the rows so far
 * (one object per row, keyed by variable: a node or relationship is its id as a string, anything
 * else its value as read from jsonb, null when absent), the kinds of their variables, the
 * transaction, and what was written so far (for the side effects). Reading clauses and every
 * expression of a writing clause run as SQL over the rows (rowsStage), inside the transaction, so
 * they see what the query wrote before them.
 */
export type Row = Record<string, unknown>;

export interface ElementState {
  id: string;
  labels: string[];
  properties: Record<string, unknown>;
  /** As the writer sees it (the scope's projections). */
  visibleLabels: string[];
  visibleProperties: Record<string, unknown>;
  /** Relationships only. */
  type?: string;
}

export class WriteState {
  rows: Row[] = [{}];
  vars = new Map<string, Column>();
  readonly effects: CypherSideEffects = {
    nodesCreated: 0,
    nodesDeleted: 0,
    relationshipsCreated: 0,
    relationshipsDeleted: 0,
    labelsAdded: 0,
    labelsRemoved: 0,
    propertiesSet: 0,
    propertiesRemoved: 0,
  };
  /** Whether each label name touched by the query existed on a visible node before it (the label side effects). */
  private readonly labelsBefore = new Map<string, boolean>();
  /** Elements deleted by the query so far (a later write to one is an error). */
  readonly deletedNodes = new Set<string>();
  readonly deletedRelationships = new Set<string>();
  /** The type of each relationship deleted (type() of one still answers). */
  readonly deletedTypes = new Map<string, string>();

  constructor(
    readonly trx: Knex.Transaction,
    readonly runner: QueryRunner,
    readonly scope: ScopeSql,
    readonly params: Record<string, unknown>,
    readonly maxRows: number,
    readonly maxDepth: number,
    readonly check: (write: CypherElementWrite) => void,
  ) {}

  translator(): Translator {
    const t = new Translator(this.scope, this.params, this.maxRows, this.maxDepth, translateExpression);
    t.deletedElements = this.deletedNodes.size + this.deletedRelationships.size > 0;
    t.deletedTypes = this.deletedTypes.size > 0 ? toJsonText(Object.fromEntries(this.deletedTypes)) : null;
    return t;
  }

  async sqlRows<T = Record<string, unknown>>(statement: Sql): Promise<T[]> {
    return this.runner.rows<T>(statement, this.trx);
  }

  /** The rows as a derived table with one column per variable and the row order. */
  rowsStage(t: Translator, rows: Row[] = this.rows): Stage {
    const ord = t.fresh('c');
    const columns = [...this.vars].map(([name, column], i) => ({ name, key: `k${i}`, column: t.fresh('c'), source: column }));
    const payload = rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const c of columns) {
        const value = row[c.name];
        if (value !== null && value !== undefined) out[c.key] = value;
      }
      return out;
    });
    const selected = columns.map((c) =>
      c.source.kind === 'node' || c.source.kind === 'rel'
        ? sql`(x.e->>${c.key}::text)::bigint as ${raw(c.column)}`
        : sql`${refreshed(t, sql`(x.e->${c.key}::text)`, c.source.kind)} as ${raw(c.column)}`,
    );
    selected.push(raw(`x.o as ${ord}`));
    const vars = new Map<string, Column>(columns.map((c) => [c.name, { ...c.source, name: c.column }]));
    return {
      sql: sql`select ${join(selected, ', ')} from jsonb_array_elements(${toJsonText(payload)}::jsonb) with ordinality x(e, o)`,
      vars,
      order: [ord],
    };
  }

  /** Runs a stage and makes its rows the query's rows (the reading clauses between writing ones). */
  async readStage(t: Translator, stage: Stage): Promise<void> {
    const { rows, vars } = await this.queryStage(t, stage);
    this.rows = rows;
    this.vars = vars;
  }

  /** The rows of a stage and their variables. */
  async queryStage(t: Translator, stage: Stage): Promise<{ rows: Row[]; vars: Map<string, Column> }> {
    const s = t.fresh('s');
    const names = [...stage.vars.keys()];
    const selected = names.map((name, i) => raw(`${s}.${stage.vars.get(name)!.name} as v${i}`));
    const order = stage.order.map((o) => raw(`${s}.${o}`));
    const rows = await this.sqlRows<Record<string, unknown>>(
      sql`select ${selected.length ? join(selected, ', ') : raw('1 as gas_one')} from (${stage.sql}) ${raw(s)}${order.length ? sql` order by ${join(order, ', ')}` : raw('')}`,
    );
    return {
      rows: rows.map((r) => Object.fromEntries(names.map((name, i) => [name, r[`v${i}`] ?? null]))),
      vars: new Map(names.map((name) => [name, { ...stage.vars.get(name)! }])),
    };
  }

  /**
   * The values of expressions for every row, in row order: a node or relationship as its id
   * (string), a path or a list of elements as their objects, anything else as its value.
   */
  async evaluate(nodes: CstNode[], rows: Row[] = this.rows): Promise<{ values: unknown[][]; types: ExprType[] }> {
    if (nodes.length === 0) return { values: rows.map(() => []), types: [] };
    const t = this.translator();
    const stage = this.rowsStage(t, rows);
    const source = new Source(t, stage);
    const ctx: Ctx = { vars: source.bindings(), aggregates: false, order: [] };
    // Translated even without rows: an error of the query itself (an undefined variable) is one whatever the data.
    const exprs: Expr[] = nodes.map((n) => expr(t, n, ctx));
    if (rows.length === 0) return { values: [], types: exprs.map((e) => e.type) };
    const selected = exprs.map((e, i) => {
      const value =
        e.type === 'node' || e.type === 'rel' ? sql`(${e.sql})::text` : e.type === 'bool' ? sql`to_jsonb(${e.sql})` : json(t, e);
      return sql`${value} as ${raw(`v${i}`)}`;
    });
    const result = await this.sqlRows<Record<string, unknown>>(
      sql`select ${join(selected, ', ')} from ${source.from()} order by ${source.ref(stage.order[0])}`,
    );
    return { values: result.map((r) => exprs.map((_, i) => r[`v${i}`] ?? null)), types: exprs.map((e) => e.type) };
  }

  /** Current state of nodes (locked for the rest of the transaction), the visible view beside. */
  async nodes(ids: string[]): Promise<Map<string, ElementState>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.sqlRows<{
      id: string;
      labels: string[];
      properties: Record<string, unknown>;
      vl: string[];
      vp: Record<string, unknown>;
    }>(
      sql`select n.id::text as id, n.labels, n.properties, ${this.scope.nodeLabels('n')} as vl, ${this.scope.nodeProperties('n')} as vp
          from graph_nodes n where n.id = any(${unique}::bigint[]) and ${this.scope.nodeVisible('n')} order by n.id for no key update of n`,
    );
    return new Map(
      rows.map((r) => [
        r.id,
        { id: r.id, labels: r.labels, properties: r.properties ?? {}, visibleLabels: r.vl ?? [], visibleProperties: r.vp ?? {} },
      ]),
    );
  }

  async relationships(ids: string[]): Promise<Map<string, ElementState>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.sqlRows<{ id: string; type: string; properties: Record<string, unknown>; vp: Record<string, unknown> }>(
      sql`select r.id::text as id, r.type, r.properties, ${this.scope.relationshipProperties('r')} as vp
          from graph_relationships r where r.id = any(${unique}::bigint[]) and ${this.scope.relationshipVisible('r')} order by r.id for no key update of r`,
    );
    return new Map(
      rows.map((r) => [
        r.id,
        { id: r.id, type: r.type, labels: [], properties: r.properties ?? {}, visibleLabels: [], visibleProperties: r.vp ?? {} },
      ]),
    );
  }

  /** Records, before a change of these label names, whether each existed on a visible node. */
  async touchLabels(labels: Iterable<string>): Promise<void> {
    const fresh = [...new Set(labels)].filter((l) => !this.labelsBefore.has(l));
    if (fresh.length === 0) return;
    const existing = new Set(await this.existingLabels(fresh));
    for (const label of fresh) this.labelsBefore.set(label, existing.has(label));
  }

  private async existingLabels(labels: string[]): Promise<string[]> {
    const rows = await this.sqlRows<{ l: string }>(
      sql`select l from unnest(${labels}::text[]) l where exists (select 1 from graph_nodes n where n.labels @> array[l] and ${this.scope.nodeVisible('n')})`,
    );
    return rows.map((r) => r.l).filter((l) => this.scope.labelVisible(l));
  }

  /** The label side effects: label names that came to exist or ceased to exist. */
  async finishLabels(): Promise<void> {
    const touched = [...this.labelsBefore.keys()].filter((l) => this.scope.labelVisible(l));
    if (touched.length === 0) return;
    const after = new Set(await this.existingLabels(touched));
    for (const label of touched) {
      const before = this.labelsBefore.get(label)!;
      if (!before && after.has(label)) this.effects.labelsAdded++;
      if (before && !after.has(label)) this.effects.labelsRemoved++;
    }
  }

  /**
   * A property written (null: absent), for the side effects: they compare each property's value
   * before the query with its value after it, as the TCK's graph difference does (a property
   * created and then changed by the same query is one property set).
   */
  property(kind: 'node' | 'rel', id: string, key: string, before: unknown, after: unknown): void {
    const k = `${kind}:${id}:${key}`;
    if (!this.propertyBefore.has(k)) this.propertyBefore.set(k, before ?? null);
    this.propertyAfter.set(k, after ?? null);
  }

  /** An element created (counted) or deleted (counted, unless this query created it: then neither is). */
  created(kind: 'node' | 'rel', id: string): void {
    this.createdElements.add(`${kind}:${id}`);
    if (kind === 'node') this.effects.nodesCreated++;
    else this.effects.relationshipsCreated++;
  }

  deleted(kind: 'node' | 'rel', id: string): void {
    const mine = this.createdElements.delete(`${kind}:${id}`);
    if (kind === 'node') {
      if (mine) this.effects.nodesCreated--;
      else this.effects.nodesDeleted++;
    } else if (mine) this.effects.relationshipsCreated--;
    else this.effects.relationshipsDeleted++;
  }

  /** The property side effects, from the values before and after. */
  finishProperties(): void {
    for (const [k, before] of this.propertyBefore) {
      const after = this.propertyAfter.get(k) ?? null;
      if (before !== null && after !== null && toJsonText(before) === toJsonText(after)) continue;
      if (before !== null) this.effects.propertiesRemoved++;
      if (after !== null) this.effects.propertiesSet++;
    }
  }

  private readonly propertyBefore = new Map<string, unknown>();
  private readonly propertyAfter = new Map<string, unknown>();
  private readonly createdElements = new Set<string>();
}

/** A map of property values to write: each key a valid name, each value storable (null: absent / removed). */
export function propertyMap(value: unknown, at: CstNode, what: string): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw cypherError(at, `Type mismatch: ${what} must be a map`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v !== null && v !== undefined) assertPortable(key, v, at);
    out[key] = v ?? null;
  }
  return out;
}

function assertPortable(key: string, value: unknown, at: CstNode): void {
  try {
    assertPortableValue(key, value);
  } catch (error) {
    if (error instanceof BadRequestError)
      throw new BadRequestError(`${error.message} (at ${at.line}:${at.column})`, error.code, error.extra);
    throw error;
  }
}

/** A property value to write (null removes it). */
export function propertyValue(key: string, value: unknown, at: CstNode): unknown {
  if (value === null || value === undefined) return null;
  assertPortable(key, value, at);
  return value;
}

/** An element id as read from a row or an evaluated value (a string, or an integer from jsonb). */
export function idText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : JSON.stringify(value);
}

/**
 * Nodes and relationships held as values in the rows (`collect(a)`, `nodes(p)`, a path) as they
 * are now: an earlier clause of the query may have written them since they were read (TCK List12:
 * `UNWIND nodes AS n SET n.name = ... RETURN n.name`). One that is gone stays as it was read.
 */
function refreshed(t: Translator, v: Sql, kind: Column['kind']): Sql {
  const element = (e: Sql, what: 'node' | 'rel'): Sql => {
    const a = t.fresh('f');
    const table = raw(what === 'node' ? 'graph_nodes' : 'graph_relationships');
    const object = what === 'node' ? nodeObject(t, a) : relationshipObject(t, a);
    return sql`coalesce((select ${object} from ${table} ${raw(a)} where ${raw(a)}.id = (${e} ->> 'id')::bigint), ${e})`;
  };
  const list = (l: Sql, what: 'node' | 'rel'): Sql => {
    const e = t.fresh('e');
    return sql`(case when ${l} is null then null else coalesce((select jsonb_agg(${element(raw(`${e}.v`), what)} order by ${raw(e)}.o) from jsonb_array_elements(${l}) with ordinality ${raw(e)}(v, o)), '[]'::jsonb) end)`;
  };
  if (kind === 'nodeobj' || kind === 'relobj') return element(v, kind === 'nodeobj' ? 'node' : 'rel');
  if (kind === 'nodes' || kind === 'rels') return list(v, kind === 'nodes' ? 'node' : 'rel');
  if (kind === 'path')
    return sql`(case when ${v} is null then null else jsonb_build_object('nodes', ${list(sql`(${v} -> 'nodes')`, 'node')}, 'relationships', ${list(sql`(${v} -> 'relationships')`, 'rel')}) end)`;
  return v;
}

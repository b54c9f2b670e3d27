import type { Sql } from '../sql';
import { and, join, raw, sql, TRUE } from '../sql';
import type { Binding, Stage, Translator } from './context';
import { raise } from './context';

/** The derived table a clause reads from, with the graph rows of its variables joined on demand. */
export class Source {
  readonly alias: string;
  private readonly joins: Sql[] = [];
  private readonly aliases = new Map<string, string>();
  private readonly kinds = new Map<string, 'node' | 'rel'>();

  constructor(
    private readonly t: Translator,
    readonly stage: Stage,
  ) {
    this.alias = t.fresh('s');
  }

  binding(name: string): Binding | undefined {
    const column = this.stage.vars.get(name);
    if (!column) return undefined;
    const ref = raw(`${this.alias}.${column.name}`);
    if (column.kind === 'node' || column.kind === 'rel') {
      return {
        kind: column.kind,
        sql: ref,
        alias: () => {
          let alias = this.aliases.get(name);
          if (!alias) {
            alias = this.t.fresh(column.kind === 'node' ? 'g' : 'h');
            this.aliases.set(name, alias);
            this.kinds.set(alias, column.kind as 'node' | 'rel');
            const table = raw(column.kind === 'node' ? 'graph_nodes' : 'graph_relationships');
            const what = column.kind === 'node' ? 'node' : 'relationship';
            this.joins.push(sql`left join ${table} ${raw(alias)} on ${raw(alias)}.id = ${ref}`);
            // After a DELETE: an element of the rows that is gone is an error (EntityNotFound), not a
            // row of nulls. A filter of every row (a join condition is skipped when the table is empty).
            if (this.t.deletedElements)
              this.joins.push(
                sql`cross join lateral (select 1 where (case when ${ref} is null or ${raw(alias)}.id is not null then true else ${raise('GCY02', `EntityNotFound: the ${what} \`${name}\` was deleted by this query`, 'boolean')} end)) ${raw(this.t.fresh('z'))}`,
              );
          }
          return alias;
        },
      };
    }
    return {
      kind: column.kind,
      sql: ref,
      nestedNull: column.nestedNull,
      nullLiteral: column.nullLiteral,
      literal: column.literal,
      constant: column.constant,
    };
  }

  bindings(): Map<string, Binding> {
    const out = new Map<string, Binding>();
    for (const name of this.stage.vars.keys()) out.set(name, this.binding(name)!);
    return out;
  }

  /**
   * The visibility of every graph row joined on demand (a null-extended row passes). A condition
   * over these rows is only evaluated where this holds: the planner may push a condition down to
   * the scan of graph_nodes, where it would meet hidden rows, and an error there (a type error)
   * would reveal them.
   */
  guard(): Sql {
    const parts: Sql[] = [];
    for (const [alias, kind] of this.kinds) {
      const visible = kind === 'node' ? this.t.scope.nodeVisible(alias) : this.t.scope.relationshipVisible(alias);
      if (visible !== TRUE) parts.push(sql`(${raw(alias)}.id is null or ${visible})`);
    }
    return and(parts);
  }

  /** `from (<stage>) s <joins>` — call after every expression over it was compiled. */
  from(): Sql {
    return sql`(${this.stage.sql}) ${raw(this.alias)} ${join(this.joins, ' ')}`;
  }

  ref(column: string): Sql {
    return raw(`${this.alias}.${column}`);
  }
}

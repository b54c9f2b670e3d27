import type { CstNode, ParsedCypher } from '../../../cypher/parser';
import { clauseName, hasToken, parseUserQuery, rule, rules, textOf } from '../../../cypher/parser';
import { join, raw, sql } from '../sql';
import type { ScopeSql } from '../sql-filter';
import { matchClause } from './clauses/match';
import { projectionClause, renderReturn } from './clauses/projection';
import { unwindClause } from './clauses/unwind';
import type { Stage, TranslatedCypher } from './context';
import { cypherError, Translator, unsupported } from './context';
import { translateExpression } from './expressions';

/**
 * Cypher → one parameterised SQL statement over graph_nodes / graph_relationships (the READ
 * subset listed in docs/cypher-postgres.md). The query is parsed with the service's one Cypher
 * parser (src/cypher/parser.ts, Neo4j's 3.5 grammar) and compiled clause by clause; each clause
 * is a derived table over the previous one:
 *
 *  - a node or relationship variable is a bigint id column, every other value a jsonb column
 *    (SQL NULL is Cypher's null; no JSON null at the top level of a value);
 *  - MATCH / OPTIONAL MATCH: `[left] join lateral (select <new ids> from graph_nodes n1,
 *    graph_relationships r1, ... where <pattern> and <scope> and case when <scope> then <user
 *    conditions> end) on true`; every node element carries the reader's node rule, every
 *    relationship element its own rule (its ends are node elements of the same pattern), the
 *    user's WHERE is only evaluated where the scope holds (an error cannot reveal a hidden row);
 *    relationships of one MATCH are pairwise distinct (Cypher's relationship uniqueness);
 *  - WITH / RETURN: a projection (GROUP BY the items without aggregate when there is one), then
 *    ORDER BY / SKIP / LIMIT over it with a row number that carries the order to the next clause
 *    (and to collect()); RETURN renders nodes and relationships as the Neo4j backend does;
 *  - UNWIND: jsonb_array_elements with ordinality (the list order is kept).
 * Property access goes through the scope's accessors (a hidden property reads null), labels() and
 * properties() through its projections. Values whose type only shows at run time are checked in
 * SQL: a type error stops the statement (400 CYPHER_ERROR, as Neo4j), a combination the
 * translation does not handle stops it with 400 CYPHER_UNSUPPORTED (gas_cypher_raise). Anything
 * else outside the subset is refused before it runs: 400 CYPHER_UNSUPPORTED naming the construct
 * and its line:column. Never a wrong answer: when unsure, refuse.
 *
 * The translation is split along its seams: context.ts (types, errors, the shared Translator
 * state), source.ts (the derived table a clause reads), clauses/ (MATCH, UNWIND, WITH / RETURN),
 * patterns.ts, expressions.ts (dispatch and element JSON), operators.ts, lists-maps.ts,
 * literals.ts (literals, parameters, properties), functions/ (scalar functions, aggregates),
 * values.ts and regex-subset.ts (stateless helpers).
 */

export type { ColumnKind, TranslatedCypher } from './context';
export { unsupported } from './context';
export { safeRegex } from './regex-subset';

/** Ends a syntax error's message on this backend. */
export const GRAMMAR_NOTE = 'On the PostgreSQL backend, queries are read with the Cypher 3.5 grammar';

export async function translateCypher(
  query: string,
  params: Record<string, unknown>,
  scope: ScopeSql,
  maxRows: number,
  maxDepth = 15,
): Promise<TranslatedCypher> {
  return translateParsed(await parseUserQuery(query, GRAMMAR_NOTE), params, scope, maxRows, maxDepth);
}

/** The translation of a query already parsed (run.ts keeps parses in its cache, plan-cache.ts). */
export function translateParsed(
  parsed: ParsedCypher,
  params: Record<string, unknown>,
  scope: ScopeSql,
  maxRows: number,
  maxDepth = 15,
): TranslatedCypher {
  return translateStatement(new Translator(scope, params ?? {}, maxRows, maxDepth, translateExpression), parsed.root);
}

function translateStatement(t: Translator, root: CstNode): TranslatedCypher {
  const query = rule(root, 'cypherQuery');
  if (!query) throw unsupported(root, 'This input');
  const queryOptions = rule(query, 'queryOptions');
  if (queryOptions && textOf(queryOptions).trim() !== '')
    throw unsupported(queryOptions, textOf(queryOptions).trim().split(/\s+/)[0].toUpperCase());
  const statement = rule(query, 'statement');
  const inner = statement ? rules(statement)[0] : undefined;
  if (!inner) throw unsupported(query, 'This statement');
  if (inner.rule !== 'query') throw unsupported(inner, 'A schema command');
  const q = rules(inner)[0];
  if (q?.rule !== 'regularQuery')
    throw unsupported(
      q ?? inner,
      q?.rule === 'bulkImportQuery' ? 'USING PERIODIC COMMIT' : q?.rule === 'standaloneCall' ? 'CALL' : 'This statement',
    );
  const first = rule(q, 'singleQuery')!;
  const unions = rules(q, 'union');
  if (unions.length === 0) return singleQuery(t, first, true);
  // UNION ALL: each part keeps its row limit; UNION: the parts whole, then made distinct.
  const all = hasToken(unions[0], 'ALL');
  const mixed = unions.find((u) => hasToken(u, 'ALL') !== all);
  if (mixed) throw cypherError(mixed, 'Invalid combination of UNION and UNION ALL');
  const parts = [singleQuery(t, first, all), ...unions.map((u) => singleQuery(t, rule(u, 'singleQuery')!, all))];
  parts.forEach((part, k) => {
    if (part.columns.length !== parts[0].columns.length || part.columns.some((c, i) => c !== parts[0].columns[i])) {
      throw cypherError(k === 0 ? first : unions[k - 1], 'All sub queries in an UNION must have the same column names');
    }
  });
  const kinds = parts[0].kinds.map((kind, i) => (parts.every((p) => p.kinds[i] === kind) ? kind : 'value'));
  const combined = join(
    parts.map((p) => sql`(${p.statement})`),
    all ? ' union all ' : ' union ',
  );
  return { statement: sql`select * from (${combined}) gas_union limit ${t.maxRows + 1}::bigint`, columns: parts[0].columns, kinds };
}

function singleQuery(t: Translator, node: CstNode, limit: boolean): TranslatedCypher {
  let stage: Stage = { sql: raw('select 1 as gas_one'), vars: new Map(), order: [] };
  const clauses = rules(node, 'clause');
  for (let i = 0; i < clauses.length; i++) {
    const clause = rules(clauses[i])[0] ?? clauses[i];
    const last = i === clauses.length - 1;
    switch (clause.rule) {
      case 'matchClause':
        stage = matchClause(t, clause, stage);
        break;
      case 'unwindClause':
        stage = unwindClause(t, clause, stage);
        break;
      case 'withClause':
        stage = projectionClause(t, clause, stage, false).stage;
        break;
      case 'returnClause': {
        if (!last) throw unsupported(clauses[i + 1], 'A clause after RETURN');
        const projected = projectionClause(t, clause, stage, true);
        return renderReturn(t, projected.stage, projected.columns, limit);
      }
      default:
        throw unsupported(clause, clauseName(clause));
    }
  }
  throw unsupported(clauses[clauses.length - 1] ?? node, 'A query that does not end with RETURN');
}

import type { Knex } from 'knex';
import type { CstNode, ParsedCypher } from '../../../cypher/parser';
import { clauseName, descendants, rule, rules, textOf } from '../../../cypher/parser';
import { ForbiddenError } from '../../../errors';
import type { CypherOptions, CypherResult } from '../../graph-store';
import { UNRESTRICTED } from '../../graph-store';
import { QueryRunner } from '../runner';
import { Sql } from '../sql';
import { ScopeSql } from '../sql-filter';
import { createClause } from './clauses/create';
import { deleteClause } from './clauses/delete';
import { matchClause } from './clauses/match';
import { mergeClause } from './clauses/merge';
import { projectionClause, renderReturn } from './clauses/projection';
import { removeClause, setClause } from './clauses/set';
import { unwindClause } from './clauses/unwind';
import type { Stage } from './context';
import { unsupported } from './context';
import { WriteState } from './write-state';

/**
 * Queries with writing clauses on the PostgreSQL backend (CREATE, MERGE, SET, REMOVE, DELETE,
 * DETACH DELETE). The query runs in one transaction, clause by clause: the reading clauses between
 * two writing ones are translated as for a read (translate.ts) over the rows so far and run as one
 * statement; each writing clause evaluates its expressions for every row in one statement and
 * then writes (clauses/create.ts, merge.ts, set.ts, delete.ts); the RETURN is translated and run
 * last, so it sees what was written. Every element written is shown to options.writeCheck first
 * (the writer's scope and the data rules, from the service), the side effects are counted as the
 * TCK counts them, options.beforeCommit records the audit event in the same transaction, and any
 * error rolls everything back.
 */
const WRITING = new Set(['createClause', 'mergeClause', 'setClause', 'removeClause', 'deleteClause']);
const OTHER_WRITING = new Set(['createUniqueClause', 'foreachClause']);

/** The clauses of the query's single part, when one of them writes. */
export function writingClauses(parsed: ParsedCypher): CstNode[] | null {
  // Remembered with the parse (a repeated reading query pays the tree walk once).
  const known = seen.get(parsed);
  if (known !== undefined) return known;
  const clauses = descendants(parsed.root, 'clause').map((c) => rules(c)[0] ?? c);
  const writing = clauses.some((c) => WRITING.has(c.rule ?? '') || OTHER_WRITING.has(c.rule ?? '')) ? clauses : null;
  seen.set(parsed, writing);
  return writing;
}
const seen = new WeakMap<ParsedCypher, CstNode[] | null>();

export async function runWritingQuery(
  knex: Knex,
  parsed: ParsedCypher,
  params: Record<string, unknown>,
  options: CypherOptions,
  maxDepth: number,
  mapError: (error: unknown) => unknown,
  shape: (value: unknown, kind: string) => unknown,
): Promise<CypherResult> {
  const query = rules(rule(rule(rule(parsed.root, 'cypherQuery')!, 'statement')!, 'query')!)[0];
  const writeCheck = options.writeCheck;
  if (options.readOnly || !writeCheck) {
    const first = descendants(parsed.root, 'clause')
      .map((c) => rules(c)[0] ?? c)
      .find((c) => WRITING.has(c.rule ?? '') || OTHER_WRITING.has(c.rule ?? ''))!;
    throw new ForbiddenError(
      `${clauseName(first)} (at ${first.line}:${first.column}) writes: you may only read with Cypher (writing needs the permission DATA_MANAGEMENT)`,
      { construct: clauseName(first), line: first.line, column: first.column },
      'READ_ONLY_QUERY',
    );
  }
  if (query?.rule !== 'regularQuery') throw unsupported(query ?? parsed.root, 'This statement');
  const union = rule(query, 'union');
  if (union) throw unsupported(union, 'UNION with writing clauses');
  const clauses = rules(rule(query, 'singleQuery')!, 'clause').map((c) => rules(c)[0] ?? c);
  const scope = new ScopeSql(options.scope ?? UNRESTRICTED);
  try {
    return await knex.transaction(async (trx) => {
      const runner = new QueryRunner(trx, options.timeoutMs);
      const w = new WriteState(trx, runner, scope, params ?? {}, options.maxRows, maxDepth, writeCheck);
      let pending: CstNode[] = [];
      let result: CypherResult = { columns: [], rows: [], truncated: false };
      const reading = (t: ReturnType<WriteState['translator']>, stage: Stage, clause: CstNode): Stage => {
        if (clause.rule === 'matchClause') return matchClause(t, clause, stage);
        if (clause.rule === 'unwindClause') return unwindClause(t, clause, stage);
        // `CREATE () WITH * CREATE ()`: WITH * passes no variables on (as on Neo4j), not an error.
        if (stage.vars.size === 0 && /^WITH\s+\*$/i.test(textOf(clause).trim())) return stage;
        return projectionClause(t, clause, stage, false).stage;
      };
      const flush = async () => {
        if (pending.length === 0) return;
        const t = w.translator();
        let stage = w.rowsStage(t);
        for (const clause of pending) stage = reading(t, stage, clause);
        pending = [];
        await w.readStage(t, stage);
      };
      for (let i = 0; i < clauses.length; i++) {
        const clause = clauses[i];
        switch (clause.rule) {
          case 'matchClause':
          case 'unwindClause':
          case 'withClause':
            pending.push(clause);
            break;
          case 'returnClause': {
            if (i !== clauses.length - 1) throw unsupported(clauses[i + 1], 'A clause after RETURN');
            const t = w.translator();
            let stage = w.rowsStage(t);
            for (const p of pending) stage = reading(t, stage, p);
            pending = [];
            const projected = projectionClause(t, clause, stage, true);
            const translated = renderReturn(t, projected.stage, projected.columns, true);
            const rows = await runner.rows<Record<string, unknown>>(
              new Sql(translated.statement.text, [...translated.statement.values]),
              trx,
            );
            const truncated = rows.length > options.maxRows;
            result = {
              columns: translated.columns,
              rows: rows
                .slice(0, options.maxRows)
                .map((row) => translated.columns.map((_, k) => shape(row[`v${k}`] ?? null, translated.kinds[k]))),
              truncated,
            };
            break;
          }
          case 'createClause':
            await flush();
            await createClause(w, clause);
            break;
          case 'mergeClause':
            await flush();
            await mergeClause(w, clause);
            break;
          case 'setClause':
            await flush();
            await setClause(w, clause);
            break;
          case 'removeClause':
            await flush();
            await removeClause(w, clause);
            break;
          case 'deleteClause':
            await flush();
            await deleteClause(w, clause);
            break;
          default:
            throw unsupported(clause, clauseName(clause));
        }
      }
      if (pending.length > 0) throw unsupported(pending[pending.length - 1], 'A query that ends with a reading clause');
      await w.finishLabels();
      w.finishProperties();
      result.sideEffects = { ...w.effects };
      await options.beforeCommit?.(result, { sql: trx });
      return result;
    });
  } catch (error) {
    throw mapError(error);
  }
}

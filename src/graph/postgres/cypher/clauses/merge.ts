import type { CstNode } from '../../../../cypher/parser';
import { hasToken, rule, rules } from '../../../../cypher/parser';
import { cypherError } from '../context';
import type { Row, WriteState } from '../write-state';
import { createPlanned, planCreate } from './create';
import { matchClause } from './match';
import { setClause } from './set';

/**
 * MERGE (with ON CREATE SET / ON MATCH SET), row by row so that a row sees what the rows before
 * it created: the pattern is matched as MATCH matches it (the writer's scope in every element);
 * every match makes a row, and a row without one creates the whole pattern (its bound nodes
 * excepted), as CREATE does. A null property value in the pattern is an error (it could never match).
 */
export async function mergeClause(w: WriteState, node: CstNode): Promise<void> {
  const part = rule(node, 'patternPart')!;
  const plan = planCreate(w, [part], 'MERGE');
  const props = [...plan.nodes, ...plan.relationships].filter((p) => p.props).map((p) => p.props!);
  const { values } = await w.evaluate(props);
  for (const row of values)
    row.forEach((map, i) => {
      const nullKey = map && typeof map === 'object' ? Object.entries(map).find(([, v]) => v === null)?.[0] : undefined;
      if (nullKey !== undefined) throw cypherError(props[i], `Cannot merge the pattern using a null property value for ${nullKey}`);
    });

  // A MATCH clause of this one pattern part (matchClause reads its pattern, OPTIONAL, hint and WHERE).
  const match: CstNode = { ...node, rule: 'matchClause', children: [{ ...node, rule: 'pattern', children: [part] }] };
  const created: Row[] = [];
  const matched: Row[] = [];
  const out: Row[] = [];
  const input = new Map(w.vars);
  let vars = new Map(w.vars);
  for (const row of w.rows) {
    // Each row is matched with the variables bound before MERGE (not those a creation added).
    w.vars = new Map(input);
    const t = w.translator();
    const found = await w.queryStage(t, matchClause(t, match, w.rowsStage(t, [row])));
    vars = found.vars;
    if (found.rows.length > 0) {
      matched.push(...found.rows);
      out.push(...found.rows);
      continue;
    }
    const fresh = { ...row };
    await createPlanned(w, plan, [fresh]);
    vars = new Map([...vars, ...w.vars]);
    created.push(fresh);
    out.push(fresh);
  }
  w.vars = new Map(input);
  for (const [name, column] of vars) if (!w.vars.has(name)) w.vars.set(name, { ...column, name });
  w.rows = out;

  for (const action of rules(node, 'mergeAction')) {
    const onCreate = hasToken(action, 'CREATE');
    const all = w.rows;
    w.rows = onCreate ? created : matched;
    try {
      await setClause(w, rule(action, 'setClause')!);
    } finally {
      w.rows = all;
    }
  }
}

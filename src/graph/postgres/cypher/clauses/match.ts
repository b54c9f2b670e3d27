import type { CstNode } from '../../../../cypher/parser';
import { descendants, hasToken, nameOf, rule, rules, textOf, unwrap } from '../../../../cypher/parser';
import type { Sql } from '../../sql';
import { and, join, raw, sql, TRUE } from '../../sql';
import type { Binding, Ctx, Stage, Translator } from '../context';
import { unsupported } from '../context';
import { conditionOf, expr } from '../expression-entry';
import { json } from '../expression-values';
import { patternsSql } from '../patterns';
import { Source } from '../source';

export function matchClause(t: Translator, node: CstNode, stage: Stage): Stage {
  const optional = hasToken(node, 'OPTIONAL');
  const hint = rule(node, 'hint');
  if (hint) throw unsupported(hint, 'USING (index hint)');
  const source = new Source(t, stage);
  const vars = source.bindings();
  const ctx: Ctx = { vars, aggregates: false, order: [] };
  const parts: Array<{ element: CstNode; pathVariable?: CstNode; shortest?: 'one' | 'all' }> = [];
  const patternParts = rules(rule(node, 'pattern')!, 'patternPart');
  const where = rule(node, 'where');
  for (const part of patternParts) {
    const inner = rules(rule(part, 'anonymousPatternPart')!)[0];
    if (inner.rule === 'shortestPathPatternFunction') {
      const all = !!rule(inner, 'allShortestPathFunctionName');
      const fname = all ? 'allShortestPaths' : 'shortestPath';
      const element = rule(inner, 'patternElement');
      const chains = element ? rules(element, 'patternElementChain') : [];
      const detail = chains.length === 1 ? rule(rule(chains[0], 'relationshipPattern')!, 'relationshipDetail') : undefined;
      if (!element || chains.length !== 1 || !detail || !rule(detail, 'rangeLiteral'))
        throw unsupported(inner, `${fname} of anything but one variable-length relationship`);
      if (patternParts.length > 1) throw unsupported(inner, `${fname} together with other patterns in one MATCH`);
      // Conditions on the path or its relationships restrict Neo4j's search itself: refused.
      const pathNames = [rule(part, 'variable'), rule(detail, 'variable')].filter((v): v is CstNode => !!v).map(nameOf);
      const used = where ? descendants(where, 'variable').map(nameOf) : [];
      if (pathNames.some((name) => used.includes(name))) throw unsupported(where!, `WHERE on the path or relationships of ${fname}`);
      parts.push({ element, pathVariable: rule(part, 'variable'), shortest: all ? 'all' : 'one' });
      continue;
    }
    parts.push({ element: inner, pathVariable: rule(part, 'variable') });
  }
  const { tables, structural, scopeParts, user, fresh } = patternsSql(t, parts, vars, ctx, true);
  if (where) {
    user.unshift(conditionOf(t, rule(where, 'expression')!, ctx));
    structural.push(...equalityProbes(t, rule(where, 'expression')!, vars, new Set(fresh.map((f) => f.name)), ctx));
  }
  const scopeCondition = and([...scopeParts, source.guard()]);
  const userCondition = and(user);
  const guarded =
    userCondition === TRUE ? TRUE : scopeCondition === TRUE ? userCondition : sql`(case when ${scopeCondition} then ${userCondition} end)`;
  const condition = and([...structural, and(scopeParts), guarded]);

  const vars2 = new Map(stage.vars);
  const selected: Sql[] = [];
  for (const f of fresh) {
    const column = t.fresh('c');
    selected.push(sql`${f.select ?? raw(`${f.alias}.id`)} as ${raw(column)}`);
    vars2.set(f.name, { name: column, kind: f.kind });
  }
  const m = t.fresh('m');
  const lateral = sql`(select ${selected.length ? join(selected, ', ') : raw('')} from ${join(tables, ', ')} where ${condition}) ${raw(m)}`;
  const columns = [...stage.vars.values()].map((c) => source.ref(c.name)).concat(stage.order.map((o) => source.ref(o)));
  const newColumns = fresh.map((f) => raw(`${m}.${vars2.get(f.name)!.name}`));
  const list = [...columns, ...newColumns];
  const body = sql`select ${list.length ? join(list, ', ') : raw('1 as gas_one')} from ${source.from()} ${raw(optional ? 'left join lateral' : 'join lateral')} ${lateral} on true`;
  return { sql: body, vars: vars2, order: stage.order };
}

/**
 * `WHERE n.key = <literal or parameter>` among the top-level AND parts, for a node or
 * relationship of this MATCH: the same containment probe as a pattern property map (an index
 * narrows the rows; the condition itself stays as written).
 */
export function equalityProbes(t: Translator, where: CstNode, vars: Map<string, Binding>, fresh: Set<string>, ctx: Ctx): Sql[] {
  const top = unwrap(where);
  const parts = top.rule === 'andExpression' ? rules(top, 'notExpression') : [top];
  const probes: Sql[] = [];
  for (const part of parts) {
    const comparison = unwrap(part);
    if (comparison.rule !== 'comparisonExpression') continue;
    const partials = rules(comparison, 'partialComparisonExpression');
    if (
      partials.length !== 1 ||
      partials[0].children
        .filter((c) => c.rule === null && !c.space)
        .map((c) => c.token)
        .join('') !== '='
    )
      continue;
    const sides = [unwrap(rule(comparison, 'addOrSubtractExpression')!), unwrap(rule(partials[0], 'addOrSubtractExpression')!)];
    for (const [access, other] of [sides, [sides[1], sides[0]]]) {
      const constantSide = ['literal', 'numberLiteral', 'integerLiteral', 'parameter', 'newParameter'].includes(other.rule ?? '');
      // id(n) = <integer>: the primary key.
      if (access.rule === 'functionInvocation' && constantSide) {
        const body = rule(access, 'functionInvocationBody')!;
        const args = rules(access, 'expression');
        const arg = args.length === 1 ? unwrap(args[0]) : undefined;
        if (
          nameOf(rule(body, 'functionName')!).toLowerCase() === 'id' &&
          !textOf(rule(body, 'namespace') ?? body)
            .trim()
            .includes('.') &&
          arg &&
          (arg.rule === 'variable' || arg.rule === 'symbolicName')
        ) {
          const name = nameOf(arg);
          const binding = vars.get(name);
          const known = expr(t, other, ctx).constant?.value;
          const id =
            typeof known === 'number' && Number.isSafeInteger(known)
              ? String(known)
              : typeof known === 'bigint'
                ? String(known)
                : undefined;
          if (fresh.has(name) && binding?.alias && (binding.kind === 'node' || binding.kind === 'rel') && id !== undefined) {
            probes.push(sql`${raw(binding.alias())}.id = ${id}::bigint`);
            break;
          }
        }
        continue;
      }
      if (access.rule !== 'propertyOrLabelsExpression' || rule(access, 'nodeLabels')) continue;
      const lookups = rules(access, 'propertyLookup');
      const atom = unwrap(rule(access, 'atom')!);
      if (lookups.length !== 1 || (atom.rule !== 'variable' && atom.rule !== 'symbolicName')) continue;
      const name = nameOf(atom);
      const binding = vars.get(name);
      if (!fresh.has(name) || !binding?.alias || (binding.kind !== 'node' && binding.kind !== 'rel')) continue;
      if (
        ![
          'literal',
          'stringLiteral',
          'numberLiteral',
          'integerLiteral',
          'doubleLiteral',
          'booleanLiteral',
          'parameter',
          'newParameter',
        ].includes(other.rule ?? '')
      )
        continue;
      const value = expr(t, other, ctx);
      const known = value.constant?.value;
      if (!(
        typeof known === 'string' ||
        typeof known === 'boolean' ||
        typeof known === 'bigint' ||
        (typeof known === 'number' && Number.isFinite(known))
      ))
        continue;
      const key = nameOf(rule(lookups[0], 'propertyKeyName')!);
      probes.push(sql`${raw(binding.alias())}.properties @> jsonb_build_object(${key}::text, ${json(t, value)})`);
      break;
    }
  }
  return probes;
}

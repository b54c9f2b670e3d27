import type { CstNode } from '../../cypher/parser';
import { backtick, clauseName, hasToken, nameOf, parseUserQuery, quoteName, rule, rules, textOf } from '../../cypher/parser';
import type { CypherCompiler } from './cypher-filter';
import { TRUE } from './cypher-filter';
import { asVariable, elementOf } from './scope-analysis';
import { PatternRewriter } from './scoped-rewrite/patterns';
import type { Conditions, Env } from './scoped-rewrite/rewriter-base';
import { combine, restricted, USER_PARAM_PREFIX } from './scoped-rewrite/rewriter-base';

export { USER_PARAM_PREFIX } from './scoped-rewrite/rewriter-base';

/**
 * Rewrites a user's Cypher query so that it can only see what an AccessScope shows (restricted
 * readers of POST /data/cypher). The query is parsed with Neo4j's Cypher grammar
 * (src/cypher/parser.ts) and printed back with these changes:
 *
 *  - every node pattern and relationship pattern of MATCH / OPTIONAL MATCH, of pattern
 *    comprehensions and of pattern predicates gets a variable (generated `gasN1`, `gasR1` when
 *    anonymous) and the scope's visibility condition in the WHERE of its clause: visible label,
 *    node row rule (nodeFilter), visible type and relationship row rule; a variable-length
 *    relationship gets `all(gasE IN r WHERE ...)` over its relationships and both ends of each,
 *    so every intermediate node is checked. Patterns only match visible elements, so counts,
 *    aggregates and LIMIT only ever see visible rows. The user's own WHERE (and pattern property
 *    maps) is evaluated only for rows the scope admits (`scope AND CASE WHEN scope THEN user END`),
 *    so an expression that fails on a hidden element (1/0, a type error) cannot reveal it;
 *  - a label outside the scope's visible labels is false (in a pattern and in `n:Label`);
 *  - property access on an element (`n.p`, pattern maps `{p: v}`, map projections `n {.p}`,
 *    `exists(n.p)`) reads null where the scope hides the property (the compiler's own rule);
 *    `keys(n)` and `labels(n)` list only visible keys and labels. What an expression is comes
 *    from scope-analysis.ts, deny by default: every read of a chain (`m.a.b`) is judged on its
 *    own base, and where the reader has property rules a read (`.p`, `{.p}`, `{.*}`, keys(),
 *    properties()) from anything not proven to be a MATCH-bound node or relationship, or a
 *    value holding no element, is refused with 400 CYPHER_UNSUPPORTED (maps and lists may hold
 *    nodes: `WITH {a: n} AS m RETURN m.a.secret` read a hidden property before);
 *  - parameters are renamed `$u_<name>` so the user can neither collide with nor read the
 *    parameters that carry the scope.
 * Refused (403 CYPHER_RESTRICTED, naming the construct and its position): anything but reading
 * clauses (CALL, CREATE, MERGE, SET, DELETE, REMOVE, FOREACH, LOAD CSV, START, schema commands),
 * shortestPath / allShortestPaths (a shortest path through hidden elements decides which visible
 * paths are shortest), index hints, dynamic property access `x[expr]`, `properties(x)` and `.*`
 * where a property rule applies, namespaced functions other than the temporal ones and parameter
 * maps in patterns (reads from unproven values: 400 CYPHER_UNSUPPORTED, above). Syntax the grammar does not know
 * (Cypher 4.x / 5.x additions) is refused with 400 CYPHER_SYNTAX_ERROR.
 */

export interface ScopedQuery {
  query: string;
  params: Record<string, unknown>;
}

/** Parses and rewrites `query` for `compiler.scope`; the result binds the user's params (renamed) and the scope's. */
export async function scopeCypher(query: string, params: Record<string, unknown>, compiler: CypherCompiler): Promise<ScopedQuery> {
  const parsed = await parseUserQuery(
    query,
    'With restricted data access, queries are checked with the Cypher 3.5 grammar (no CALL subqueries, EXISTS/COUNT subqueries, label expressions or other 4.x / 5.x additions)',
  );
  const rewriter = new ScopedRewriter(compiler, params ?? {});
  const text = rewriter.statement(parsed.root);
  const bound: Record<string, unknown> = { ...compiler.params.values };
  for (const [key, value] of Object.entries(params ?? {})) bound[USER_PARAM_PREFIX + key] = value;
  return { query: text, params: bound };
}

/**
 * The rewrite, in layers: the state and scope helpers (scoped-rewrite/rewriter-base.ts), the
 * expressions (expressions.ts), the patterns (patterns.ts), and here the statements and clauses.
 */
class ScopedRewriter extends PatternRewriter {
  statement(root: CstNode): string {
    const query = rule(root, 'cypherQuery');
    if (!query) throw restricted(root, 'This input', 'is not a Cypher query');
    let out = '';
    for (const child of root.children) out += child === query ? this.cypherQuery(query) : textOf(child);
    return out;
  }

  private cypherQuery(node: CstNode): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'statement') {
        const statement = rules(child)[0];
        const inner = statement?.rule === 'query' ? rules(statement)[0] : statement;
        if (inner?.rule === 'regularQuery') out += this.regularQuery(inner);
        else if (!inner) throw restricted(child, 'This statement', 'is empty');
        else if (inner.rule === 'bulkImportQuery')
          throw restricted(inner, 'USING PERIODIC COMMIT', 'writes data: queries run read-only with restricted data access');
        else throw restricted(inner, 'This statement', 'is a schema command: queries run read-only with restricted data access');
      } else if (child.rule === null && child.token === ';') {
        continue;
      } else out += textOf(child);
    }
    return out;
  }

  private regularQuery(node: CstNode): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'singleQuery') out += this.singleQuery(child);
      else if (child.rule === 'union') {
        for (const part of child.children) out += part.rule === 'singleQuery' ? this.singleQuery(part) : textOf(part);
      } else out += textOf(child);
    }
    return out;
  }

  private singleQuery(node: CstNode): string {
    const env: Env = new Map();
    let out = '';
    for (const child of node.children) {
      if (child.rule !== 'clause') {
        out += textOf(child);
        continue;
      }
      const clause = rules(child)[0] ?? child;
      switch (clause.rule) {
        case 'matchClause':
          out += this.match(clause, env);
          break;
        case 'unwindClause':
          out += this.unwind(clause, env);
          break;
        case 'withClause':
          out += this.projection(clause, env, false);
          break;
        case 'returnClause':
          out += this.projection(clause, env, true);
          break;
        default: {
          const name = clauseName(clause);
          if (clause.rule === 'call')
            throw restricted(
              clause,
              `CALL ${textOf(rule(clause, 'procedureInvocation') ?? clause)
                .split('(')[0]
                .trim()}`,
              'calls a procedure: procedures are not available with restricted data access',
            );
          throw restricted(
            clause,
            name,
            'is not a reading clause: queries run read-only with restricted data access (MATCH, OPTIONAL MATCH, WITH, UNWIND, RETURN and UNION are available)',
          );
        }
      }
    }
    return out;
  }

  private match(node: CstNode, env: Env): string {
    const preds: Conditions = { scope: [], user: [] };
    let out = '';
    let where: CstNode | undefined;
    for (const child of node.children) {
      if (child.rule === 'pattern') out += this.pattern(child, env, preds);
      else if (child.rule === 'hint') throw restricted(child, 'USING (index hint)', 'is not available with restricted data access');
      else if (child.rule === 'where') where = child;
      else out += textOf(child);
    }
    // Variables of the pattern are bound before the WHERE is read.
    const user = where ? this.expression(rule(where, 'expression')!, env) : undefined;
    if (user !== undefined) preds.user.unshift(`(${user})`);
    const condition = combine(preds);
    if (condition !== TRUE) out = `${out.replace(/\s+$/, '')} WHERE ${condition}${where ? '' : trailingSpace(out)}`;
    return out;
  }

  private unwind(node: CstNode, env: Env): string {
    const expr = rule(node, 'expression')!;
    const variable = rule(node, 'variable')!;
    let out = '';
    for (const child of node.children) {
      if (child === expr) out += this.expression(expr, env);
      else if (child === variable) out += quoteName(this.checkVariable(variable));
      else out += textOf(child);
    }
    env.set(nameOf(variable), elementOf(this.kindOf(expr, env)));
    return out;
  }

  /** WITH / RETURN: items, then ORDER BY, SKIP, LIMIT and (WITH) WHERE over the projected variables. */
  private projection(node: CstNode, env: Env, isReturn: boolean): string {
    const body = rule(node, 'returnBody')!;
    const items = rule(body, 'returnItems')!;
    const star = hasToken(items, '*');
    // `*` would also project the variables the rewrite added: name the user's ones instead.
    const userVariables = [...env.keys()].filter((name) => !this.generated.has(name)).sort();
    const next: Env = new Map(star ? [...env].filter(([name]) => !this.generated.has(name)) : []);
    let itemsText = '';
    for (const child of items.children) {
      if (child.rule !== 'returnItem') {
        itemsText +=
          star && child.rule === null && child.token === '*' && userVariables.length < env.size && userVariables.length > 0
            ? userVariables.map(quoteName).join(', ')
            : textOf(child);
        continue;
      }
      const expr = rule(child, 'expression');
      if (!expr) {
        itemsText += this.generic(child, env);
        continue;
      }
      const alias = rule(child, 'variable');
      const text = this.expression(expr, env);
      if (alias) {
        next.set(this.checkVariable(alias), this.kindOf(expr, env));
        itemsText += `${text} AS ${quoteName(nameOf(alias))}`;
      } else {
        const variable = asVariable(expr);
        if (variable) next.set(variable, env.get(variable) ?? 'unknown');
        const original = textOf(expr).trim();
        // A changed expression keeps the column name Neo4j would have given the original.
        itemsText += text.trim() !== original && isReturn ? `${text} AS ${backtick(original)}` : text;
      }
    }
    const after: Env = new Map([...env, ...next]);
    let bodyText = '';
    for (const child of body.children)
      bodyText += child === items ? itemsText : child.rule === null ? textOf(child) : this.generic(child, after);
    let out = '';
    for (const child of node.children) {
      if (child === body) out += bodyText;
      else if (child.rule === 'where') out += this.generic(child, after);
      else out += textOf(child);
    }
    env.clear();
    for (const [k, v] of next) env.set(k, v);
    return out;
  }
}

function trailingSpace(text: string): string {
  const match = /\s+$/.exec(text);
  return match ? match[0] : '';
}

import { BadRequestError } from '../../../errors';
import type { CstNode } from '../../../cypher/parser';
import { hasToken, nameOf, positionOf, quoteName, rule, rules, textOf, unwrap } from '../../../cypher/parser';
import type { ElementKind } from '../cypher-filter';
import { afterPropertyRead, describeKind, elementOf, functionNameOf, isElement } from '../scope-analysis';
import type { Conditions, Env } from './rewriter-base';
import { combine, restricted, RewriterBase, unprovable, USER_PARAM_PREFIX } from './rewriter-base';

/* Expressions of the restricted-Cypher rewrite: property reads guarded, labels and keys reduced to the scope, parameters renamed. */

const TEMPORAL_NAMESPACES = new Set(['date', 'datetime', 'localdatetime', 'localtime', 'time', 'duration']);

export abstract class ExpressionRewriter extends RewriterBase {
  /** Prints a pattern and collects its conditions (patterns.ts). */
  protected abstract patternElement(node: CstNode, env: Env, preds: Conditions): string;

  protected expression(node: CstNode, env: Env): string {
    return this.generic(node, env);
  }

  /** Prints a subtree, rewriting what needs it. */
  protected generic(node: CstNode, env: Env): string {
    if (node.rule === null) return node.token ?? '';
    switch (node.rule) {
      case 'propertyOrLabelsExpression':
        return this.propertyOrLabels(node, env);
      case 'stringListNullOperatorExpression':
        this.checkSubscripts(node);
        break;
      case 'functionInvocation':
        return this.functionInvocation(node, env);
      case 'existsFunction':
        return this.exists(node, env);
      case 'listComprehension':
      case 'filterFunction':
      case 'extractFunction':
      case 'allFunction':
      case 'anyFunction':
      case 'noneFunction':
      case 'singleFunction':
      case 'reduceFunction':
        return this.children(node, new Map(env));
      case 'idInColl': {
        const variable = rule(node, 'variable')!;
        const collection = rule(node, 'expression')!;
        const text = this.children(node, env);
        env.set(this.checkVariable(variable), elementOf(this.kindOf(collection, env)));
        return text;
      }
      case 'patternComprehension':
        return this.patternComprehension(node, new Map(env));
      case 'relationshipsPattern':
        return this.patternExpression(node, new Map(env), false);
      case 'shortestPathPatternFunction':
        throw restricted(node, textOf(node).split('(')[0].trim(), 'is not available with restricted data access');
      case 'mapProjection':
        return this.mapProjection(node, env);
      case 'parameter':
        return this.parameter(node);
      case 'variable':
        return quoteName(this.checkVariable(node));
      default:
        break;
    }
    return this.children(node, env);
  }

  protected children(node: CstNode, env: Env): string {
    let out = '';
    for (const child of node.children) {
      out += this.generic(child, env);
      // reduce(acc = init, x IN list | expr): the accumulator is a plain value.
      if (node.rule === 'reduceFunction' && child.rule === 'variable') env.set(nameOf(child), 'unknown');
    }
    return out;
  }

  protected parameter(node: CstNode): string {
    const nameNode = rule(unwrap(node), 'parameterName') ?? unwrap(node);
    const name = nameOf(nameNode);
    if (!Object.prototype.hasOwnProperty.call(this.userParams, name)) {
      throw new BadRequestError(
        `The query uses the parameter $${name} (at ${positionOf(node)}), which the request does not give`,
        'CYPHER_PARAMETER_MISSING',
        { parameter: name },
      );
    }
    return `$${quoteName(USER_PARAM_PREFIX + name)}`;
  }

  protected propertyOrLabels(node: CstNode, env: Env): string {
    const atom = rule(node, 'atom')!;
    const lookups = rules(node, 'propertyLookup');
    const labels = rule(node, 'nodeLabels');
    let out = this.generic(atom, env);
    if (lookups.length === 0 && !labels) return out;
    // Every read of the chain is judged on what its own base is (`m.a.b`: m, then m.a).
    let kind = this.kindOf(atom, env);
    for (const lookup of lookups) {
      const key = nameOf(rule(lookup, 'propertyKeyName')!);
      out = this.access(kind, out, key, lookup);
      kind = afterPropertyRead(kind);
    }
    if (labels) {
      if (lookups.length > 0) throw restricted(labels, 'A label test on a property value', 'is not available');
      const hidden = rules(labels, 'nodeLabel').some((label) => !this.labelVisible(nameOf(rule(label, 'labelName')!)));
      out = hidden ? 'false' : `${out}${textOf(labels).trim()}`;
    }
    return out;
  }

  /** x[expr] reads a property by a computed name when x is a node, relationship or map: only integer literals and slices pass. */
  protected checkSubscripts(node: CstNode): void {
    const kids = node.children;
    for (let i = 0; i < kids.length; i++) {
      if (kids[i].rule !== null || kids[i].token !== '[') continue;
      let j = i + 1;
      const inside: CstNode[] = [];
      while (j < kids.length && !(kids[j].rule === null && kids[j].token === ']')) inside.push(kids[j++]);
      const slice = inside.some((k) => k.rule === null && k.token === '..');
      const index = inside
        .filter((k) => !k.space)
        .map(textOf)
        .join('')
        .replace(/\s+/g, '');
      if (!slice && !/^-?\d+$/.test(index)) {
        throw restricted(
          kids[i],
          'Subscript access x[...]',
          'with a computed key can read properties by name: only integer list indexes and slices are available with restricted data access',
        );
      }
      i = j;
    }
  }

  protected functionName(node: CstNode): { namespace: string; name: string } {
    return functionNameOf(node);
  }

  protected functionArguments(node: CstNode): CstNode[] {
    return rules(node, 'expression');
  }

  protected functionInvocation(node: CstNode, env: Env): string {
    const { namespace, name } = this.functionName(node);
    const lower = name.toLowerCase();
    if (namespace && !TEMPORAL_NAMESPACES.has(namespace.toLowerCase())) {
      throw restricted(
        node,
        `The function ${namespace}.${name}`,
        'is not available with restricted data access (only built-in functions are)',
      );
    }
    const args = this.functionArguments(node);
    if (!namespace && (lower === 'keys' || lower === 'properties' || lower === 'labels') && args.length === 1) {
      const kind = this.kindOf(args[0], env);
      const arg = this.expression(args[0], env);
      if (lower === 'labels') {
        const labels = this.labelList;
        if (!labels) return `labels(${arg})`;
        return `[gasL IN labels(${arg}) WHERE gasL IN ${this.c.params.shared('scopeLabels', () => labels)}]`;
      }
      const elementKind: ElementKind | null = isElement(kind) ? kind : null;
      if (!elementKind) {
        if (kind === 'value' || !this.anyPropertyRules) return `${name}(${arg})`;
        throw unprovable(
          node,
          `${name}()`,
          `its argument is ${describeKind(kind)}; with property rules, use it on a variable bound by a MATCH pattern`,
        );
      }
      if (!this.c.hasPropertyRules(elementKind)) return `${name}(${arg})`;
      if (lower === 'keys') return `[gasK IN keys(${arg}) WHERE ${this.c.propertyVisible(elementKind, arg, 'gasK')}]`;
      throw restricted(
        node,
        `${name}()`,
        'would show properties that your property rules hide: use property access (n.name) or a map projection (n {.name, .age})',
      );
    }
    return this.children(node, env);
  }

  protected exists(node: CstNode, env: Env): string {
    const arg = rule(node, 'expression');
    const inner = arg ? unwrap(arg) : undefined;
    if (inner?.rule === 'propertyOrLabelsExpression' && rules(inner, 'propertyLookup').length > 0)
      return `(${this.expression(arg!, env)} IS NOT NULL)`;
    if (inner?.rule === 'relationshipsPattern') return this.patternExpression(inner, new Map(env), true);
    return this.children(node, env);
  }

  protected patternComprehension(node: CstNode, env: Env): string {
    const pathVariable = rule(node, 'variable');
    const pattern = rule(node, 'relationshipsPattern')!;
    const expressions = rules(node, 'expression');
    const hasWhere = hasToken(node, 'WHERE');
    const whereExpr = hasWhere ? expressions[0] : undefined;
    const projection = expressions[expressions.length - 1];
    if (pathVariable) env.set(this.checkVariable(pathVariable), 'path');
    const preds: Conditions = { scope: [], user: [] };
    const outer = this.currentPath;
    this.currentPath = pathVariable ? quoteName(nameOf(pathVariable)) : null;
    let patternText: string;
    try {
      patternText = this.patternElement(pattern, env, preds);
    } finally {
      this.currentPath = outer;
    }
    if (whereExpr) preds.user.unshift(`(${this.expression(whereExpr, env)})`);
    const condition = combine(preds);
    return `[${pathVariable ? `${quoteName(nameOf(pathVariable))} = ` : ''}${patternText} WHERE ${condition} | ${this.expression(projection, env)}]`;
  }

  /** A pattern used as an expression: the list of its paths, or a boolean in exists() and WHERE. */
  protected patternExpression(node: CstNode, env: Env, asBoolean: boolean): string {
    const preds: Conditions = { scope: [], user: [] };
    const outer = this.currentPath;
    this.currentPath = null;
    let patternText: string;
    try {
      patternText = this.patternElement(node, env, preds);
    } finally {
      this.currentPath = outer;
    }
    const condition = combine(preds);
    if (asBoolean || this.inBooleanPosition(node)) return `(size([${patternText} WHERE ${condition} | 1]) > 0)`;
    const path = this.fresh('gasP');
    return `[${path} = ${patternText} WHERE ${condition} | ${path}]`;
  }

  /** The node is a whole operand of WHERE / AND / OR / XOR / NOT. */
  protected inBooleanPosition(node: CstNode): boolean {
    let current = node;
    while (current.parent) {
      const parent = current.parent;
      if (parent.rule === 'where' || (parent.rule === 'patternComprehension' && hasToken(parent, 'WHERE'))) return parent.rule === 'where';
      if (
        parent.rule === 'andExpression' ||
        parent.rule === 'orExpression' ||
        parent.rule === 'xorExpression' ||
        parent.rule === 'notExpression'
      ) {
        current = parent;
        continue;
      }
      const meaningful = parent.children.filter((c) => !c.space && !(c.rule === null && c.token === ''));
      if (meaningful.length !== 1) return false;
      current = parent;
    }
    return false;
  }

  protected mapProjection(node: CstNode, env: Env): string {
    const variable = rule(node, 'variable')!;
    const name = this.checkVariable(variable);
    const kind = env.get(name) ?? 'unknown';
    const v = quoteName(name);
    const entries: string[] = [];
    for (const variants of rules(node, 'mapProjectionVariants')) {
      const item = unwrap(variants);
      if (item.rule === 'propertySelector') {
        const key = nameOf(rule(item, 'propertyKeyName') ?? rules(item)[0]);
        entries.push(`${quoteName(key)}: ${this.access(kind, v, key, item)}`);
      } else if (item.rule === 'allPropertiesSelector') {
        if (!isElement(kind) && kind !== 'value' && this.anyPropertyRules) {
          throw unprovable(
            item,
            'The map projection .*',
            `it reads from ${describeKind(kind)}; with property rules, project a variable bound by a MATCH pattern and name the properties (n {.name, .age})`,
          );
        }
        if (isElement(kind) && this.c.hasPropertyRules(kind))
          throw restricted(
            item,
            'The map projection .*',
            'would show properties that your property rules hide: name the properties (n {.name, .age})',
          );
        entries.push('.*');
      } else entries.push(this.generic(item, env));
    }
    return `${v} {${entries.join(', ')}}`;
  }
}

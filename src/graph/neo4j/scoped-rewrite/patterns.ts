import type { CstNode } from '../../../cypher/parser';
import { descendants, hasToken, nameOf, quoteName, rule, rules, textOf, unwrap } from '../../../cypher/parser';
import type { ElementKind } from '../cypher-filter';
import { and, TRUE } from '../cypher-filter';
import { ExpressionRewriter } from './expressions';
import type { Conditions, Env } from './rewriter-base';
import { restricted } from './rewriter-base';

/* Patterns of the restricted-Cypher rewrite: every node and relationship gets a variable and the scope's visibility conditions. */

export abstract class PatternRewriter extends ExpressionRewriter {
  protected pattern(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    for (const child of node.children) out += child.rule === 'patternPart' ? this.patternPart(child, env, preds) : textOf(child);
    return out;
  }

  protected patternPart(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    const named = rule(node, 'variable');
    // A part with a variable-length relationship gets a path variable: `all(gasN IN nodes(p) ...)`
    // is a node predicate Neo4j checks during the expansion (it does not walk past hidden nodes).
    const variableLength = descendants(node, 'rangeLiteral').length > 0;
    const path = named ? quoteName(nameOf(named)) : variableLength ? this.fresh('gasP') : null;
    if (!named && path) out += `${path} = `;
    const outer = this.currentPath;
    this.currentPath = variableLength ? path : null;
    try {
      out += this.patternPartBody(node, env, preds);
    } finally {
      this.currentPath = outer;
    }
    return out;
  }

  protected patternPartBody(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'variable') {
        env.set(this.checkVariable(child), 'path');
        out += quoteName(nameOf(child));
      } else if (child.rule === 'anonymousPatternPart') {
        const inner = unwrap(child);
        if (inner.rule === 'shortestPathPatternFunction') {
          throw restricted(
            inner,
            textOf(inner).split('(')[0].trim(),
            'is not available with restricted data access (which paths are shortest could depend on hidden elements); use a variable-length pattern with ORDER BY length(p)',
          );
        }
        out += this.patternElement(inner.rule === 'patternElement' ? inner : rule(child, 'patternElement')!, env, preds);
      } else out += textOf(child);
    }
    return out;
  }

  /** patternElement and relationshipsPattern: nodes and chains. */
  protected patternElement(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'nodePattern') out += this.nodePattern(child, env, preds);
      else if (child.rule === 'patternElementChain') {
        for (const part of child.children) {
          if (part.rule === 'relationshipPattern') out += this.relationshipPattern(part, env, preds);
          else if (part.rule === 'nodePattern') out += this.nodePattern(part, env, preds);
          else out += textOf(part);
        }
      } else if (child.rule === 'patternElement') out += this.patternElement(child, env, preds);
      else out += textOf(child);
    }
    return out;
  }

  protected propertyPredicates(kind: ElementKind, v: string, properties: CstNode, env: Env, preds: string[]): void {
    const map = unwrap(properties);
    if (map.rule !== 'mapLiteral')
      throw restricted(
        properties,
        'A parameter map in a pattern',
        'is not available with restricted data access: write the properties out ({key: $value})',
      );
    for (const entry of rules(map, 'literalEntry')) {
      const key = nameOf(rule(entry, 'propertyKeyName')!);
      preds.push(`${this.guard(kind, v, key)} = ${this.expression(rule(entry, 'expression')!, env)}`);
    }
  }

  protected nodePattern(node: CstNode, env: Env, preds: Conditions): string {
    const variable = rule(node, 'variable');
    const labels = rule(node, 'nodeLabels');
    const properties = rule(node, 'properties');
    const name = variable ? this.checkVariable(variable) : this.fresh('gasN');
    const v = quoteName(name);
    env.set(name, 'node');
    preds.scope.push(this.c.nodeVisible(v));
    if (labels)
      for (const label of rules(labels, 'nodeLabel')) if (!this.labelVisible(nameOf(rule(label, 'labelName')!))) preds.scope.push('false');
    if (properties) this.propertyPredicates('node', v, properties, env, preds.user);
    return `(${v}${labels ? textOf(labels).trim().replace(/^/, '') : ''})`;
  }

  protected relationshipPattern(node: CstNode, env: Env, preds: Conditions): string {
    const detail = rule(node, 'relationshipDetail');
    const variable = detail ? rule(detail, 'variable') : undefined;
    const types = detail ? rule(detail, 'relationshipTypes') : undefined;
    const range = detail ? rule(detail, 'rangeLiteral') : undefined;
    const properties = detail ? rule(detail, 'properties') : undefined;
    if (detail && hasToken(detail, '?')) throw restricted(detail, 'An optional relationship [?]', 'is not available');
    const name = variable ? this.checkVariable(variable) : this.fresh('gasR');
    const v = quoteName(name);
    if (range) {
      env.set(name, 'relationships');
      // Relationship conditions alone: Neo4j checks them during the expansion.
      const core = this.c.relationshipCore('gasE');
      if (core !== TRUE) preds.scope.push(`all(gasE IN ${v} WHERE ${core})`);
      const nodes = this.c.nodeVisible('gasN');
      if (nodes !== TRUE) {
        // Every node of the path (a named path covers this relationship's intermediate nodes);
        // inside pattern expressions, the ends of each relationship.
        if (this.currentPath) {
          const condition = `all(gasN IN nodes(${this.currentPath}) WHERE ${nodes})`;
          if (!preds.scope.includes(condition)) preds.scope.push(condition);
        } else
          preds.scope.push(`all(gasE IN ${v} WHERE ${and(this.c.nodeVisible('startNode(gasE)'), this.c.nodeVisible('endNode(gasE)'))})`);
      }
      if (properties) {
        const user: string[] = [];
        this.propertyPredicates('relationship', 'gasE', properties, env, user);
        if (user.length > 0) preds.user.push(`all(gasE IN ${v} WHERE ${and(...user)})`);
      }
    } else {
      env.set(name, 'relationship');
      preds.scope.push(this.c.relationshipCore(v));
      if (properties) this.propertyPredicates('relationship', v, properties, env, preds.user);
    }
    const rebuilt = `[${v}${types ? textOf(types).trim() : ''}${range ? textOf(range).trim() : ''}]`;
    let out = '';
    let placed = false;
    const meaningful = node.children.filter((c) => !c.space);
    for (const child of node.children) {
      if (child === detail) {
        out += rebuilt;
        placed = true;
      } else {
        out += textOf(child);
        if (!detail && !placed && child === meaningful[0]) {
          out += rebuilt;
          placed = true;
        }
      }
    }
    return out;
  }
}

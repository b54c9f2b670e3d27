import { BadRequestError, ForbiddenError } from '../../../errors';
import type { CstNode } from '../../../cypher/parser';
import { nameOf, positionOf, quoteName } from '../../../cypher/parser';
import type { CypherCompiler, ElementKind } from '../cypher-filter';
import { and, TRUE } from '../cypher-filter';
import type { Kind } from '../scope-analysis';
import { describeKind, isElement, kindOf } from '../scope-analysis';

/*
 * The state and the scope helpers of the restricted-Cypher rewrite (scoped-cypher.ts), shared by
 * its layers: expressions.ts, patterns.ts, then the statements and clauses in scoped-cypher.ts.
 */

/**
 * Conditions collected from a pattern: the scope's (visibility; they never raise errors, so the
 * planner may order them freely and push them into expands) and the user's (WHERE, pattern
 * property maps), which are only evaluated once the scope holds (`CASE WHEN scope THEN user END`),
 * so an expression that fails (1/0, a type error) cannot reveal a hidden element by failing.
 */
export interface Conditions {
  scope: string[];
  user: string[];
}

/** The WHERE condition of a clause: scope first, then the user's parts guarded by it. */
export function combine(conditions: Conditions): string {
  const scope = and(...conditions.scope);
  const user = and(...conditions.user);
  if (user === TRUE) return scope;
  if (scope === TRUE) return user;
  return and(scope, `CASE WHEN ${scope} THEN ${user} END`);
}

export type Env = Map<string, Kind>;

/** Prefix of the user's parameters in the rewritten query. */
export const USER_PARAM_PREFIX = 'u_';

export function restricted(node: CstNode, construct: string, why: string): ForbiddenError {
  return new ForbiddenError(
    `${construct} (at ${positionOf(node)}) ${why}`,
    { construct, line: node.line, column: node.column },
    'CYPHER_RESTRICTED',
  );
}

/**
 * 400 CYPHER_UNSUPPORTED (the code of the PostgreSQL translation's refusals): the analysis
 * (scope-analysis.ts) cannot prove that what the construct reads is scoped.
 */
export function unprovable(node: CstNode, construct: string, why: string): BadRequestError {
  return new BadRequestError(
    `${construct} (at ${positionOf(node)}) is not available with restricted data access: ${why}`,
    'CYPHER_UNSUPPORTED',
    { construct, line: node.line, column: node.column },
  );
}

export abstract class RewriterBase {
  protected counter = 0;
  /** Variables the rewrite added (never projected by `*`). */
  protected readonly generated = new Set<string>();
  /** Path variable of the pattern part being printed, when it has a variable-length relationship. */
  protected currentPath: string | null = null;
  protected readonly keyParams = new Map<string, string>();

  constructor(
    protected readonly c: CypherCompiler,
    protected readonly userParams: Record<string, unknown>,
  ) {}

  protected fresh(prefix: string): string {
    this.counter += 1;
    const name = `${prefix}${this.counter}`;
    this.generated.add(name);
    return name;
  }

  // -------------------------------------------------------------------------------------------
  // Scope helpers

  protected labelVisible(label: string): boolean {
    const labels = this.c.scope.labels;
    return labels === '*' || labels.includes(label);
  }

  protected get labelList(): string[] | null {
    return this.c.scope.labels === '*' ? null : this.c.scope.labels;
  }

  /** No property rule of either kind hides `key` anywhere. */
  protected globallyVisible(key: string): boolean {
    const all = [...Object.values(this.c.scope.nodeProperties ?? {}), ...Object.values(this.c.scope.relationshipProperties ?? {})];
    return all.every((rule) => !(rule.deny ?? []).includes(key) && (!rule.allow || rule.allow.includes(key)));
  }

  protected keyParam(key: string): string {
    let hint = this.keyParams.get(key);
    if (!hint) {
      hint = `pk${this.keyParams.size}_`;
      this.keyParams.set(key, hint);
    }
    return this.c.params.shared(hint, () => key);
  }

  /** `v.key`, or null where the scope hides the property on that element. */
  protected guard(kind: ElementKind, v: string, key: string): string {
    const plain = `${v}.${quoteName(key)}`;
    if (!this.c.hasPropertyRules(kind) || this.globallyVisible(key)) return plain;
    return `(CASE WHEN ${this.c.propertyVisible(kind, v, this.keyParam(key))} THEN ${plain} END)`;
  }

  /** The reader has property rules (on nodes or relationships): reads from unproven values are refused. */
  protected get anyPropertyRules(): boolean {
    return this.c.hasPropertyRules('node') || this.c.hasPropertyRules('relationship');
  }

  /**
   * `base.key` where the analysis proved what base is (scope-analysis.ts): the scope's guard on a
   * node or relationship, as written on a value that holds no element, refused on anything else
   * (maps and lists may hold elements: `{a: n}.a.secret`) unless the reader has no property rule.
   */
  protected access(kind: Kind, base: string, key: string, at: CstNode): string {
    if (isElement(kind)) return this.guard(kind, base, key);
    if (kind === 'value' || !this.anyPropertyRules) return `${base}.${quoteName(key)}`;
    throw unprovable(
      at,
      `Property access .${key}`,
      `it reads from ${describeKind(kind)}; with property rules, read properties from a variable bound by a MATCH pattern (or passed on by WITH)`,
    );
  }

  protected checkVariable(node: CstNode): string {
    const name = nameOf(node);
    if (/^gas/i.test(name)) {
      throw new BadRequestError(
        `The variable ${name} (at ${positionOf(node)}) starts with "gas", which the service reserves for the variables it adds`,
        'CYPHER_RESERVED_NAME',
        { line: node.line, column: node.column },
      );
    }
    return name;
  }

  // -------------------------------------------------------------------------------------------
  // Kinds

  protected kindOf(node: CstNode, env: Env): Kind {
    return kindOf(node, (name) => env.get(name));
  }
}

import type { CstNode } from '../../cypher/parser';
import { hasToken, nameOf, rule, rules, unwrap } from '../../cypher/parser';

/**
 * What a restricted reader's Cypher expression is, for the Neo4j rewrite (scoped-cypher.ts):
 * the analysis that decides where a property may be read. Deny by default: an expression is
 * `unknown` unless a rule below proves more, and reading from an `unknown` value (property
 * access `x.p`, map projection `x {.p}`, keys() / properties()) is refused wherever the reader
 * has property rules, whatever the property's name (issue 18 item 8: maps and lists can hold
 * nodes, so `{a: n}.a.secret` read a hidden value when only the first `.x` was checked).
 *
 * Proven kinds:
 *  - `node` / `relationship`: a variable bound by a MATCH pattern (or pattern comprehension),
 *    passed on unchanged by WITH `x` / `x AS y`, or an element taken out of a proven list of
 *    elements (`nodes(p)`, `relationships(p)`, a variable-length relationship, collect() of
 *    them, an UNWIND or list-comprehension variable over them, head() / last() / index `[i]`),
 *    `startNode()` / `endNode()`. Property reads on them get the scope's guard (a hidden
 *    property reads null);
 *  - `path`, `nodes`, `relationships`, `paths`: paths and proven lists of elements (nothing is
 *    read from them directly: reading a property of a list or path is refused);
 *  - `value`: provably holds no node, relationship or path: literals other than maps and lists,
 *    parameters (they come from the request), a property read on a node, relationship or value
 *    (a stored property value is never an element), the result of an operator that gives a
 *    number, string or boolean, and of the built-in functions that return such scalars. Property
 *    reads on values (`n.born.year`, `$map.key`, `date().year`) are left as written.
 * Everything else (map and list literals, CASE, list comprehensions, coalesce() of mixed kinds,
 * `+` on lists, functions not listed here, ...) is `unknown`.
 */
export type Kind = 'node' | 'relationship' | 'path' | 'nodes' | 'relationships' | 'paths' | 'value' | 'unknown';

/** The kind of a variable in the clause being read (undefined: not a variable of the query). */
export type KindOfVariable = (name: string) => Kind | undefined;

export const isElement = (kind: Kind): kind is 'node' | 'relationship' => kind === 'node' || kind === 'relationship';

/** The kind of one item of a list of `kind`. */
export const elementOf = (kind: Kind): Kind =>
  kind === 'nodes'
    ? 'node'
    : kind === 'relationships'
      ? 'relationship'
      : kind === 'paths'
        ? 'path'
        : kind === 'value'
          ? 'value'
          : 'unknown';

/** The kind of a list of items of `kind` (collect()). */
export const listOf = (kind: Kind): Kind =>
  kind === 'node'
    ? 'nodes'
    : kind === 'relationship'
      ? 'relationships'
      : kind === 'path'
        ? 'paths'
        : kind === 'value'
          ? 'value'
          : 'unknown';

/** How a kind reads in a refusal. */
export function describeKind(kind: Kind): string {
  switch (kind) {
    case 'path':
      return 'a path';
    case 'nodes':
    case 'relationships':
    case 'paths':
      return 'a list of graph elements';
    default:
      return 'a value the service cannot prove is a node or relationship bound by a MATCH pattern (a map or list may hold nodes and relationships)';
  }
}

/** Built-in functions whose result is a number, string, boolean, temporal or point (or a list of them), whatever their arguments. */
const SCALAR_FUNCTIONS = new Set([
  'id',
  'type',
  'labels',
  'keys',
  'size',
  'length',
  'count',
  'sum',
  'avg',
  'stdev',
  'stdevp',
  'percentilecont',
  'percentiledisc',
  'tostring',
  'tointeger',
  'tofloat',
  'toboolean',
  'tolower',
  'toupper',
  'lower',
  'upper',
  'trim',
  'ltrim',
  'rtrim',
  'replace',
  'substring',
  'left',
  'right',
  'split',
  'abs',
  'ceil',
  'floor',
  'round',
  'sign',
  'rand',
  'exp',
  'log',
  'log10',
  'sqrt',
  'sin',
  'cos',
  'tan',
  'cot',
  'asin',
  'acos',
  'atan',
  'atan2',
  'pi',
  'e',
  'degrees',
  'radians',
  'haversin',
  'timestamp',
  'exists',
  'range',
  'distance',
  'point',
  'randomuuid',
  'date',
  'datetime',
  'localdatetime',
  'localtime',
  'time',
  'duration',
]);

/** Temporal namespaces (date.truncate(), duration.between(), ...): their functions return temporals. */
const TEMPORAL_NAMESPACES = new Set(['date', 'datetime', 'localdatetime', 'localtime', 'time', 'duration']);

/** Operator levels whose result, when the operator is present, is a boolean or a number. */
const SCALAR_OPERATOR_RULES = new Set([
  'orExpression',
  'xorExpression',
  'andExpression',
  'notExpression',
  'comparisonExpression',
  'multiplyDivideModuloExpression',
  'powerOfExpression',
  'unaryAddOrSubtractExpression',
]);

export interface FunctionName {
  namespace: string;
  name: string;
}

export function functionNameOf(node: CstNode): FunctionName {
  const body = rule(node, 'functionInvocationBody')!;
  const namespace = rule(body, 'namespace');
  const name = rule(body, 'functionName')!;
  const ns = namespace ? rules(namespace, 'symbolicName').map(nameOf).join('.') : '';
  return { namespace: ns, name: nameOf(name) };
}

/** The name when the expression is a bare variable. */
export function asVariable(expr: CstNode): string | null {
  const inner = unwrap(expr);
  if (inner.rule === 'variable' || (inner.rule === 'symbolicName' && inner.parent?.rule === 'variable')) return nameOf(inner);
  return null;
}

/** The kind of the result of reading property after property from a base of `kind`. */
export const afterPropertyRead = (kind: Kind): Kind => (isElement(kind) || kind === 'value' ? 'value' : 'unknown');

/** The kind of an expression (deny by default: `unknown` unless proven). */
export function kindOf(node: CstNode, variables: KindOfVariable): Kind {
  const inner = unwrap(node);
  switch (inner.rule) {
    case 'variable':
    case 'symbolicName': {
      const variable = asVariable(inner);
      return variable ? (variables(variable) ?? 'unknown') : 'unknown';
    }
    case 'parenthesizedExpression': {
      const expr = rule(inner, 'expression');
      return expr ? kindOf(expr, variables) : 'unknown';
    }
    case 'parameter':
    case 'newParameter':
    case 'legacyParameter':
      return 'value';
    case 'literal':
    case 'numberLiteral':
    case 'integerLiteral':
    case 'doubleLiteral':
    case 'stringLiteral':
    case 'booleanLiteral':
      return 'value';
    case 'listLiteral':
    case 'mapLiteral':
      return 'unknown';
    case 'existsFunction':
      return 'value';
    case 'atom':
      // count(*), and the literal tokens the grammar keeps in atom (NULL).
      return hasToken(inner, 'COUNT') || hasToken(inner, 'NULL') ? 'value' : 'unknown';
    case 'relationshipsPattern':
      return 'paths';
    case 'functionInvocation':
      return functionKind(inner, variables);
    case 'stringListNullOperatorExpression': {
      const base = rule(inner, 'propertyOrLabelsExpression');
      const tokensInside = inner.children.filter((c) => c.rule === null && !c.space).map((c) => (c.token ?? '').toUpperCase());
      if (!base) return 'unknown';
      // IS NULL, IS NOT NULL, STARTS WITH, ENDS WITH, CONTAINS, IN, =~: a boolean.
      if (tokensInside[0] !== '[') return 'value';
      if (tokensInside.length > 3) return 'unknown';
      const baseKind = kindOf(base, variables);
      return tokensInside.includes('..') ? baseKind : elementOf(baseKind);
    }
    case 'propertyOrLabelsExpression': {
      const atom = rule(inner, 'atom');
      if (!atom) return 'unknown';
      if (rule(inner, 'nodeLabels')) return 'value';
      let kind = kindOf(atom, variables);
      for (let i = 0; i < rules(inner, 'propertyLookup').length; i++) kind = afterPropertyRead(kind);
      return kind;
    }
    case 'addOrSubtractExpression': {
      // + also concatenates lists (which may hold elements): a value only when every operand is one.
      const operands = rules(inner);
      return operands.every((operand) => kindOf(operand, variables) === 'value') ? 'value' : 'unknown';
    }
    default:
      return inner.rule !== null && SCALAR_OPERATOR_RULES.has(inner.rule) ? 'value' : 'unknown';
  }
}

function functionKind(node: CstNode, variables: KindOfVariable): Kind {
  const { namespace, name } = functionNameOf(node);
  const lower = name.toLowerCase();
  if (namespace) return TEMPORAL_NAMESPACES.has(namespace.toLowerCase()) ? 'value' : 'unknown';
  const args = rules(node, 'expression');
  const first = args[0] ? kindOf(args[0], variables) : 'unknown';
  switch (lower) {
    case 'startnode':
    case 'endnode':
      return 'node';
    case 'nodes':
      return 'nodes';
    case 'relationships':
    case 'rels':
      return 'relationships';
    case 'head':
    case 'last':
      return elementOf(first);
    case 'collect':
      return listOf(first);
    case 'tail':
    case 'reverse':
      return first === 'value' || first === 'nodes' || first === 'relationships' || first === 'paths' ? first : 'unknown';
    case 'min':
    case 'max':
      return first === 'value' ? 'value' : 'unknown';
    case 'coalesce': {
      // Only when every argument has the same kind (coalesce(r, n) could be either).
      const kinds = new Set(args.map((arg) => kindOf(arg, variables)));
      return kinds.size === 1 ? [...kinds][0] : 'unknown';
    }
    default:
      return SCALAR_FUNCTIONS.has(lower) ? 'value' : 'unknown';
  }
}

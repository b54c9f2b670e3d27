import { ForbiddenError } from '../../errors';
import type { AccessScope, Filter, Properties, PropertyRule } from '../../graph/graph-store';
import { parseRegex } from '../../graph/regex';
import { isPropertyVisible } from '../graph/property-visibility';

/**
 * Writes stay inside the writer's AccessScope (issue 18 item 7): one check for every write path
 * (node and relationship create / update, the bulk update, import rows of tables and GraphML).
 * A restricted writer may not write what the scope hides, nor make an element they could not
 * see afterwards:
 *
 *  1. a label outside scope.labels, or a relationship type outside scope.types, named by the write
 *     (created, added or removed) -> 403 GRAPH_WRITE_HIDDEN { labels } / { types };
 *  2. a property the scope hides on the element (set or removed) -> 403 PROPERTY_NOT_WRITABLE
 *     { properties } (the code these writes had before);
 *  3. a node left without a visible label (scope.labels is a list and the write removes the last
 *     visible one) -> 403 GRAPH_WRITE_HIDDEN { labels: the removed ones };
 *  4. an element the scope's row rule (nodeFilter / relationshipFilter) would hide once written
 *     -> 403 GRAPH_WRITE_HIDDEN naming the labels, type and properties of the write that the rule
 *     reads (all of them when it reads none): creating a node labelled Hid when a group's rule is
 *     {"not": {"label": "Hid"}}, or setting country to "US" where a rule admits only "CZ".
 *
 * The names in an answer are the writer's own input, so an answer tells nothing the writer did
 * not send (the rule's values are not named). Nothing is written: the services call this before
 * the write (the bulk update for each match, before any change). A relationship whose end the
 * writer cannot see is refused by the adapters (404, the same as a missing end).
 *
 * The row rule is judged on the element as the writer will have it. A creation (and an import row
 * that creates) is complete: the writer supplies every label and property, so the rule is decided
 * exactly as the adapters decide it. An update knows only what the writer can see before the
 * write (its visible labels and properties) plus the change: a label outside scope.labels or a
 * property the scope hides may be on the element unseen, so conditions on them are unknown
 * (three-valued: unknown AND false is false, unknown OR true is true, NOT unknown is unknown) and
 * the write is refused only when the rule is false whatever the unseen values are. Since the
 * element was visible before and the writer can change only visible labels and properties, a
 * write that keeps the rule true on the unseen values is never refused.
 */

export const GRAPH_WRITE_HIDDEN = 'GRAPH_WRITE_HIDDEN';
export const PROPERTY_NOT_WRITABLE = 'PROPERTY_NOT_WRITABLE';

export interface NodeWrite {
  entity: 'node';
  /** The labels the node will carry as the writer knows them (create: all of them; update: the visible ones before, with the change). */
  labels: readonly string[];
  /** The properties the node will carry as the writer knows them (create: all; update: the visible ones before with the patch applied). */
  properties: Properties;
  /** Labels the write names: created, added or removed. */
  namedLabels: readonly string[];
  /** Properties the write sets or removes. */
  namedProperties: readonly string[];
  /** True when the writer supplies the whole element (a creation): nothing unseen can be on it. */
  complete: boolean;
}

export interface RelationshipWrite {
  entity: 'relationship';
  type: string;
  /** Whether the write names the type (a creation does; an update of properties does not). */
  namesType: boolean;
  properties: Properties;
  namedProperties: readonly string[];
  complete: boolean;
}

export type ScopedWrite = NodeWrite | RelationshipWrite;

export interface WriteRefusal {
  code: typeof GRAPH_WRITE_HIDDEN | typeof PROPERTY_NOT_WRITABLE;
  message: string;
  details: {
    labels?: string[];
    types?: string[];
    properties?: string[];
    reason: 'label' | 'type' | 'property' | 'no-visible-label' | 'row-rule';
  };
}

type Truth = boolean | undefined; // undefined: unknown (depends on what the writer cannot see)

const not = (value: Truth): Truth => (value === undefined ? undefined : !value);

function all(values: Truth[]): Truth {
  if (values.some((v) => v === false)) return false;
  return values.some((v) => v === undefined) ? undefined : true;
}

function any(values: Truth[]): Truth {
  if (values.some((v) => v === true)) return true;
  return values.some((v) => v === undefined) ? undefined : false;
}

/** The kind of a value as the filter semantics compare it (Cypher's order: lists, strings, booleans, numbers). */
function kind(value: unknown): 'list' | 'string' | 'boolean' | 'number' | 'other' {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  return 'other';
}

function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  }
  if (kind(a) === 'number' && kind(b) === 'number') {
    // Exact for integers beyond 2^53 (BigInt) and for 1 = 1.0.
    if (typeof a === 'bigint' || typeof b === 'bigint') {
      const x = typeof a === 'bigint' ? a : Number.isInteger(a) ? BigInt(a as number) : undefined;
      const y = typeof b === 'bigint' ? b : Number.isInteger(b) ? BigInt(b as number) : undefined;
      return x !== undefined && y !== undefined && x === y;
    }
    return a === b;
  }
  return a === b;
}

function compare(a: unknown, b: unknown): number | undefined {
  const k = kind(a);
  if (k !== kind(b) || (k !== 'string' && k !== 'number' && k !== 'boolean')) return undefined;
  if (k === 'string') return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  if (k === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    if (Number.isInteger(a) || typeof a === 'bigint') {
      if (Number.isInteger(b) || typeof b === 'bigint') {
        const x = BigInt(a as number | bigint);
        const y = BigInt(b as number | bigint);
        return x < y ? -1 : x > y ? 1 : 0;
      }
    }
    return Number(a) - Number(b);
  }
  return (a as number) - (b as number);
}

/** A comparison of a present (visible) value, two-valued as the adapters compare it. */
function comparison(filter: Extract<Filter, { operator: string }>, value: unknown): Truth {
  if (value === undefined || value === null) {
    if (filter.operator === 'IS NULL') return true;
    return false;
  }
  const operand = (filter as { value?: unknown }).value;
  switch (filter.operator) {
    case 'IS NULL':
      return false;
    case 'IS NOT NULL':
      return true;
    case '=':
      return equal(value, operand);
    case '<>':
      return !equal(value, operand);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const c = compare(value, operand);
      if (c === undefined || Number.isNaN(c)) return false;
      return filter.operator === '<' ? c < 0 : filter.operator === '<=' ? c <= 0 : filter.operator === '>' ? c > 0 : c >= 0;
    }
    case 'IN':
      return Array.isArray(operand) ? operand.some((o) => equal(value, o)) : false;
    case 'CONTAINS':
      return typeof value === 'string' && value.includes(String(operand));
    case 'STARTS WITH':
      return typeof value === 'string' && value.startsWith(String(operand));
    case 'ENDS WITH':
      return typeof value === 'string' && value.endsWith(String(operand));
    case '=~': {
      if (typeof value !== 'string') return false;
      try {
        const p = parseRegex(String(operand));
        return new RegExp(`^(?:${p.body})$`, `s${p.multiline ? 'm' : ''}${p.caseInsensitive ? 'iu' : ''}`).test(value);
      } catch {
        return undefined; // a pattern JavaScript reads differently: not judged here
      }
    }
    default:
      return undefined;
  }
}

interface View {
  entity: 'node' | 'relationship';
  label(name: string): Truth;
  type(name: string): Truth;
  property(name: string): { known: boolean; value: unknown };
}

function evaluate(filter: Filter, view: View): Truth {
  if ('and' in filter) return all(filter.and.map((f) => evaluate(f, view)));
  if ('or' in filter) return any(filter.or.map((f) => evaluate(f, view)));
  if ('not' in filter) return not(evaluate(filter.not, view));
  if ('label' in filter) return view.entity === 'node' ? view.label(filter.label) : false;
  if ('type' in filter) return view.entity === 'relationship' ? view.type(filter.type) : false;
  // An id rule: the id of a created element is not known before the write; an update keeps its id.
  if ('ids' in filter) return undefined;
  const property = view.property(filter.property);
  if (!property.known) return undefined;
  return comparison(filter, property.value);
}

/** The labels, types and properties a filter reads. */
function namesOf(filter: Filter, out: { labels: Set<string>; types: Set<string>; properties: Set<string> }): void {
  if ('and' in filter) filter.and.forEach((f) => namesOf(f, out));
  else if ('or' in filter) filter.or.forEach((f) => namesOf(f, out));
  else if ('not' in filter) namesOf(filter.not, out);
  else if ('label' in filter) out.labels.add(filter.label);
  else if ('type' in filter) out.types.add(filter.type);
  else if ('property' in filter) out.properties.add(filter.property);
}

const visibleName = (list: AccessScope['labels'], name: string): boolean => list === '*' || list.includes(name);

/** The tokens whose property rules may apply to the element, the unseen labels' rules included when the element is not complete. */
function ruleTokens(scope: AccessScope, rules: Record<string, PropertyRule> | undefined, write: ScopedWrite): string[] {
  if (write.entity === 'relationship') return [write.type];
  if (write.complete || scope.labels === '*' || !rules) return [...write.labels];
  return [...write.labels, ...Object.keys(rules).filter((token) => token !== '*' && !visibleName(scope.labels, token))];
}

function refusal(code: WriteRefusal['code'], message: string, details: WriteRefusal['details']): WriteRefusal {
  return { code, message, details };
}

/** Why the scope refuses this write, or null when the writer may make it. Pure: the services call it before any write. */
export function writeRefusal(scope: AccessScope, write: ScopedWrite): WriteRefusal | null {
  if (scope.unrestricted) return null;

  // 1. names
  if (write.entity === 'node') {
    const hidden = [...new Set(write.namedLabels)].filter((label) => !visibleName(scope.labels, label));
    if (hidden.length > 0) {
      return refusal(GRAPH_WRITE_HIDDEN, `You may not write labels hidden from you: ${hidden.join(', ')}`, {
        labels: hidden,
        reason: 'label',
      });
    }
  } else if (write.namesType && !visibleName(scope.types, write.type)) {
    return refusal(GRAPH_WRITE_HIDDEN, `You may not write relationship types hidden from you: ${write.type}`, {
      types: [write.type],
      reason: 'type',
    });
  }

  // 2. properties
  const rules = write.entity === 'node' ? scope.nodeProperties : scope.relationshipProperties;
  const tokens = write.entity === 'node' ? [...write.labels] : [write.type];
  const hiddenProperties = [...new Set(write.namedProperties)].filter((key) => !isPropertyVisible(rules, tokens, key));
  if (hiddenProperties.length > 0) {
    return refusal(PROPERTY_NOT_WRITABLE, `You may not write properties hidden from you: ${hiddenProperties.join(', ')}`, {
      properties: hiddenProperties,
      reason: 'property',
    });
  }

  // 3. a node keeps a visible label
  if (write.entity === 'node' && scope.labels !== '*' && !write.labels.some((label) => visibleName(scope.labels, label))) {
    const named = [...new Set(write.namedLabels)];
    return refusal(GRAPH_WRITE_HIDDEN, `The node would have no label visible to you${named.length ? ` (${named.join(', ')})` : ''}`, {
      labels: named,
      reason: 'no-visible-label',
    });
  }

  // 4. the row rule
  const rule = write.entity === 'node' ? scope.nodeFilter : scope.relationshipFilter;
  if (!rule) return null;
  const seenTokens = ruleTokens(scope, rules, write);
  const view: View = {
    entity: write.entity,
    label: (name) =>
      write.entity !== 'node'
        ? false
        : write.labels.includes(name)
          ? true
          : write.complete || visibleName(scope.labels, name)
            ? false
            : undefined,
    type: (name) => (write.entity === 'relationship' ? write.type === name : false),
    property: (name) => {
      const known = write.complete || isPropertyVisible(rules, seenTokens, name);
      return { known, value: known ? write.properties[name] : undefined };
    },
  };
  if (evaluate(rule, view) !== false) return null;
  const read = { labels: new Set<string>(), types: new Set<string>(), properties: new Set<string>() };
  namesOf(rule, read);
  const labels = write.entity === 'node' ? [...new Set(write.complete ? write.labels : write.namedLabels)] : [];
  const types = write.entity === 'relationship' && write.namesType ? [write.type] : [];
  const properties = [...new Set(write.complete ? Object.keys(write.properties) : write.namedProperties)];
  const inRule = {
    labels: labels.filter((l) => read.labels.has(l)),
    types: types.filter((t) => read.types.has(t)),
    properties: properties.filter((p) => read.properties.has(p)),
  };
  const named = inRule.labels.length + inRule.types.length + inRule.properties.length > 0 ? inRule : { labels, types, properties };
  const what = [...named.labels, ...named.types, ...named.properties];
  return refusal(
    GRAPH_WRITE_HIDDEN,
    `The ${write.entity} would be hidden from you by your data access rules${what.length ? ` (${what.join(', ')})` : ''}`,
    {
      ...(write.entity === 'node' ? { labels: named.labels } : { types: named.types }),
      properties: named.properties,
      reason: 'row-rule',
    },
  );
}

/** Throws 403 (GRAPH_WRITE_HIDDEN or PROPERTY_NOT_WRITABLE) when the scope refuses the write. */
export function assertWriteInScope(scope: AccessScope, write: ScopedWrite): void {
  const refused = writeRefusal(scope, write);
  if (refused) throw new ForbiddenError(refused.message, { ...refused.details }, refused.code);
}

/** The element after a property patch (null removes), as the writer knows it. */
export function patched(properties: Properties, patch: Record<string, unknown> | undefined): Properties {
  const out: Properties = { ...properties };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete out[key];
    else if (value !== undefined) out[key] = value;
  }
  return out;
}

import type { AccessScope, PropertyRule } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';

/**
 * The AccessScope that shows at most what both scopes show (for "see as this user" by a caller
 * who may see less than that user).
 *
 * - labels / types: the names both admit ('*' admits everything). A node with several labels,
 *   visible to one scope through one label and to the other through another, is not visible:
 *   narrower than the exact intersection, never wider.
 * - nodeFilter / relationshipFilter: both rules (AND); an absent rule admits every row.
 * - nodeProperties / relationshipProperties: per key (label, type or '*'), both rules; the adapters
 *   hide a property when the '*' rule or the rule of any of the element's labels (its type) hides
 *   it, so a combined rule hiding what either rule hides hides exactly what either scope hides.
 *   Combined rule: allow = the names both allow lists have (one list when only one has one),
 *   deny = the names either deny list has.
 */
export function intersectAccessScopes(a: AccessScope, b: AccessScope): AccessScope {
  if (a.unrestricted && b.unrestricted) return { ...UNRESTRICTED };
  if (a.unrestricted) return copy(b);
  if (b.unrestricted) return copy(a);
  const scope: AccessScope = { unrestricted: false, labels: names(a.labels, b.labels), types: names(a.types, b.types) };
  const nodeFilter = both(a.nodeFilter, b.nodeFilter);
  const relationshipFilter = both(a.relationshipFilter, b.relationshipFilter);
  if (nodeFilter) scope.nodeFilter = nodeFilter;
  if (relationshipFilter) scope.relationshipFilter = relationshipFilter;
  const nodeProperties = rules(a.nodeProperties, b.nodeProperties);
  const relationshipProperties = rules(a.relationshipProperties, b.relationshipProperties);
  if (nodeProperties) scope.nodeProperties = nodeProperties;
  if (relationshipProperties) scope.relationshipProperties = relationshipProperties;
  return scope;
}

function copy(scope: AccessScope): AccessScope {
  return structuredClone(scope);
}

function names(a: '*' | string[], b: '*' | string[]): '*' | string[] {
  if (a === '*') return b === '*' ? '*' : [...b];
  if (b === '*') return [...a];
  const other = new Set(b);
  return a.filter((name) => other.has(name));
}

function both<F>(a: F | undefined, b: F | undefined): F | { and: F[] } | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return { and: [a, b] };
}

function rule(a: PropertyRule | undefined, b: PropertyRule | undefined): PropertyRule | undefined {
  if (!a) return b && { ...b };
  if (!b) return { ...a };
  const out: PropertyRule = {};
  if (a.allow && b.allow) {
    const other = new Set(b.allow);
    out.allow = a.allow.filter((name) => other.has(name));
  } else if (a.allow || b.allow) out.allow = [...(a.allow ?? b.allow ?? [])];
  const deny = [...new Set([...(a.deny ?? []), ...(b.deny ?? [])])];
  if (deny.length > 0) out.deny = deny;
  return out;
}

function rules(
  a: Record<string, PropertyRule> | undefined,
  b: Record<string, PropertyRule> | undefined,
): Record<string, PropertyRule> | undefined {
  if (!a && !b) return undefined;
  const out: Record<string, PropertyRule> = {};
  for (const key of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
    const combined = rule(a?.[key], b?.[key]);
    if (combined) out[key] = combined;
  }
  return out;
}

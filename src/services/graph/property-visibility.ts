import { ForbiddenError } from '../../errors';
import type { AccessScope, PropertyRule } from '../../graph/graph-store';

/**
 * The port's property rule, evaluated for a write before it reaches the adapter: a property is
 * hidden on an element when any rule matching one of its labels (or its type), or the '*' rule,
 * denies it or has an allow list without it. Adapters apply the same rule inside their queries.
 */
export function isPropertyVisible(rules: Record<string, PropertyRule> | undefined, tokens: readonly string[], property: string): boolean {
  if (!rules) return true;
  for (const token of ['*', ...tokens]) {
    const rule = rules[token];
    if (!rule) continue;
    if (rule.deny?.includes(property)) return false;
    if (rule.allow && !rule.allow.includes(property)) return false;
  }
  return true;
}

/**
 * Users may write only properties they can read on that element: otherwise they could overwrite
 * or remove data hidden from them. 403 PROPERTY_NOT_WRITABLE names the properties they sent.
 */
export function assertWritableProperties(scope: AccessScope, entity: 'node' | 'relationship', tokens: readonly string[], properties: Record<string, unknown> | undefined): void {
  if (scope.unrestricted || !properties) return;
  const rules = entity === 'node' ? scope.nodeProperties : scope.relationshipProperties;
  const refused = Object.keys(properties).filter((key) => !isPropertyVisible(rules, tokens, key));
  if (refused.length > 0) {
    throw new ForbiddenError(`You may not write properties hidden from you: ${refused.join(', ')}`, { properties: refused }, 'PROPERTY_NOT_WRITABLE');
  }
}

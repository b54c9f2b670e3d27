import type { PropertyRule } from '../../graph/graph-store';

/**
 * The port's property rule, evaluated for a write before it reaches the adapter: a property is
 * hidden on an element when any rule matching one of its labels (or its type), or the '*' rule,
 * denies it or has an allow list without it. Adapters apply the same rule inside their queries.
 * Writes: src/services/security/write-scope.ts (users may write only properties they can read).
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

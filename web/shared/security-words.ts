/** Describes security filters and property rules in words (the users and access control pages). */
import { t } from './i18n';

/** One template key per operator, so each condition reads as a whole phrase in every language. */
const OPERATORS: Record<string, string> = {
  '=': 'security.op.eq',
  '<>': 'security.op.ne',
  '<': 'security.op.lt',
  '<=': 'security.op.le',
  '>': 'security.op.gt',
  '>=': 'security.op.ge',
  IN: 'security.op.in',
  CONTAINS: 'security.op.contains',
  'STARTS WITH': 'security.op.startsWith',
  'ENDS WITH': 'security.op.endsWith',
  '=~': 'security.op.matches',
  'IS NULL': 'security.op.isNull',
  'IS NOT NULL': 'security.op.isNotNull',
};

/** A filter of the filter language as the API sends it (src/routes/schemas: Filter). */
type FilterLike = Record<string, unknown>;

/** One filter as a sentence fragment; null means "no restriction". */
export function describeFilter(filter: unknown): string {
  if (filter === null || filter === undefined) return t('security.noRestriction');
  if (typeof filter !== 'object') return JSON.stringify(filter);
  const f = filter as FilterLike;
  if (Array.isArray(f.and))
    return f.and.length ? `(${f.and.map(describeFilter).join(` ${t('security.and')} `)})` : t('security.everything');
  if (Array.isArray(f.or)) return f.or.length ? `(${f.or.map(describeFilter).join(` ${t('security.or')} `)})` : t('security.nothing');
  if (f.not) return t('security.not', { filter: describeFilter(f.not) });
  if (typeof f.label === 'string' && f.label) return t('security.label', { name: f.label });
  if (typeof f.type === 'string' && f.type) return t('security.type', { name: f.type });
  if (Array.isArray(f.ids)) return t('security.ids', { ids: f.ids.join(', ') });
  if (typeof f.property === 'string' && f.property) {
    const operator = typeof f.operator === 'string' ? f.operator : '';
    const values = { property: f.property, operator, value: 'value' in f ? JSON.stringify(f.value) : '' };
    return t(OPERATORS[operator] ?? 'security.op.other', values);
  }
  return JSON.stringify(filter);
}

/** Property rules ({ Label: { enabled, disabled } }) as lines. */
export function describePropertyRules(
  rules: Record<string, { enabled?: string[]; disabled?: string[] } | undefined> | null | undefined,
): string[] {
  const keys = Object.keys(rules ?? {});
  if (!keys.length) return [t('security.allVisible')];
  return keys.map((key) => {
    const rule = rules?.[key] ?? {};
    const any = key === '*';
    const values = { target: key, shown: rule.enabled?.join(', ') ?? '', hidden: rule.disabled?.join(', ') ?? '' };
    const onlyShown = Boolean(rule.enabled);
    const someHidden = Boolean(values.hidden);
    if (onlyShown && !values.shown) return t(any ? 'security.rule.any.none' : 'security.rule.none', values);
    if (onlyShown && someHidden) return t(any ? 'security.rule.any.onlyHidden' : 'security.rule.onlyHidden', values);
    if (onlyShown) return t(any ? 'security.rule.any.only' : 'security.rule.only', values);
    if (someHidden) return t(any ? 'security.rule.any.hidden' : 'security.rule.hidden', values);
    return t(any ? 'security.rule.any.all' : 'security.rule.all', values);
  });
}

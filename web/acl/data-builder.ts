/** Pickers for a group's dataSecurity: row rules (a label or type, a property condition), written into the editor's JSON. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { describeFilter } from '../shared/security-words';
import { currentObject, nextId, pickInput, pretty, type Json } from './json-text';

const OPERATORS = ['=', '<>', '<', '<=', '>', '>=', 'CONTAINS', 'STARTS WITH', 'ENDS WITH', '=~', 'IN', 'IS NULL', 'IS NOT NULL'];
const OPERATOR_KEYS: Record<string, string> = {
  '=': 'acl.op.eq',
  '<>': 'acl.op.ne',
  '<': 'acl.op.lt',
  '<=': 'acl.op.le',
  '>': 'acl.op.gt',
  '>=': 'acl.op.ge',
  CONTAINS: 'acl.op.contains',
  'STARTS WITH': 'acl.op.startsWith',
  'ENDS WITH': 'acl.op.endsWith',
  '=~': 'acl.op.matches',
  IN: 'acl.op.in',
  'IS NULL': 'acl.op.isNull',
  'IS NOT NULL': 'acl.op.isNotNull',
};

interface Rule {
  label?: string;
  type?: string;
  filter?: unknown;
  description?: string;
}

function rulesOf(value: Json): Rule[] {
  return Array.isArray(value.rules) ? (value.rules as Rule[]) : [];
}

function parseValue(text: string, operator: string): unknown {
  if (operator === 'IN') {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) throw new Error(t('acl.inList'));
    return list;
  }
  const trimmed = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  return text;
}

export function dataBuilder(textarea: HTMLTextAreaElement, onChange: () => void): HTMLElement {
  const targetId = nextId('pick');
  const target = h(
    'select',
    { id: targetId, name: 'target' },
    h('option', { value: 'label' }, t('acl.nodesWithLabel')),
    h('option', { value: 'type' }, t('acl.relationshipsOfType')),
  );
  const name = pickInput(t('acl.labelOrType'), 'acl-labels', 'name');
  const property = pickInput(t('acl.property'), 'acl-properties', 'property');
  const operatorId = nextId('pick');
  const operator = h(
    'select',
    { id: operatorId, name: 'operator' },
    OPERATORS.map((op) => h('option', { value: op }, t(OPERATOR_KEYS[op]))),
  );
  const value = pickInput(t('acl.value'), null, 'value');
  const description = pickInput(t('acl.descriptionOptional'), null, 'description');
  const error = h('p', { class: 'form-message' });
  const summary = h('ul', { class: 'rule-list' });
  target.addEventListener('change', () => name.input.setAttribute('list', target.value === 'label' ? 'acl-labels' : 'acl-types'));
  operator.addEventListener('change', () => {
    value.input.disabled = /NULL/.test(operator.value);
  });
  const current = () => currentObject(textarea);
  function write(next: Json): void {
    textarea.value = pretty(next);
    onChange();
    render();
  }
  const fail = (text: string) => {
    error.textContent = text;
    error.className = 'form-message error';
  };

  function render(): void {
    const rules = rulesOf(current());
    summary.replaceChildren();
    if (!rules.length) {
      summary.append(h('li', { class: 'muted' }, t('acl.noDataRule')));
      return;
    }
    rules.forEach((rule, index) => {
      const key = rule.label
        ? rule.description
          ? 'acl.data.nodesDescribed'
          : 'acl.data.nodes'
        : rule.description
          ? 'acl.data.relationshipsDescribed'
          : 'acl.data.relationships';
      summary.append(
        h(
          'li',
          {},
          t(key, { name: rule.label || rule.type, condition: describeFilter(rule.filter), description: rule.description || '' }),
          h(
            'button',
            {
              type: 'button',
              class: 'link',
              onclick: () => {
                const next = current();
                rulesOf(next).splice(index, 1);
                write(next);
              },
            },
            t('acl.remove'),
          ),
        ),
      );
    });
  }

  function add(): void {
    error.textContent = '';
    error.className = 'form-message';
    const kindName = name.input.value.trim();
    const prop = property.input.value.trim();
    if (!kindName || !prop) return fail(t('acl.chooseLabelAndProperty'));
    const filter: Json = { property: prop, operator: operator.value };
    if (!/NULL/.test(operator.value)) {
      try {
        filter.value = parseValue(value.input.value, operator.value);
      } catch (e) {
        return fail(t('acl.valueInvalid', { reason: (e as Error).message }));
      }
    }
    const rule: Rule = target.value === 'type' ? { type: kindName, filter } : { label: kindName, filter };
    if (description.input.value.trim()) rule.description = description.input.value.trim();
    const next = current();
    next.rules = [...rulesOf(next), rule];
    property.input.value = '';
    value.input.value = '';
    description.input.value = '';
    write(next);
  }

  textarea.addEventListener('input', render);
  render();
  return h(
    'div',
    { class: 'builder' },
    summary,
    h(
      'div',
      { class: 'picker-row' },
      h('label', { for: targetId }, t('acl.appliesTo'), target),
      name.label,
      property.label,
      h('label', { for: operatorId }, t('acl.condition'), operator),
      value.label,
      description.label,
      h('button', { type: 'button', class: 'secondary', onclick: add }, t('acl.addDataRule')),
    ),
    error,
  );
}

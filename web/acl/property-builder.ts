/** Pickers for a group's propertySecurity: per label or type, properties hidden or the only ones shown, written into the editor's JSON. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { currentObject, nextId, pickInput, pretty, type Json } from './json-text';

type Side = 'nodes' | 'relationships';
type Rule = { enabled?: string[]; disabled?: string[] };
type Rules = Record<string, Rule>;

const rulesOf = (value: Json, side: Side): Rules => (value[side] && typeof value[side] === 'object' ? (value[side] as Rules) : {});

export function propertyBuilder(textarea: HTMLTextAreaElement, onChange: () => void): HTMLElement {
  const targetId = nextId('pick');
  const target = h(
    'select',
    { id: targetId, name: 'target' },
    h('option', { value: 'nodes' }, t('acl.nodesWithLabel')),
    h('option', { value: 'relationships' }, t('acl.relationshipsOfType')),
  );
  const name = pickInput(t('acl.labelOrTypeAll'), 'acl-labels', 'name', '*');
  const property = pickInput(t('acl.property'), 'acl-properties', 'property');
  const modeId = nextId('pick');
  const mode = h(
    'select',
    { id: modeId, name: 'mode' },
    h('option', { value: 'disabled' }, t('acl.hide')),
    h('option', { value: 'enabled' }, t('acl.showOnly')),
  );
  const summary = h('ul', { class: 'rule-list' });
  target.addEventListener('change', () => name.input.setAttribute('list', target.value === 'nodes' ? 'acl-labels' : 'acl-types'));
  const side = (): Side => (target.value === 'relationships' ? 'relationships' : 'nodes');
  function write(value: Json): void {
    textarea.value = pretty(value);
    onChange();
    render();
  }

  function remove(side: Side, key: string, list: keyof Rule, property: string): void {
    const value = currentObject(textarea);
    const rules = rulesOf(value, side);
    const rule = rules[key];
    if (!rule) return;
    rule[list] = (rule[list] ?? []).filter((p) => p !== property);
    if (list === 'disabled' && !rule.disabled?.length) delete rule.disabled;
    if (!rule.enabled && !rule.disabled) delete rules[key];
    if (!Object.keys(rules).length) delete value[side];
    write(value);
  }

  function render(): void {
    const value = currentObject(textarea);
    summary.replaceChildren();
    for (const side of ['nodes', 'relationships'] as const) {
      const rules = rulesOf(value, side);
      for (const key of Object.keys(rules)) {
        for (const list of ['enabled', 'disabled'] as const) {
          for (const prop of rules[key]?.[list] ?? []) {
            const template =
              side === 'nodes'
                ? list === 'enabled'
                  ? 'acl.rule.nodesShowOnly'
                  : 'acl.rule.nodesHide'
                : list === 'enabled'
                  ? 'acl.rule.relationshipsShowOnly'
                  : 'acl.rule.relationshipsHide';
            summary.append(
              h(
                'li',
                {},
                t(template, { name: key === '*' ? t('acl.all') : key, property: prop }),
                h(
                  'button',
                  { type: 'button', class: 'link', 'aria-label': t('acl.remove'), onclick: () => remove(side, key, list, prop) },
                  t('acl.remove'),
                ),
              ),
            );
          }
          const enabled = rules[key]?.enabled;
          if (list === 'enabled' && Array.isArray(enabled) && !enabled.length) {
            summary.append(h('li', {}, t(side === 'nodes' ? 'acl.rule.nodesNone' : 'acl.rule.relationshipsNone', { name: key })));
          }
        }
      }
    }
    if (!summary.children.length) summary.append(h('li', { class: 'muted' }, t('acl.noPropertyRule')));
  }

  function add(): void {
    const key = name.input.value.trim() || '*';
    const prop = property.input.value.trim();
    if (!prop) return;
    const value = currentObject(textarea);
    const rules = rulesOf(value, side());
    value[side()] = rules;
    const rule = (rules[key] ??= {});
    const list = (rule[mode.value === 'enabled' ? 'enabled' : 'disabled'] ??= []);
    if (!list.includes(prop)) list.push(prop);
    property.input.value = '';
    write(value);
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
      h('label', { for: modeId }, t('acl.rule'), mode),
      property.label,
      h('button', { type: 'button', class: 'secondary', onclick: add }, t('acl.addPropertyRule')),
    ),
  );
}

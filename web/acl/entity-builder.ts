/** Pickers for a group's entitySecurity: the node labels and relationship types it may see, written into the editor's JSON. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { describeFilter } from '../shared/security-words';
import { currentObject, pickInput, pretty, type Json } from './json-text';

type Field = 'nodeFilter' | 'relationshipFilter';
type Key = 'label' | 'type';

/** The names a filter lists ({label} or {or: [{label}...]}); null when it is something the pickers cannot show. */
function namesOf(filter: unknown, key: Key): string[] | null {
  if (!filter || typeof filter !== 'object') return [];
  const f = filter as Json;
  if (typeof f[key] === 'string' && f[key]) return [f[key]];
  if (
    Array.isArray(f.or) &&
    f.or.every((one: unknown) => !!one && typeof (one as Json)[key] === 'string' && Object.keys(one as Json).length === 1)
  )
    return f.or.map((one: Json) => one[key] as string);
  return null;
}

export function entityBuilder(textarea: HTMLTextAreaElement, onChange: () => void): HTMLElement {
  const nodes = pickInput(t('acl.label'), 'acl-labels', 'label');
  const types = pickInput(t('acl.relationshipType'), 'acl-types', 'type');
  const summary = h('ul', { class: 'rule-list' });
  function write(value: Json): void {
    textarea.value = pretty(value);
    onChange();
    render();
  }
  function setNames(field: Field, key: Key, names: string[]): void {
    const value = currentObject(textarea);
    if (!names.length) delete value[field];
    else value[field] = names.length === 1 ? { [key]: names[0] } : { or: names.map((n) => ({ [key]: n })) };
    write(value);
  }
  function add(field: Field, key: Key, input: HTMLInputElement): void {
    const name = input.value.trim();
    if (!name) return;
    const names = namesOf(currentObject(textarea)[field], key) ?? [];
    if (!names.includes(name)) names.push(name);
    input.value = '';
    setNames(field, key, names);
  }
  function render(): void {
    const value = currentObject(textarea);
    summary.replaceChildren();
    for (const [field, key, caption] of [
      ['nodeFilter', 'label', t('acl.nodesColon')],
      ['relationshipFilter', 'type', t('acl.relationshipsColon')],
    ] as const) {
      const names = namesOf(value[field], key);
      const item = h('li', {}, h('strong', {}, caption), ' ');
      if (names === null) item.append(t('acl.editInJson', { filter: describeFilter(value[field]) }));
      else if (!names.length) item.append(t('acl.all.noRestriction'));
      else {
        for (const name of names) {
          item.append(
            h(
              'span',
              { class: 'chip' },
              t(key === 'label' ? 'security.label' : 'security.type', { name }),
              h(
                'button',
                {
                  type: 'button',
                  class: 'link',
                  'aria-label': t('acl.removeName', { name }),
                  onclick: () =>
                    setNames(
                      field,
                      key,
                      names.filter((n) => n !== name),
                    ),
                },
                '×',
              ),
            ),
          );
        }
      }
      summary.append(item);
    }
  }
  textarea.addEventListener('input', render);
  render();
  return h(
    'div',
    { class: 'builder' },
    h('p', { class: 'muted small' }, t('acl.entityHint')),
    summary,
    h(
      'div',
      { class: 'picker-row' },
      nodes.label,
      h('button', { type: 'button', class: 'secondary', onclick: () => add('nodeFilter', 'label', nodes.input) }, t('acl.addLabel')),
    ),
    h(
      'div',
      { class: 'picker-row' },
      types.label,
      h('button', { type: 'button', class: 'secondary', onclick: () => add('relationshipFilter', 'type', types.input) }, t('acl.addType')),
    ),
  );
}

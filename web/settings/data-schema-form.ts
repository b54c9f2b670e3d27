/** The DATA_SCHEMA setting as a form: per label or type and property, title, data type, role, format and input restrictions. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { field, frame, removeButton, type SettingEditor } from './form-kit';

const DATA_TYPES = ['string', 'integer', 'float', 'boolean', 'date', 'datetime', 'time', 'duration', 'point', 'list'];
const ROLES = ['', 'title', 'subtitle', 'uid', 'description', 'image', 'none'];
const ROLE_KEYS: Record<string, string> = {
  '': 'settingsForms.role.none',
  title: 'settingsForms.role.title',
  subtitle: 'settingsForms.role.subtitle',
  uid: 'settingsForms.role.uid',
  description: 'settingsForms.role.description',
  image: 'settingsForms.role.image',
  none: 'settingsForms.role.hidden',
};

type Scalar = string | number | boolean;
type Description = Record<string, Scalar | Scalar[] | undefined> & { dataType?: string };
type Side = 'nodes' | 'relationships';
type DataSchema = Record<Side, Record<string, Record<string, Description>>>;

export const dataSchemaForm: SettingEditor = (textarea, onChange) =>
  frame<DataSchema>(
    textarea,
    onChange,
    () => ({ nodes: {}, relationships: {} }),
    (value, write) => {
      value.nodes = value.nodes || {};
      value.relationships = value.relationships || {};
      const problems = h('p', { class: 'form-message' });
      const say = (text: string) => {
        problems.textContent = text;
        problems.className = `form-message${text ? ' error' : ''}`;
      };

      function propertyRow(side: Side, owner: string, name: string): HTMLTableRowElement {
        const p = value[side][owner][name];
        const set = (key: string, v: Scalar | Scalar[] | undefined) => {
          if (v === '' || v === false || v === undefined) delete p[key];
          else p[key] = v;
          write(value, false);
        };
        const shown = (key: string) => (p[key] === undefined ? '' : String(p[key]));
        function text(key: string, size: string, labelKey: string): HTMLInputElement {
          const input = h('input', { value: shown(key), size, 'aria-label': t(labelKey, { name }) });
          input.addEventListener('change', () => set(key, input.value.trim()));
          return input;
        }
        function bound(key: 'min' | 'max'): HTMLInputElement {
          const input = h('input', {
            value: shown(key),
            size: '8',
            'aria-label': t(key === 'min' ? 'settingsForms.smallestOf' : 'settingsForms.largestOf', { name }),
          });
          input.addEventListener('change', () => {
            const raw = input.value.trim();
            if (!raw) return set(key, undefined);
            if (p.dataType === 'integer' || p.dataType === 'float') {
              const n = Number(raw);
              if (!Number.isFinite(n)) return say(t(key === 'min' ? 'settingsForms.minNumber' : 'settingsForms.maxNumber', { name }));
              set(key, n);
            } else if (p.dataType === 'date' || p.dataType === 'datetime') {
              if (Number.isNaN(Date.parse(raw))) return say(t(key === 'min' ? 'settingsForms.minDate' : 'settingsForms.maxDate', { name }));
              set(key, raw);
            } else set(key, raw);
            const { min, max } = p;
            if (min !== undefined && max !== undefined && typeof min === typeof max && min > max)
              say(t('settingsForms.minAboveMax', { name }));
            else say('');
          });
          return input;
        }
        const check = (key: string, labelKey: string) =>
          h('input', {
            type: 'checkbox',
            checked: Boolean(p[key]),
            'aria-label': t(labelKey, { name }),
            onchange: (event: Event) => set(key, (event.target as HTMLInputElement).checked),
          });
        const type = h(
          'select',
          { 'aria-label': t('settingsForms.dataTypeOf', { name }) },
          DATA_TYPES.map((d) => h('option', { value: d, selected: p.dataType === d }, d)),
        );
        type.addEventListener('change', () => {
          p.dataType = type.value;
          write(value, false);
        });
        const role = h(
          'select',
          { 'aria-label': t('settingsForms.roleOf', { name }) },
          ROLES.map((r) => h('option', { value: r, selected: (p.role || '') === r }, t(ROLE_KEYS[r]))),
        );
        role.addEventListener('change', () => set('role', role.value));
        const allowed = h('input', {
          value: Array.isArray(p.allowedValues) ? p.allowedValues.join(', ') : '',
          size: '14',
          'aria-label': t('settingsForms.allowedOf', { name }),
          placeholder: 'a, b, c',
        });
        allowed.addEventListener('change', () => {
          const numeric = p.dataType === 'integer' || p.dataType === 'float';
          const values = allowed.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map((s): Scalar => (numeric && Number.isFinite(Number(s)) ? Number(s) : p.dataType === 'boolean' ? s === 'true' : s));
          set('allowedValues', values.length ? values : undefined);
        });
        const maxLength = h('input', {
          type: 'number',
          min: '0',
          value: shown('maxLength'),
          'aria-label': t('settingsForms.longestOf', { name }),
          style: 'width:5rem',
        });
        maxLength.addEventListener('change', () =>
          set('maxLength', maxLength.value === '' ? undefined : Math.max(0, Math.floor(Number(maxLength.value)))),
        );
        return h(
          'tr',
          { 'data-owner': owner, 'data-property': name },
          h(
            'th',
            { scope: 'row' },
            t('settingsForms.ownerProperty', { owner: owner === '*' ? t('settingsForms.allOwners') : owner, property: name }),
          ),
          h('td', {}, text('title', '12', 'settingsForms.titleOf')),
          h('td', {}, type),
          h('td', {}, role),
          h('td', {}, text('format', '8', 'settingsForms.formatOf')),
          h('td', {}, check('hidden', 'settingsForms.hiddenOf')),
          h('td', {}, check('mandatory', 'settingsForms.mandatoryOf')),
          h('td', {}, check('readOnly', 'settingsForms.readOnlyOf')),
          h('td', {}, bound('min')),
          h('td', {}, bound('max')),
          h('td', {}, maxLength),
          h('td', {}, allowed),
          h(
            'td',
            {},
            removeButton(t('acl.remove'), () => {
              const owned = value[side][owner];
              delete owned[name];
              if (!Object.keys(owned).length) delete value[side][owner];
              write(value);
            }),
          ),
        );
      }

      function table(side: Side, caption: string): HTMLElement {
        const rows: HTMLTableRowElement[] = [];
        for (const owner of Object.keys(value[side]).sort()) {
          for (const name of Object.keys(value[side][owner] ?? {}).sort()) rows.push(propertyRow(side, owner, name));
        }
        const headings = [
          t('acl.property'),
          t('settingsForms.title'),
          t('settingsForms.dataType'),
          t('settingsForms.role'),
          t('settingsForms.format'),
          t('settingsForms.hidden'),
          t('settingsForms.mandatory'),
          t('settingsForms.readOnly'),
          'Min',
          'Max',
          t('settingsForms.maxLength'),
          t('settingsForms.allowedValues'),
          '',
        ];
        return h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { class: 'grid compact', 'data-side': side },
            h('caption', {}, caption),
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                headings.map((heading) => h('th', { scope: 'col' }, heading)),
              ),
            ),
            h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: '13', class: 'muted' }, t('settingsForms.noProperty')))),
          ),
        );
      }

      const side = h(
        'select',
        {},
        h('option', { value: 'nodes' }, t('acl.nodesWithLabel')),
        h('option', { value: 'relationships' }, t('acl.relationshipsOfType')),
      );
      const owner = h('input', { list: 'settings-labels', size: '12', value: '*' });
      const property = h('input', { list: 'settings-properties', size: '12' });
      side.addEventListener('change', () => owner.setAttribute('list', side.value === 'nodes' ? 'settings-labels' : 'settings-types'));
      return h(
        'div',
        {},
        h('p', { class: 'muted small' }, t('settingsForms.schemaHint')),
        table('nodes', t('users.nodeProperties')),
        table('relationships', t('users.relationshipProperties')),
        h(
          'div',
          { class: 'picker-row' },
          field(t('settingsForms.for'), side),
          field(t('acl.labelOrType'), owner),
          field(t('acl.property'), property),
          h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              onclick: () => {
                const o = owner.value.trim() || '*';
                const n = property.value.trim();
                if (!n) return say(t('settingsForms.chooseProperty'));
                const chosen: Side = side.value === 'nodes' ? 'nodes' : 'relationships';
                const owned = (value[chosen][o] ??= {});
                if (!owned[n]) owned[n] = { dataType: 'string' };
                write(value);
              },
            },
            t('settingsForms.describe'),
          ),
        ),
        problems,
      );
    },
  );

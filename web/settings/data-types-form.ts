/** The DATA_TYPES (visible labels and types, uid properties) and FULLTEXT_INDEX (indexed labels and properties) settings as forms. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { field, frame, nameList, removeButton, type SettingEditor } from './form-kit';

interface DataTypes {
  nodeLabels: string[];
  relationshipTypes: string[];
  uid: { nodes: Record<string, string>; relationships: Record<string, string> };
}

export const dataTypesForm: SettingEditor = (textarea, onChange) =>
  frame<DataTypes>(
    textarea,
    onChange,
    () => ({ nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } }),
    (value, write) => {
      value.nodeLabels = Array.isArray(value.nodeLabels) ? value.nodeLabels : ['*'];
      value.relationshipTypes = Array.isArray(value.relationshipTypes) ? value.relationshipTypes : ['*'];
      value.uid = value.uid || { nodes: {}, relationships: {} };
      value.uid.nodes = value.uid.nodes || {};
      value.uid.relationships = value.uid.relationships || {};
      const warning =
        !value.nodeLabels.length || !value.relationshipTypes.length
          ? h('p', { class: 'form-message error' }, t('settingsForms.emptyList'))
          : null;
      const uidRows: HTMLElement[] = [];
      for (const side of ['nodes', 'relationships'] as const) {
        for (const name of Object.keys(value.uid[side]).sort()) {
          uidRows.push(
            h(
              'li',
              {},
              t(side === 'nodes' ? 'settingsForms.uidLabel' : 'settingsForms.uidType', { name, property: value.uid[side][name] }),
              ' ',
              removeButton(t('acl.remove'), () => {
                delete value.uid[side][name];
                write(value);
              }),
            ),
          );
        }
      }
      const uidSide = h(
        'select',
        {},
        h('option', { value: 'nodes' }, t('acl.label')),
        h('option', { value: 'relationships' }, t('acl.preview.type')),
      );
      const uidName = h('input', { list: 'settings-labels', size: '12' });
      const uidProperty = h('input', { list: 'settings-properties', size: '12' });
      uidSide.addEventListener('change', () =>
        uidName.setAttribute('list', uidSide.value === 'nodes' ? 'settings-labels' : 'settings-types'),
      );
      return h(
        'div',
        {},
        h('p', { class: 'muted small' }, t('settingsForms.dataTypesHint')),
        nameList(t('settingsForms.visibleLabels'), value.nodeLabels, 'settings-labels', true, (names) => {
          value.nodeLabels = names;
          write(value);
        }),
        nameList(t('settingsForms.visibleTypes'), value.relationshipTypes, 'settings-types', true, (names) => {
          value.relationshipTypes = names;
          write(value);
        }),
        warning,
        h(
          'fieldset',
          {},
          h('legend', {}, t('settingsForms.uidLegend')),
          h('ul', { class: 'rule-list' }, uidRows.length ? uidRows : h('li', { class: 'muted' }, t('acl.none'))),
          h(
            'div',
            { class: 'picker-row' },
            field(t('settingsForms.for'), uidSide),
            field(t('common.name'), uidName),
            field(t('acl.property'), uidProperty),
            h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                onclick: () => {
                  const name = uidName.value.trim();
                  const property = uidProperty.value.trim();
                  if (!name || !property) return;
                  value.uid[uidSide.value === 'nodes' ? 'nodes' : 'relationships'][name] = property;
                  write(value);
                },
              },
              t('settingsForms.set'),
            ),
          ),
        ),
      );
    },
  );

interface Fulltext {
  labels: string[];
  properties: string[];
}

export const fulltextForm: SettingEditor = (textarea, onChange) =>
  frame<Fulltext>(
    textarea,
    onChange,
    () => ({ labels: [], properties: [] }),
    (value, write) => {
      value.labels = Array.isArray(value.labels) ? value.labels : [];
      value.properties = Array.isArray(value.properties) ? value.properties : [];
      return h(
        'div',
        {},
        h('p', { class: 'muted small' }, t('settingsForms.fulltextHint')),
        nameList(t('settingsForms.indexedLabels'), value.labels, 'settings-labels', false, (names) => {
          value.labels = names;
          write(value);
        }),
        nameList(t('settingsForms.indexedProperties'), value.properties, 'settings-properties', false, (names) => {
          value.properties = names;
          write(value);
        }),
        value.labels.length > 0 !== value.properties.length > 0
          ? h('p', { class: 'form-message error' }, t('settingsForms.bothOrNone'))
          : null,
      );
    },
  );

/** The APPEARANCE setting as a form: a colour and a caption property per node label, a colour per relationship type. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { field, frame, hexOf, isColour, removeButton, type SettingEditor } from './form-kit';

interface Appearance {
  nodeCaptions: Record<string, string>;
  colors: Record<string, string>;
  relationshipColors: Record<string, string>;
}

export const appearanceForm: SettingEditor = (textarea, onChange) =>
  frame<Appearance>(
    textarea,
    onChange,
    () => ({ nodeCaptions: {}, colors: {}, relationshipColors: {} }),
    (value, write) => {
      value.nodeCaptions = value.nodeCaptions || {};
      value.colors = value.colors || {};
      value.relationshipColors = value.relationshipColors || {};
      const problems = h('p', { class: 'form-message' });
      function colourInputs(map: Record<string, string>, key: string, name: string): HTMLElement {
        const text = h('input', {
          value: map[key] || '',
          size: '10',
          'aria-label': t('settingsForms.colourOf', { name }),
          placeholder: '#4e79a7',
        });
        const picker = h('input', { type: 'color', value: hexOf(map[key] || ''), 'aria-label': t('settingsForms.pickColour', { name }) });
        picker.addEventListener('input', () => {
          text.value = picker.value;
          map[key] = picker.value;
          write(value, false);
        });
        text.addEventListener('change', () => {
          const colour = text.value.trim();
          if (colour && !isColour(colour)) {
            problems.textContent = t('settingsForms.notColour', { value: colour });
            problems.className = 'form-message error';
            return;
          }
          problems.textContent = '';
          problems.className = 'form-message';
          if (colour) map[key] = colour;
          else delete map[key];
          write(value);
        });
        return h('span', { class: 'colour-inputs' }, picker, ' ', text);
      }
      const labels = [...new Set([...Object.keys(value.colors), ...Object.keys(value.nodeCaptions)])].sort();
      const types = Object.keys(value.relationshipColors).sort();
      const labelRows = labels.map((label) => {
        const caption = h('input', {
          list: 'settings-properties',
          value: value.nodeCaptions[label] || '',
          size: '12',
          'aria-label': t('settingsForms.captionOf', { label }),
        });
        caption.addEventListener('change', () => {
          const property = caption.value.trim();
          if (property) value.nodeCaptions[label] = property;
          else delete value.nodeCaptions[label];
          write(value);
        });
        return h(
          'tr',
          { 'data-label': label },
          h('th', { scope: 'row' }, label),
          h('td', {}, colourInputs(value.colors, label, label)),
          h('td', {}, caption),
          h(
            'td',
            {},
            removeButton(t('acl.remove'), () => {
              delete value.colors[label];
              delete value.nodeCaptions[label];
              write(value);
            }),
          ),
        );
      });
      const typeRows = types.map((type) =>
        h(
          'tr',
          { 'data-type': type },
          h('th', { scope: 'row' }, type),
          h('td', {}, colourInputs(value.relationshipColors, type, type)),
          h(
            'td',
            {},
            removeButton(t('acl.remove'), () => {
              delete value.relationshipColors[type];
              write(value);
            }),
          ),
        ),
      );
      const newLabel = h('input', { list: 'settings-labels', size: '14' });
      const newType = h('input', { list: 'settings-types', size: '14' });
      const actionsHeading = () => h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('common.actions')));
      return h(
        'div',
        {},
        h('p', { class: 'muted small' }, t('settingsForms.appearanceHint')),
        h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { class: 'grid compact' },
            h('caption', {}, t('settingsForms.nodeLabels')),
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                h('th', { scope: 'col' }, t('acl.label')),
                h('th', { scope: 'col' }, t('settingsForms.colour')),
                h('th', { scope: 'col' }, t('settingsForms.captionProperty')),
                actionsHeading(),
              ),
            ),
            h(
              'tbody',
              {},
              labelRows.length ? labelRows : h('tr', {}, h('td', { colspan: '4', class: 'muted' }, t('settingsForms.noLabel'))),
            ),
          ),
        ),
        h(
          'div',
          { class: 'picker-row' },
          field(t('acl.label'), newLabel),
          h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              onclick: () => {
                const label = newLabel.value.trim();
                if (!label) return;
                if (!value.colors[label]) value.colors[label] = '#4e79a7';
                write(value);
              },
            },
            t('acl.addLabel'),
          ),
        ),
        h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { class: 'grid compact' },
            h('caption', {}, t('settingsForms.relationshipTypes')),
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                h('th', { scope: 'col' }, t('acl.preview.type')),
                h('th', { scope: 'col' }, t('settingsForms.colour')),
                actionsHeading(),
              ),
            ),
            h('tbody', {}, typeRows.length ? typeRows : h('tr', {}, h('td', { colspan: '3', class: 'muted' }, t('settingsForms.noType')))),
          ),
        ),
        h(
          'div',
          { class: 'picker-row' },
          field(t('acl.relationshipType'), newType),
          h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              onclick: () => {
                const type = newType.value.trim();
                if (!type) return;
                if (!value.relationshipColors[type]) value.relationshipColors[type] = '#999999';
                write(value);
              },
            },
            t('acl.addType'),
          ),
        ),
        problems,
      );
    },
  );

/**
 * The frame of the settings page's form editors. Each editor shows one setting's JSON (in the textarea
 * it is given) as fields, and writes every change back into that JSON: the JSON stays the value that
 * is saved, the form is a view of it. Pickers offer the labels, types and property keys of the graph
 * (the page's datalists settings-labels, settings-types, settings-properties).
 */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';

/** Builds an editor for a setting's textarea; onChange tells the page the JSON changed. */
export type SettingEditor = (textarea: HTMLTextAreaElement, onChange: () => void) => HTMLElement;
/** Writes the value back as JSON; rerender false keeps the fields (and the focus) as they are. */
export type Write<T> = (next: T, rerender?: boolean) => void;

let uid = 0;

function read<T>(textarea: HTMLTextAreaElement, fallback: T): T | null {
  try {
    const value: unknown = JSON.parse(textarea.value);
    // The JSON is the user's to edit: the editors fill in what a shape lacks before they read it.
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : fallback;
  } catch {
    return null;
  }
}

/** A labelled control. */
export function field(text: string, input: HTMLElement): HTMLLabelElement {
  if (!input.id) input.id = `sf-${++uid}`;
  return h('label', { for: input.id }, text, input);
}

export function isColour(value: string): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', value) : /^#[0-9a-f]{3,8}$/i.test(value);
}

/** #rgb / #rrggbb for the colour picker; other CSS colours stay in the text field. */
export function hexOf(value: string): string {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  if (/^#[0-9a-f]{3}$/i.test(value))
    return `#${value
      .slice(1)
      .split('')
      .map((c) => c + c)
      .join('')}`;
  return '#888888';
}

/**
 * The common frame: renders the fields from the JSON, rewrites the JSON on change, re-renders when
 * the JSON is edited by hand or loaded (default / automatic). Invalid JSON disables the form.
 */
export function frame<T>(
  textarea: HTMLTextAreaElement,
  onChange: () => void,
  fallback: () => T,
  build: (value: T, write: Write<T>) => Node,
): HTMLElement {
  const box = h('div', { class: 'setting-form' });
  function render(): void {
    const value = read(textarea, fallback());
    if (value === null) {
      box.replaceChildren(h('p', { class: 'muted' }, t('settingsForms.invalidJson')));
      return;
    }
    box.replaceChildren(
      build(value, (next, rerender) => {
        textarea.value = JSON.stringify(next, null, 2);
        onChange();
        if (rerender !== false) render();
      }),
    );
  }
  textarea.addEventListener('input', render);
  textarea.addEventListener('setting-loaded', render);
  render();
  return box;
}

export function removeButton(text: string, onclick: () => void): HTMLButtonElement {
  return h('button', { type: 'button', class: 'link', onclick }, text);
}

/** A list of names as chips, with an input (and datalist) to add one; '*' may mean "all". */
export function nameList(
  caption: string,
  names: string[],
  list: string,
  allowAll: boolean,
  write: (names: string[]) => void,
): HTMLFieldSetElement {
  const input = h('input', { list, autocomplete: 'off', size: '16' });
  const all = allowAll && names.includes('*');
  const chips = all
    ? [h('span', { class: 'chip' }, t('settingsForms.allChip'))]
    : names.map((name) =>
        h(
          'span',
          { class: 'chip', 'data-name': name },
          name,
          ' ',
          h(
            'button',
            {
              type: 'button',
              class: 'link',
              'aria-label': t('acl.removeName', { name }),
              onclick: () => write(names.filter((n) => n !== name)),
            },
            '×',
          ),
        ),
      );
  const allBox = allowAll
    ? h(
        'label',
        { class: 'check' },
        h('input', {
          type: 'checkbox',
          checked: all,
          onchange: (event: Event) => write((event.target as HTMLInputElement).checked ? ['*'] : []),
        }),
        ` ${t('settingsForms.allCheck')}`,
      )
    : null;
  return h(
    'fieldset',
    { class: 'name-list' },
    h('legend', {}, caption),
    h('div', { class: 'chips' }, chips.length ? chips : h('span', { class: 'muted' }, t('common.none'))),
    allBox,
    all
      ? null
      : h(
          'div',
          { class: 'picker-row' },
          field(t('settingsForms.add'), input),
          h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              onclick: () => {
                const name = input.value.trim();
                if (name && !names.includes(name)) write([...names, name]);
              },
            },
            t('settingsForms.add'),
          ),
        ),
  );
}

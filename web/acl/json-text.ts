/** The access control editors' JSON text: read, written back pretty, and a labelled picker input. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';

export type Json = Record<string, unknown>;

export function pretty(value: unknown): string {
  return JSON.stringify(value === undefined || value === null ? {} : value, null, 2);
}

export function readJson(textarea: HTMLTextAreaElement): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(textarea.value || '{}') as unknown };
  } catch (error) {
    return { error: t('settings.notJson', { reason: (error as Error).message }) };
  }
}

/** The editor's JSON as an object to change ({} when it is not one: the raw JSON shows the problem). */
export function currentObject(textarea: HTMLTextAreaElement): Json {
  const read = readJson(textarea);
  return read.error || !read.value || typeof read.value !== 'object' || Array.isArray(read.value) ? {} : (read.value as Json);
}

let uid = 0;
export function nextId(prefix: string): string {
  uid += 1;
  return `${prefix}-${uid}`;
}

/** A labelled input offering a datalist (labels, types or properties), free text allowed. */
export function pickInput(
  text: string,
  list: string | null,
  name: string,
  value?: string,
): { input: HTMLInputElement; label: HTMLLabelElement } {
  const id = nextId('pick');
  const input = h('input', { id, name, list, autocomplete: 'off', size: '14', value });
  return { input, label: h('label', { for: id }, text, input) };
}

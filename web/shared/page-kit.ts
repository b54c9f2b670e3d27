/** What the server-rendered pages' scripts share: elements by id, status messages, form values, dates and numbers as text. */
import { formatDate, formatNumber } from './i18n';

/** The element with `id`; a page whose template lacks it is a bug worth a clear error. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** The first element matching `selector` inside `root`, or an error naming it. */
export function one<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const element = root.querySelector(selector);
  if (!element) throw new Error(`the page has no ${selector}`);
  return element as T;
}

/** Shows a message in a status region; kind 'ok' or 'error' (an error is an alert for screen readers). */
export function showStatus(region: HTMLElement | null, message: string, kind: 'ok' | 'error' = 'ok'): void {
  if (!region) return;
  region.textContent = message || '';
  region.className = `status${message ? ` ${kind}` : ''}`;
  region.setAttribute('role', kind === 'error' ? 'alert' : 'status');
}

/** A form's fields by name (text values; the last one when a name repeats; files left out). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/** The values of the checked checkboxes named `name` inside `container`. */
export function checkedValues(container: ParentNode, name: string): string[] {
  return Array.from(container.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]:checked`), (input) => input.value);
}

/** The named control of a form (input, select or textarea). */
export function field<T extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement = HTMLInputElement>(
  form: HTMLFormElement,
  name: string,
): T {
  const control = form.elements.namedItem(name);
  if (!control) throw new Error(`the form ${form.id || ''} has no field ${name}`);
  return control as T;
}

/** The words of an error for the page (an ApiError's message is the problem's detail). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A date and time in the page's language; empty for no date. */
export function dateText(value: string | number | Date | null | undefined): string {
  return value === null || value === undefined || value === '' ? '' : formatDate(value);
}

/** A number in the page's language; empty for none, the text itself for text that is no number. */
export function numberText(value: number | bigint | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && !Number.isFinite(number) ? String(value) : formatNumber(number);
}

/** Runs a page's start-up once the document is parsed (the bundles load with defer, so usually at once). */
export function onReady(start: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

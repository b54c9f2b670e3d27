/** The jobs page's form: a job's fields per type, filled from a job and read back into the API's body, with issues shown under their fields. */
import { ApiError, type JsonBody, type Schemas } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';

type Job = Schemas['Job'];
type Control = HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement;
export type JobBody = Omit<JsonBody<'postJobs'>, 'name'>;
export interface JobType {
  type: string;
  title: string;
  description: string;
}
interface Issue {
  path?: string;
  message: string;
}

/** A field that does not parse (JSON), reported like the server's validation issues. */
class FieldError extends Error {
  constructor(
    readonly path: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const list = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
function pairs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}
const pairsText = (object: unknown) =>
  Object.entries((object ?? {}) as Record<string, unknown>)
    .map(([k, v]) => `${k} = ${String(v)}`)
    .join('\n');
const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export class JobForm {
  readonly types: JobType[];

  constructor(
    readonly form: HTMLFormElement,
    private readonly formError: HTMLElement,
    private readonly typeDescription: HTMLElement,
  ) {
    this.types = JSON.parse(form.dataset.types || '[]') as JobType[];
  }

  field(name: string): Control {
    const control = this.form.elements.namedItem(name);
    if (!control) throw new Error(`the job form has no field ${name}`);
    return control as Control;
  }

  typeOf(name: string): JobType {
    return this.types.find((type) => type.type === name) ?? { type: name, title: name, description: '' };
  }

  private json(name: string, label: string): unknown {
    const value = this.field(name).value.trim();
    if (!value) return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch (error) {
      throw new FieldError(this.field(name).dataset.path, t(label, { reason: (error as Error).message }));
    }
  }

  showType(): void {
    const type = this.field('type').value;
    for (const set of this.form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-type]'))
      set.hidden = !(set.dataset.type ?? '').split(' ').includes(type);
    this.typeDescription.textContent = this.typeOf(type).description;
  }

  private config(type: string): Record<string, unknown> {
    const f = (name: string) => this.field(name);
    if (type === 'cypher') {
      const statements = f('statements')
        .value.split(/\n\s*;\s*(?:\n|$)/)
        .map((s) => s.trim().replace(/;\s*$/, ''))
        .filter(Boolean);
      const parameters = this.json('parameters', 'jobs.parametersNotJson');
      return parameters === undefined ? { statements } : { statements, parameters };
    }
    if (type === 'import') {
      const mapping: Record<string, unknown> = { label: f('importLabel').value.trim() };
      const columns = pairs(f('importColumns').value);
      const typesOf = pairs(f('importTypes').value);
      if (Object.keys(columns).length) mapping.columns = columns;
      if (Object.keys(typesOf).length) mapping.types = typesOf;
      return { file: f('importFile').value.trim(), mapping };
    }
    if (type === 'reindex') return {};
    const config: Record<string, unknown> = {};
    const labels = list(f('labels').value);
    if (labels.length) config.labels = labels;
    if (f('text').value.trim()) config.text = f('text').value.trim();
    const filter = this.json('filter', 'jobs.filterNotJson');
    if (filter !== undefined) config.filter = filter;
    if (type === 'alert') {
      if (f('cypher').value.trim()) config.cypher = f('cypher').value.trim();
      config.recipients = list(f('recipients').value);
      if (f('subject').value.trim()) config.subject = f('subject').value.trim();
      if (f('maxMatches').value) config.maxMatches = Number(f('maxMatches').value);
    } else {
      const properties = list(f('properties').value);
      if (properties.length) config.properties = properties;
      config.file = f('exportFile').value.trim();
      if (f('timestamped').checked) config.timestamped = true;
    }
    return config;
  }

  /** The body for POST /jobs or PUT /jobs/{name}; null when a field does not parse (its issue is shown). */
  body(): JobBody | null {
    const f = (name: string) => this.field(name);
    const type = f('type').value as JobBody['type'];
    try {
      return {
        type,
        description: f('description').value.trim(),
        config: this.config(type),
        schedule: f('schedule').value.trim() || null,
        timeZone: f('timeZone').value.trim() || null,
        enabled: f('enabled').checked,
      };
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      this.showIssues([{ path: error.path, message: error.message }], error.message);
      return null;
    }
  }

  fill(job: Job): void {
    const f = (name: string) => this.field(name);
    this.form.reset();
    f('name').value = job.name;
    f('type').value = job.type;
    f('description').value = job.description || '';
    f('schedule').value = job.schedule ?? '';
    f('timeZone').value = job.timeZone ?? '';
    f('enabled').checked = job.enabled;
    const c = (job.config ?? {}) as Record<string, unknown>;
    const mapping = (c.mapping ?? {}) as Record<string, unknown>;
    if (job.type === 'cypher') {
      f('statements').value = strings(c.statements).join('\n;\n');
      f('parameters').value = c.parameters && Object.keys(c.parameters).length ? JSON.stringify(c.parameters) : '';
    } else if (job.type === 'import') {
      f('importFile').value = text(c.file);
      f('importLabel').value = text(mapping.label);
      f('importColumns').value = pairsText(mapping.columns);
      f('importTypes').value = pairsText(mapping.types);
    } else if (job.type === 'alert' || job.type === 'export') {
      f('labels').value = strings(c.labels).join(', ');
      f('text').value = text(c.text);
      f('filter').value = c.filter ? JSON.stringify(c.filter) : '';
      if (job.type === 'alert') {
        f('cypher').value = text(c.cypher);
        f('recipients').value = strings(c.recipients).join(', ');
        f('subject').value = text(c.subject);
        f('maxMatches').value = typeof c.maxMatches === 'number' || typeof c.maxMatches === 'string' ? String(c.maxMatches || '') : '';
      } else {
        f('exportFile').value = text(c.file);
        f('properties').value = strings(c.properties).join(', ');
        f('timestamped').checked = Boolean(c.timestamped);
      }
    }
    this.showType();
  }

  clearErrors(): void {
    this.formError.hidden = true;
    this.formError.textContent = '';
    for (const node of this.form.querySelectorAll('.field-error')) node.remove();
    for (const node of this.form.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
  }

  /** Puts each issue under its field (the deepest visible field whose data-path starts the issue's path). */
  showIssues(issues: Issue[], message: string): void {
    this.formError.textContent = message;
    this.formError.hidden = false;
    for (const issue of issues) {
      const path = String(issue.path ?? '').replace(/^body\./, '');
      let target: HTMLElement | null = null;
      for (const input of this.form.querySelectorAll<HTMLElement>('[data-path]')) {
        if (input.closest('fieldset')?.hidden) continue;
        const p = input.dataset.path ?? '';
        if ((path === p || path.startsWith(`${p}.`)) && (!target || p.length > (target.dataset.path ?? '').length)) target = input;
      }
      if (!target) continue;
      target.setAttribute('aria-invalid', 'true');
      (target.closest('label') ?? target.parentElement)?.append(h('span', { class: 'field-error error', role: 'alert' }, issue.message));
    }
  }

  /** The server's refusal under the fields it names. */
  showRefusal(error: unknown): void {
    const issues = error instanceof ApiError && Array.isArray(error.problem?.issues) ? error.problem.issues : [];
    this.showIssues(issues, error instanceof Error ? error.message : String(error));
  }
}

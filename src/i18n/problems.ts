import { messagesOf, fill, type Locale } from './i18n';

/**
 * Problem details in the request's language. Services keep throwing English messages (the source
 * language, also what logs and the audit trail read); here the English `detail` of a problem is
 * matched against the English templates of its code in the server catalog (`error.<CODE>` and
 * `error.<CODE>.<variant>`, placeholders `{name}` match any text), and the same key's template of
 * the target locale is filled with what the placeholders matched. A detail no template matches
 * stays English. The `code` never changes.
 */
interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
  literalLength: number;
}

let templatesByCode: Map<string, Template[]> | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(key: string, english: string): Template {
  const names: string[] = [];
  let source = '';
  let literalLength = 0;
  let last = 0;
  for (const match of english.matchAll(/\{(\w+)\}/g)) {
    const literal = english.slice(last, match.index);
    source += escapeRegExp(literal);
    literalLength += literal.length;
    names.push(match[1]);
    source += '([\\s\\S]*?)';
    last = match.index + match[0].length;
  }
  const tail = english.slice(last);
  source += escapeRegExp(tail);
  literalLength += tail.length;
  return { key, pattern: new RegExp(`^${source}$`), names, literalLength };
}

function templates(): Map<string, Template[]> {
  if (templatesByCode) return templatesByCode;
  templatesByCode = new Map();
  for (const [key, english] of Object.entries(messagesOf('server', 'en'))) {
    const match = /^error\.([A-Z0-9_]+)(?:\.|$)/.exec(key);
    if (!match) continue;
    const list = templatesByCode.get(match[1]) ?? [];
    list.push(compile(key, english));
    templatesByCode.set(match[1], list);
  }
  // The most specific template (most literal text) wins when several match.
  for (const list of templatesByCode.values()) list.sort((a, b) => b.literalLength - a.literalLength);
  return templatesByCode;
}

/** Forgets the compiled templates (after reloadCatalogs()). */
export function resetProblemTemplates(): void {
  templatesByCode = undefined;
}

/** Names of things that appear inside messages ("User 7 not found"), translated when the catalog has `thing.<English>`. */
function translateParam(locale: Locale, value: string): string {
  const thing = messagesOf('server', locale)[`thing.${value}`];
  if (thing !== undefined) return thing;
  // A permission code reads as its name in the locale, with the code for reference.
  const permission = /^[A-Z][A-Z_]+$/.test(value) ? messagesOf('pages', locale)[`permission.${value}.name`] : undefined;
  return permission !== undefined ? `„${permission}“ (${value})` : value;
}

/** The detail of a problem with this code in the locale; undefined when no template of the code matches. */
export function localizeDetail(code: string, detail: string, locale: Locale): string | undefined {
  if (locale === 'en') return detail;
  const list = templates().get(code);
  if (!list) return undefined;
  const target = messagesOf('server', locale);
  for (const template of list) {
    const match = template.pattern.exec(detail);
    if (!match) continue;
    const params: Record<string, string> = {};
    template.names.forEach((name, index) => {
      params[name] = translateParam(locale, match[index + 1] ?? '');
    });
    return fill(target[template.key] ?? detail, params);
  }
  return undefined;
}

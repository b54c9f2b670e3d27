import type { Visibility } from '../settings/settings-view';

/**
 * Names of labels, relationship types and properties in the details of configuration events,
 * read through the reader's Visibility (the one GET /settings uses, settings-view.ts).
 *
 * The events: group.entitySecurity.set, group.propertySecurity.set, group.dataSecurity.set
 * (details { name, previous, <kind> }), settings.update and fulltext.configure (details
 * { type, value }). They are not about one graph element, so audit-scope.ts shows them to every
 * auditor; a reader whose scope hides a label, type or property must still not learn its name.
 *
 * Rule (one for all these events): a hidden name where it is a value - an item of a list of names,
 * the label, type or property of a filter condition, the property a label's uid or caption names -
 * reads "(hidden)" (several hidden items of one list read as one "(hidden)", so no count leaks); a
 * filter condition on a hidden property also shows "(hidden)" for the compared value. An entry
 * keyed by a hidden name (a property rule for a hidden label, a DATA_SCHEMA entry, a colour) is
 * left out, as GET /settings leaves it out. '*' names nothing and is always kept. Free text that
 * belongs to a hidden label's or type's rule (a data-security rule's description) is left out.
 */

export const HIDDEN_NAME = '(hidden)';

const GROUP_ACTIONS = ['group.entitySecurity.set', 'group.propertySecurity.set', 'group.dataSecurity.set'];
const SETTING_ACTIONS = ['settings.update', 'fulltext.configure'];

/** Events whose details name labels, types and properties in configurations. */
export function isNamingAction(action: string): boolean {
  return GROUP_ACTIONS.includes(action) || SETTING_ACTIONS.includes(action);
}

export function isGroupSecurityAction(action: string): boolean {
  return GROUP_ACTIONS.includes(action);
}

type Json = Record<string, unknown>;
type Check = (name: string) => boolean;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A single name: kept when visible (or '*'), otherwise the placeholder. */
function one(value: unknown, visible: Check): unknown {
  return typeof value === 'string' && value !== '*' && !visible(value) ? HIDDEN_NAME : value;
}

/** A list of names: hidden ones replaced by one placeholder (at the first hidden one's place). */
function list(value: unknown, visible: Check): unknown {
  if (!Array.isArray(value)) return value;
  const out: unknown[] = [];
  let placed = false;
  for (const item of value) {
    if (one(item, visible) !== HIDDEN_NAME) out.push(item);
    else if (!placed) {
      out.push(HIDDEN_NAME);
      placed = true;
    }
  }
  return out;
}

/** A map keyed by names: entries with a hidden key left out, the others' values rewritten. */
function keyed(value: unknown, visibleKey: Check, rewrite: (key: string, entry: unknown) => unknown = (_k, entry) => entry): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key === '*' || visibleKey(key))
      .map(([key, entry]) => [key, rewrite(key, entry)]),
  );
}

/** Applies rewrites to the keys an object has (other keys and non-objects unchanged). */
function patch(value: unknown, rewrites: Record<string, (entry: unknown) => unknown>): unknown {
  if (!isObject(value)) return value;
  const out: Json = { ...value };
  for (const [key, rewrite] of Object.entries(rewrites)) if (key in out) out[key] = rewrite(out[key]);
  return out;
}

/** A property name known to the reader anywhere (on nodes or relationships). */
function propertyKnown(v: Visibility): Check {
  return (p) => v.nodeProperty('*', p) || v.relationshipProperty('*', p);
}

/** A filter tree (entitySecurity, dataSecurity) with hidden labels, types and properties replaced. */
function filter(value: unknown, v: Visibility): unknown {
  if (!isObject(value)) return value;
  if (Array.isArray(value.and)) return { ...value, and: value.and.map((f) => filter(f, v)) };
  if (Array.isArray(value.or)) return { ...value, or: value.or.map((f) => filter(f, v)) };
  if ('not' in value) return { ...value, not: filter(value.not, v) };
  if (typeof value.label === 'string') return { ...value, label: one(value.label, v.label) };
  if (typeof value.type === 'string') return { ...value, type: one(value.type, v.type) };
  if (typeof value.property === 'string' && one(value.property, propertyKnown(v)) === HIDDEN_NAME) {
    return { ...value, property: HIDDEN_NAME, ...('value' in value ? { value: HIDDEN_NAME } : {}) };
  }
  return value;
}

function entitySecurity(value: unknown, v: Visibility): unknown {
  return patch(value, { nodeFilter: (f) => filter(f, v), relationshipFilter: (f) => filter(f, v) });
}

function propertyRules(value: unknown, visibleKey: Check, property: (key: string) => Check): unknown {
  return keyed(value, visibleKey, (key, rule) =>
    patch(rule, { enabled: (l) => list(l, property(key)), disabled: (l) => list(l, property(key)) }),
  );
}

function propertySecurity(value: unknown, v: Visibility): unknown {
  return patch(value, {
    nodes: (rules) => propertyRules(rules, v.label, (label) => (p) => v.nodeProperty(label, p)),
    relationships: (rules) => propertyRules(rules, v.type, (type) => (p) => v.relationshipProperty(type, p)),
  });
}

function dataSecurity(value: unknown, v: Visibility): unknown {
  return patch(value, {
    rules: (rules) =>
      Array.isArray(rules)
        ? rules.map((rule: unknown) => {
            if (!isObject(rule)) return rule;
            const hidden =
              (typeof rule.label === 'string' && !v.label(rule.label)) || (typeof rule.type === 'string' && !v.type(rule.type));
            const out: Json = { ...rule, filter: filter(rule.filter, v) };
            if ('label' in rule) out.label = one(rule.label, v.label);
            if ('type' in rule) out.type = one(rule.type, v.type);
            if (hidden) delete out.description;
            return out;
          })
        : rules,
  });
}

const GROUP_KINDS: Record<string, { key: string; redact: (value: unknown, v: Visibility) => unknown }> = {
  'group.entitySecurity.set': { key: 'entitySecurity', redact: entitySecurity },
  'group.propertySecurity.set': { key: 'propertySecurity', redact: propertySecurity },
  'group.dataSecurity.set': { key: 'dataSecurity', redact: dataSecurity },
};

/** One setting's value (as stored by settings-service: the value, or { omitted, bytes }). */
function settingValue(type: unknown, value: unknown, v: Visibility): unknown {
  if (!isObject(value) || value.omitted === true) return value;
  const nodeProperty = (label: string) => (p: string) => v.nodeProperty(label, p);
  const relationshipProperty = (type: string) => (p: string) => v.relationshipProperty(type, p);
  switch (type) {
    case 'DATA_TYPES':
      return patch(value, {
        nodeLabels: (l) => list(l, v.label),
        relationshipTypes: (l) => list(l, v.type),
        uid: (uid) =>
          patch(uid, {
            nodes: (m) => keyed(m, v.label, (label, p) => one(p, nodeProperty(label))),
            relationships: (m) => keyed(m, v.type, (t, p) => one(p, relationshipProperty(t))),
          }),
      });
    case 'DATA_SCHEMA':
      return patch(value, {
        nodes: (m) => keyed(m, v.label, (label, props) => keyed(props, nodeProperty(label))),
        relationships: (m) => keyed(m, v.type, (t, props) => keyed(props, relationshipProperty(t))),
        undirected: (l) => list(l, v.type),
      });
    case 'FULLTEXT_INDEX': {
      const labels = Array.isArray(value.labels) ? value.labels.filter((l): l is string => typeof l === 'string' && v.label(l)) : [];
      return patch(value, {
        labels: (l) => list(l, v.label),
        properties: (l) => list(l, (p) => labels.some((label) => v.nodeProperty(label, p))),
      });
    }
    case 'APPEARANCE':
      return patch(value, {
        nodeCaptions: (m) => keyed(m, v.label, (label, p) => one(p, nodeProperty(label))),
        colors: (m) => keyed(m, v.label),
        relationshipColors: (m) => keyed(m, v.type),
        icons: (m) => keyed(m, v.label),
        sizes: (m) => keyed(m, v.label),
      });
    default:
      return value;
  }
}

/** The details of a naming event as the reader may see them (unchanged for an unrestricted Visibility). */
export function detailsVisibleTo(action: string, details: Record<string, unknown>, v: Visibility): Record<string, unknown> {
  if (v.unrestricted) return details;
  const group = GROUP_KINDS[action];
  if (group) {
    const out: Json = { ...details };
    if ('previous' in out) out.previous = group.redact(out.previous, v);
    if (group.key in out) out[group.key] = group.redact(out[group.key], v);
    return out;
  }
  if (SETTING_ACTIONS.includes(action)) {
    return 'value' in details ? { ...details, value: settingValue(details.type, details.value, v) } : details;
  }
  return details;
}

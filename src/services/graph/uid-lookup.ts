import { BadRequestError } from '../../errors';
import type { Filter } from '../../graph/graph-store';
import { assertIdentifier } from '../../graph/identifiers';

export type UidValue = string | number;

/** One element asked for by its uid; without label (type) every configured uid property is tried. */
export interface UidRef {
  name?: string;
  uid: UidValue;
}

/**
 * Compiles uid references into one filter through the DATA_TYPES uid properties (label or type ->
 * property, '*' = any label or type):
 *   {or: [{and: [{label: L}, {property: P, operator: 'IN', value: [...]}]}, ...]}
 * Returns undefined when nothing can match (no uids, or no uid property configured).
 */
export function compileUidFilter(kind: 'label' | 'type', refs: UidRef[], uidProperties: Record<string, string>): Filter | undefined {
  const byName = new Map<string, UidValue[]>();
  const add = (name: string, uid: UidValue) => {
    const list = byName.get(name);
    if (list) {
      if (!list.includes(uid)) list.push(uid);
    } else byName.set(name, [uid]);
  };
  const configured = Object.keys(uidProperties);
  for (const ref of refs) {
    if (ref.name !== undefined) {
      const name = assertIdentifier(kind === 'label' ? 'label' : 'relationship type', ref.name);
      if (uidProperties[name]) add(name, ref.uid);
      else if (uidProperties['*']) add(`*:${name}`, ref.uid);
      else
        throw new BadRequestError(`DATA_TYPES defines no uid property for the ${kind} ${JSON.stringify(name)}`, 'UID_NOT_CONFIGURED', {
          [kind]: name,
        });
    } else {
      for (const name of configured) add(name, ref.uid);
    }
  }
  const parts: Filter[] = [];
  for (const [key, values] of byName) {
    const star = key === '*' || key.startsWith('*:');
    const name = key.startsWith('*:') ? key.slice(2) : key;
    const property = assertIdentifier('property', uidProperties[star ? '*' : name]);
    const match: Filter = { property, operator: 'IN', value: values };
    if (key === '*') parts.push(match);
    else parts.push({ and: [kind === 'label' ? { label: name } : { type: name }, match] });
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { or: parts };
}

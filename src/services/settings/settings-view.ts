import type { AccessScope } from '../../graph/graph-store';
import { isPropertyVisible } from '../graph/property-visibility';
import type { AllSettings } from './registry';

export interface Vocabulary {
  labels: ReadonlySet<string>;
  types: ReadonlySet<string>;
}

function pick<V>(record: Record<string, V>, keep: (key: string) => boolean): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep(key)));
}

/**
 * Settings as a user without Settings management sees them: labels, types and properties hidden
 * by the user's access scope are left out, so GET /settings cannot list what the graph hides
 * (issue: no leak through listings of labels, types and keys). '*' entries stay: they name nothing.
 */
export function settingsVisibleTo(settings: AllSettings, scope: AccessScope, vocabulary: Vocabulary): AllSettings {
  if (scope.unrestricted) return settings;
  const label = (name: string) => name === '*' || vocabulary.labels.has(name);
  const type = (name: string) => name === '*' || vocabulary.types.has(name);
  const nodeProperty = (labelName: string, property: string) => isPropertyVisible(scope.nodeProperties, labelName === '*' ? [] : [labelName], property);
  const relationshipProperty = (typeName: string, property: string) => isPropertyVisible(scope.relationshipProperties, typeName === '*' ? [] : [typeName], property);
  const { DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE } = settings;
  return {
    ...settings,
    DATA_TYPES: {
      nodeLabels: DATA_TYPES.nodeLabels.filter(label),
      relationshipTypes: DATA_TYPES.relationshipTypes.filter(type),
      uid: {
        nodes: pick(DATA_TYPES.uid.nodes, (l) => label(l) && nodeProperty(l, DATA_TYPES.uid.nodes[l])),
        relationships: pick(DATA_TYPES.uid.relationships, (t) => type(t) && relationshipProperty(t, DATA_TYPES.uid.relationships[t])),
      },
    },
    DATA_SCHEMA: {
      ...DATA_SCHEMA,
      nodes: Object.fromEntries(
        Object.entries(DATA_SCHEMA.nodes)
          .filter(([l]) => label(l))
          .map(([l, properties]) => [l, pick(properties, (p) => nodeProperty(l, p))]),
      ),
      relationships: Object.fromEntries(
        Object.entries(DATA_SCHEMA.relationships)
          .filter(([t]) => type(t))
          .map(([t, properties]) => [t, pick(properties, (p) => relationshipProperty(t, p))]),
      ),
    },
    FULLTEXT_INDEX: {
      labels: FULLTEXT_INDEX.labels.filter(label),
      properties: FULLTEXT_INDEX.properties.filter((p) => FULLTEXT_INDEX.labels.some((l) => label(l) && nodeProperty(l, p))),
    },
    APPEARANCE: {
      ...APPEARANCE,
      nodeCaptions: pick(APPEARANCE.nodeCaptions, (l) => label(l) && nodeProperty(l, APPEARANCE.nodeCaptions[l])),
      colors: pick(APPEARANCE.colors, label),
      relationshipColors: pick(APPEARANCE.relationshipColors, type),
    },
  };
}

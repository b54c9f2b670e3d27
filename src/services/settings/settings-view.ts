import type { ServiceContext } from '../../core/context';
import type { FulltextStatus, SchemaIndex } from '../../graph/graph-store';
import { isPropertyVisible } from '../graph/property-visibility';
import { accessScopeFor } from '../security/access-scope';
import type { AllSettings } from './registry';
// The view reads settings and the scope; neither imports the view (no cycle through access-scope).
import { SettingsService } from './settings-service';

/** What one user may see named: labels, relationship types and properties per label or type. */
export interface Visibility {
  unrestricted: boolean;
  // Functions, not methods: they are passed on as filters (`labels.filter(v.label)`) and use no `this`.
  label: (name: string) => boolean;
  type: (name: string) => boolean;
  nodeProperty: (label: string, property: string) => boolean;
  relationshipProperty: (type: string, property: string) => boolean;
}

const EVERYTHING: Visibility = {
  unrestricted: true,
  label: () => true,
  type: () => true,
  nodeProperty: () => true,
  relationshipProperty: () => true,
};

/**
 * The names a user may see: everything for Settings management and unrestricted scopes;
 * otherwise labels and types present in the user's visible graph or listed in DATA_TYPES and
 * admitted by the scope, and properties that occur in the user's visible graph and pass the
 * scope's property rules. '*' names nothing and is always kept.
 */
export async function visibilityFor(ctx: ServiceContext, dataTypes: AllSettings['DATA_TYPES']): Promise<Visibility> {
  if (ctx.user?.permissions.has('SETTINGS_MANAGEMENT')) return EVERYTHING;
  const scope = await accessScopeFor(ctx);
  if (scope.unrestricted) return EVERYTHING;
  const [labels, types, keys] = await Promise.all([
    ctx.deps.graph.labels(scope),
    ctx.deps.graph.relationshipTypes(scope),
    ctx.deps.graph.propertyKeys(scope),
  ]);
  // Property names can be hidden only by group rules (property rules, or rows hiding every
  // element that carries a name); a scope narrowed by DATA_TYPES alone hides none.
  const seesNothing = scope.labels !== '*' && scope.labels.length === 0;
  const groupRestricted =
    seesNothing || Boolean(scope.nodeProperties || scope.relationshipProperties || scope.nodeFilter || scope.relationshipFilter);
  const visibleKeys = groupRestricted ? new Set(keys) : undefined;
  const known = (property: string) => !visibleKeys || visibleKeys.has(property);
  const admitted = (list: '*' | string[], name: string) => list === '*' || list.includes(name);
  const visibleLabels = new Set([...labels, ...dataTypes.nodeLabels.filter((l) => admitted(scope.labels, l))]);
  const visibleTypes = new Set([...types, ...dataTypes.relationshipTypes.filter((t) => admitted(scope.types, t))]);
  return {
    unrestricted: false,
    label: (name) => name === '*' || visibleLabels.has(name),
    type: (name) => name === '*' || visibleTypes.has(name),
    nodeProperty: (label, property) => known(property) && isPropertyVisible(scope.nodeProperties, label === '*' ? [] : [label], property),
    relationshipProperty: (type, property) =>
      known(property) && isPropertyVisible(scope.relationshipProperties, type === '*' ? [] : [type], property),
  };
}

/** What the context's user may see named (labels, types, properties). */
export async function visibilityOf(ctx: ServiceContext): Promise<Visibility> {
  return visibilityFor(ctx, await new SettingsService(ctx).get('DATA_TYPES'));
}

/** Every setting as the context's user may see it (GET /settings); complete for Settings management. */
export async function settingsForUser(ctx: ServiceContext): Promise<AllSettings> {
  const all = await new SettingsService(ctx).getAll();
  return settingsVisibleTo(all, await visibilityFor(ctx, all.DATA_TYPES));
}

function pick<V>(record: Record<string, V>, keep: (key: string) => boolean): Record<string, V> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keep(key)));
}

/** Settings without the labels, types and properties the user may not see named (no leak through GET /settings). */
export function settingsVisibleTo(settings: AllSettings, v: Visibility): AllSettings {
  if (v.unrestricted) return settings;
  const { DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE } = settings;
  return {
    ...settings,
    DATA_TYPES: {
      nodeLabels: DATA_TYPES.nodeLabels.filter(v.label),
      relationshipTypes: DATA_TYPES.relationshipTypes.filter(v.type),
      uid: {
        nodes: pick(DATA_TYPES.uid.nodes, (l) => v.label(l) && v.nodeProperty(l, DATA_TYPES.uid.nodes[l])),
        relationships: pick(DATA_TYPES.uid.relationships, (t) => v.type(t) && v.relationshipProperty(t, DATA_TYPES.uid.relationships[t])),
      },
    },
    DATA_SCHEMA: {
      ...DATA_SCHEMA,
      nodes: Object.fromEntries(
        Object.entries(DATA_SCHEMA.nodes)
          .filter(([l]) => v.label(l))
          .map(([l, props]) => [l, pick(props, (p) => v.nodeProperty(l, p))]),
      ),
      relationships: Object.fromEntries(
        Object.entries(DATA_SCHEMA.relationships)
          .filter(([t]) => v.type(t))
          .map(([t, props]) => [t, pick(props, (p) => v.relationshipProperty(t, p))]),
      ),
      ...(DATA_SCHEMA.undirected ? { undirected: DATA_SCHEMA.undirected.filter(v.type) } : {}),
    },
    FULLTEXT_INDEX: fulltextConfigVisibleTo(FULLTEXT_INDEX, v),
    APPEARANCE: {
      ...APPEARANCE,
      nodeCaptions: pick(APPEARANCE.nodeCaptions, (l) => v.label(l) && v.nodeProperty(l, APPEARANCE.nodeCaptions[l])),
      colors: pick(APPEARANCE.colors, v.label),
      relationshipColors: pick(APPEARANCE.relationshipColors, v.type),
      icons: pick(APPEARANCE.icons ?? {}, v.label),
      sizes: pick(APPEARANCE.sizes ?? {}, v.label),
    },
  };
}

export function fulltextConfigVisibleTo(
  config: { labels: string[]; properties: string[] },
  v: Visibility,
): { labels: string[]; properties: string[] } {
  if (v.unrestricted) return config;
  const labels = config.labels.filter(v.label);
  return { labels, properties: config.properties.filter((p) => labels.some((l) => v.nodeProperty(l, p))) };
}

export function fulltextStatusVisibleTo(status: FulltextStatus, v: Visibility): FulltextStatus {
  return v.unrestricted || !status.config ? status : { ...status, config: fulltextConfigVisibleTo(status.config, v) };
}

/** Schema indexes whose label or type and every property the user may see named. */
export function indexesVisibleTo(indexes: SchemaIndex[], v: Visibility): SchemaIndex[] {
  if (v.unrestricted) return indexes;
  return indexes.filter((index) =>
    index.entity === 'node'
      ? v.label(index.token) && index.properties.every((p) => v.nodeProperty(index.token, p))
      : v.type(index.token) && index.properties.every((p) => v.relationshipProperty(index.token, p)),
  );
}

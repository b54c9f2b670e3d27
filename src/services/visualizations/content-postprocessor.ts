import type { AccessScope, Filter, GraphId, GraphNode, GraphRelationship, Properties, PropertyRule } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';
import { ScopedGraphService } from '../graph/scoped-graph';
import { GraphVocabulary } from '../graph/vocabulary';
import type { DataTypes } from '../graph/data-types';
import { dataTypesFor } from '../graph/data-types';
import { filterNames } from '../graph/filter-tools';
import { isPropertyVisible } from '../graph/property-visibility';
import type { ContentAppearance, ContentNode, ContentRelationship, VisualizationContent } from './content-schema';
import { contentNodeSchema, contentRelationshipSchema, emptyContent, visualizationContentSchema } from './content-schema';

export interface ReadNode extends ContentNode {
  labels: string[];
  properties: Properties;
}

export interface ReadRelationship extends ContentRelationship {
  type: string;
  startNodeId: GraphId;
  endNodeId: GraphId;
  properties: Properties;
}

export interface ReadContent extends Omit<VisualizationContent, 'nodes' | 'relationships'> {
  nodes: ReadNode[];
  relationships: ReadRelationship[];
}

/** Elements of the stored content that no longer exist in the graph. */
export interface DeletedCount {
  nodes: number;
  relationships: number;
}

type Element = GraphNode | GraphRelationship;
type Entry = ContentNode | ContentRelationship;
type Kind = 'node' | 'relationship';

interface UidRef {
  token: string;
  property: string;
  value: string | number;
}

const tokensOf = (kind: Kind, element: Element): string[] =>
  kind === 'node' ? (element as GraphNode).labels : [(element as GraphRelationship).type];
const uidOf = (entry: Entry): UidRef | undefined => {
  if (!entry.uid) return undefined;
  const token = 'label' in entry.uid ? entry.uid.label : entry.uid.type;
  return { token, property: entry.uid.property, value: entry.uid.value };
};
const valueKey = (property: string, value: unknown) => `${property}\u0000${JSON.stringify(value)}`;

/**
 * The graph side of visualizations: what a saved content may hold and what a reader gets back.
 *
 * On save (`prepareForSave`, the saver's scope): elements the saver cannot see are left out (so
 * stored content never names an element its owner could not see, and saving cannot be used to
 * probe hidden ids), and each element gets its DATA_TYPES uid (label or type, property, value)
 * when one is defined and visible.
 *
 * On every read (`forReader`, the reader's scope): each element is found again by its uid when it
 * has one (a re-import keeps uids, not internal ids, and Neo4j reuses the ids of deleted elements:
 * an id held now by an element with another uid, or none, is not the saved element; see
 * `resolve` and docs/ids.md), else by id; labels, types, ends and properties are read fresh, as
 * the reader may see them. Elements the reader cannot see are dropped silently; only
 * elements that no longer exist at all (checked without the reader's restrictions, and only
 * counted) are reported as deleted, so the answer never tells a hidden element from a deleted one
 * by anything the reader could not know. Styles, captions and filters naming a label, type or
 * property hidden from the reader are dropped; ids in selection and filters follow the elements.
 */
export class ContentPostprocessor extends ScopedGraphService {
  private dataTypesPromise?: Promise<DataTypes>;

  private vocabularyPromise?: Promise<{ labels: Set<string>; types: Set<string> }>;

  private dataTypes(): Promise<DataTypes> {
    this.dataTypesPromise ??= dataTypesFor(this.ctx);
    return this.dataTypesPromise;
  }

  /** The labels and types the reader knows of, read once per request (lists postprocess many contents). */
  private vocabulary(): Promise<{ labels: Set<string>; types: Set<string> }> {
    this.vocabularyPromise ??= (async () => {
      const vocabulary = new GraphVocabulary(this.ctx, this.scope());
      const labels = new Set(await vocabulary.possibleLabels());
      const types = new Set(await vocabulary.possibleTypes());
      return { labels, types };
    })();
    return this.vocabularyPromise;
  }

  async prepareForSave(content: VisualizationContent): Promise<VisualizationContent> {
    const scope = await this.scope();
    const { uid } = await this.dataTypes();
    // Only the uid properties are needed here, not every property of every element.
    const nodes = await this.fetchById('node', unique(content.nodes.map((n) => n.id)), scope, unique(Object.values(uid.nodes)));
    const relationships = await this.fetchById(
      'relationship',
      unique(content.relationships.map((r) => r.id)),
      scope,
      unique(Object.values(uid.relationships)),
    );
    const keptNodes = this.withUids('node', content.nodes, nodes, uid);
    const keptRelationships = this.withUids('relationship', content.relationships, relationships, uid);
    const nodeIds = new Set(keptNodes.map((n) => n.id));
    const relationshipIds = new Set(keptRelationships.map((r) => r.id));
    return {
      ...content,
      nodes: keptNodes as ContentNode[],
      relationships: keptRelationships as ContentRelationship[],
      selection: {
        nodes: content.selection.nodes.filter((id) => nodeIds.has(id)),
        relationships: content.selection.relationships.filter((id) => relationshipIds.has(id)),
      },
    };
  }

  async forReader(stored: unknown): Promise<{ content: ReadContent; deleted: DeletedCount }> {
    const parsed = parseStored(stored);
    if (!parsed.success)
      this.ctx.deps.logger.warn({ issue: parsed.error.issues[0] }, 'stored visualization content does not validate; answered as empty');
    const content = parsed.success ? parsed.data : emptyContent();
    const scope = await this.scope();
    const { uid } = await this.dataTypes();
    // The uid as the reader sees it: never a property value hidden from the reader.
    const freshUid = (kind: Kind, element: Element) => this.uidField(kind, this.uidFor(kind, element, uid)).uid;

    // Both reads at once: on a server store they run on two connections, and either's decoding overlaps the other's query.
    const [nodes, relationships] = await Promise.all([
      this.resolve('node', content.nodes, scope),
      this.resolve('relationship', content.relationships, scope),
    ]);
    // Thousands of elements: each read element is built field by field (no spread of the entry).
    const readNodes: ReadNode[] = new Array<ReadNode>(nodes.found.length);
    for (let i = 0; i < nodes.found.length; i++) {
      const { entry, element } = nodes.found[i];
      readNodes[i] = readElement(entry, element, freshUid('node', element), NODE_ENTRY_KEYS) as ReadNode;
    }
    const readRelationships: ReadRelationship[] = new Array<ReadRelationship>(relationships.found.length);
    for (let i = 0; i < relationships.found.length; i++) {
      const { entry, element } = relationships.found[i];
      readRelationships[i] = readElement(entry, element, freshUid('relationship', element), RELATIONSHIP_ENTRY_KEYS) as ReadRelationship;
    }

    // The reader's labels and types (a read of the graph) only when a style, caption, filter or appearance names some.
    const { labels, types } = namesTokens(content) ? await this.vocabulary() : { labels: new Set<string>(), types: new Set<string>() };
    const labelVisible = (label: string) => label === '*' || labels.has(label);
    const typeVisible = (type: string) => type === '*' || types.has(type);
    const nodeProperty = (label: string, property: string) => propertyVisible(scope, scope.nodeProperties, label, property);
    const relationshipProperty = (type: string, property: string) => propertyVisible(scope, scope.relationshipProperties, type, property);

    const result: ReadContent = {
      version: content.version,
      nodes: readNodes,
      relationships: readRelationships,
      styles: {
        nodes: content.styles.nodes.filter(
          (rule) => labelVisible(rule.label) && (!rule.property || nodeProperty(rule.label, rule.property)),
        ),
        relationships: content.styles.relationships.filter(
          (rule) => typeVisible(rule.type) && (!rule.property || relationshipProperty(rule.type, rule.property)),
        ),
      },
      captions: {
        nodes: visibleCaptions(content.captions.nodes, labelVisible, nodeProperty),
        relationships: visibleCaptions(content.captions.relationships, typeVisible, relationshipProperty),
      },
      filters: content.filters.flatMap((filter) => {
        const names = filterNames(filter.filter);
        if (![...names.labels].every(labelVisible) || ![...names.types].every(typeVisible)) return [];
        const tokens = filter.target === 'nodes' ? [...names.labels] : [...names.types];
        const rules = filter.target === 'nodes' ? scope.nodeProperties : scope.relationshipProperties;
        // A filter naming no label (type) speaks of every one the reader sees: its property must be visible on each.
        const everyToken = filter.target === 'nodes' ? [...labels] : [...types];
        const visibleFor = (p: string) =>
          tokens.length
            ? isPropertyVisible(rules, tokens, p)
            : isPropertyVisible(rules, [], p) && everyToken.every((token) => isPropertyVisible(rules, [token], p));
        if (!scope.unrestricted && ![...names.properties].every(visibleFor)) return [];
        const ids = filter.target === 'nodes' ? nodes.idMap : relationships.idMap;
        return [{ ...filter, filter: remapIds(filter.filter, ids) }];
      }),
      // A property named by the appearance must be visible on every label (type) the reader sees: a name hidden on one is not told.
      ...visibleAppearance(
        content.appearance,
        (property) => [...labels, '*'].every((label) => nodeProperty(label, property)),
        (property) => [...types, '*'].every((type) => relationshipProperty(type, property)),
      ),
      selection: {
        nodes: unique(content.selection.nodes.flatMap((id) => (nodes.idMap.has(id) ? [nodes.idMap.get(id)!] : []))),
        relationships: unique(
          content.selection.relationships.flatMap((id) => (relationships.idMap.has(id) ? [relationships.idMap.get(id)!] : [])),
        ),
      },
      view: content.view,
    };
    return { content: result, deleted: { nodes: nodes.deleted, relationships: relationships.deleted } };
  }

  // -------------------------------------------------------------------------------------------

  private async fetchById(kind: Kind, ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<Element[]> {
    if (ids.length === 0) return [];
    return kind === 'node' ? this.graph.getNodes(ids, scope, properties) : this.graph.getRelationships(ids, scope, properties);
  }

  /** Elements matching any of the uids (label or type, property, value). */
  private async fetchByUid(kind: Kind, refs: UidRef[], scope: AccessScope, properties?: string[]): Promise<Element[]> {
    const groups = new Map<string, { token: string; property: string; values: Array<string | number> }>();
    for (const ref of refs) {
      const key = `${ref.token}\u0000${ref.property}`;
      const group = groups.get(key) ?? { token: ref.token, property: ref.property, values: [] };
      if (!group.values.includes(ref.value)) group.values.push(ref.value);
      groups.set(key, group);
    }
    if (groups.size === 0) return [];
    const parts: Filter[] = [...groups.values()].map((g) => ({
      and: [kind === 'node' ? { label: g.token } : { type: g.token }, { property: g.property, operator: 'IN', value: g.values }],
    }));
    const filter: Filter = parts.length === 1 ? parts[0] : { or: parts };
    const found: Element[] = [];
    const stream =
      kind === 'node'
        ? this.graph.streamNodes({ filter, properties }, scope)
        : this.graph.streamRelationships({ filter, properties }, scope);
    for await (const element of stream) found.push(element);
    return found;
  }

  /** The uid property DATA_TYPES defines for one of the element's labels (or its type), or '*'. */
  private uidFor(kind: Kind, element: Element, uids: DataTypes['uid']): UidRef | undefined {
    const map = kind === 'node' ? uids.nodes : uids.relationships;
    const tokens = tokensOf(kind, element);
    for (const token of tokens) {
      const property = map[token];
      const value = property ? element.properties[property] : undefined;
      if (property && (typeof value === 'string' || typeof value === 'number')) return { token, property, value };
    }
    const any = map['*'];
    const value = any ? element.properties[any] : undefined;
    if (any && tokens.length > 0 && (typeof value === 'string' || typeof value === 'number'))
      return { token: tokens[0], property: any, value };
    return undefined;
  }

  private uidField(kind: Kind, ref: UidRef | undefined): { uid?: ContentNode['uid'] | ContentRelationship['uid'] } {
    if (!ref) return {};
    return kind === 'node'
      ? { uid: { label: ref.token, property: ref.property, value: ref.value } }
      : { uid: { type: ref.token, property: ref.property, value: ref.value } };
  }

  private withUids(kind: Kind, entries: Entry[], visible: Element[], uid: DataTypes['uid']): Entry[] {
    const byId = new Map(visible.map((element) => [element.id, element]));
    const seen = new Set<string>();
    const kept: Entry[] = [];
    for (const entry of entries) {
      const element = byId.get(entry.id);
      if (!element || seen.has(entry.id)) continue;
      seen.add(entry.id);
      kept.push({ ...withoutUid(entry), ...this.uidField(kind, this.uidFor(kind, element, uid)) } as Entry);
    }
    return kept;
  }

  /**
   * Finds the entries' elements for the reader. An internal id is only a hint: Neo4j gives the id
   * of a deleted element to the next one created (within seconds), so an entry that holds a uid is
   * trusted only together with it (docs/ids.md):
   *
   * - entry with a uid DATA_TYPES still names: the elements carrying that uid (label or type,
   *   property, value) are looked up without the reader's restrictions, reading only the uid
   *   properties (so a uid property hidden from the reader still identifies the element; the
   *   reader's restrictions apply when the element itself is read below), the one at the stored id
   *   first. When none carries it, the element at the stored id is taken only if it carries the
   *   stored value;
   * - entry with a uid DATA_TYPES no longer names: the element at the stored id, only if it still
   *   carries the stored value;
   * - entry without a uid (none was defined or visible when it was saved): the element at the id.
   *
   * The chosen elements are then read in the reader's scope: one the reader cannot see is dropped
   * silently. An entry none of whose candidates exists (unrestricted) is counted as deleted: an id
   * now held by another element (another uid, or none where one was stored) is never shown as the
   * saved element and counts as deleted when the saved element is gone.
   */
  private async resolve(
    kind: Kind,
    entries: Entry[],
    scope: AccessScope,
  ): Promise<{ found: Array<{ entry: Entry; element: Element }>; idMap: Map<string, string>; deleted: number }> {
    const { uid } = await this.dataTypes();
    const map = kind === 'node' ? uid.nodes : uid.relationships;
    const usable = (ref: UidRef | undefined): ref is UidRef =>
      ref !== undefined && (map[ref.token] === ref.property || (!map[ref.token] && map['*'] === ref.property));
    const carries = (element: Element, ref: UidRef) => element.properties[ref.property] === ref.value;

    // 1. Elements carrying the usable uids, unrestricted, uid properties only.
    const usableRefs = entries.map(uidOf).filter(usable);
    const byUid = new Map<string, Element[]>();
    const wantedUids = new Set(usableRefs.map((ref) => `${ref.token}\u0000${valueKey(ref.property, ref.value)}`));
    const uidProperties = unique(usableRefs.map((ref) => ref.property));
    // Each element is looked up by its own (token, uid property, value) keys: no pass over every ref per element.
    for (const element of await this.fetchByUid(kind, usableRefs, UNRESTRICTED, uidProperties)) {
      for (const token of tokensOf(kind, element)) {
        for (const property of uidProperties) {
          const value = element.properties[property];
          if (typeof value !== 'string' && typeof value !== 'number') continue;
          const key = `${token}\u0000${valueKey(property, value)}`;
          if (!wantedUids.has(key)) continue;
          const list = byUid.get(key) ?? [];
          if (!list.includes(element)) list.push(element);
          byUid.set(key, list);
        }
      }
    }

    // 2. Candidate ids per entry (by index), best first: an entry without a uid has just its id.
    const candidates: Array<string | string[]> = new Array<string | string[]>(entries.length);
    const checkAtId: number[] = [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const ref = uidOf(entry);
      if (!ref) {
        candidates[i] = entry.id;
        continue;
      }
      const carriers = usable(ref) ? (byUid.get(`${ref.token}\u0000${valueKey(ref.property, ref.value)}`) ?? []) : [];
      if (carriers.length > 0) {
        const ids = carriers.map((element) => element.id);
        candidates[i] = ids.includes(entry.id) ? [entry.id, ...ids.filter((id) => id !== entry.id)] : ids;
      } else checkAtId.push(i);
    }
    if (checkAtId.length > 0) {
      const properties = unique(checkAtId.map((i) => uidOf(entries[i])!.property));
      const atId = new Map(
        (await this.fetchById(kind, unique(checkAtId.map((i) => entries[i].id)), UNRESTRICTED, properties)).map((element) => [
          element.id,
          element,
        ]),
      );
      for (const i of checkAtId) {
        const element = atId.get(entries[i].id);
        candidates[i] = element && carries(element, uidOf(entries[i])!) ? [entries[i].id] : [];
      }
    }

    // 3. The candidates as the reader sees them (one read).
    const wanted = new Set<string>();
    for (const c of candidates) {
      if (typeof c === 'string') wanted.add(c);
      else for (const id of c) wanted.add(id);
    }
    const visible = new Map<string, Element>();
    for (const element of await this.fetchById(kind, [...wanted], scope)) visible.set(element.id, element);
    const resolved: Array<Element | undefined> = new Array<Element | undefined>(entries.length);
    const unseenPlain: string[] = [];
    let deleted = 0;
    for (let i = 0; i < entries.length; i++) {
      const c = candidates[i];
      if (typeof c === 'string') {
        const element = visible.get(c);
        if (element) resolved[i] = element;
        else unseenPlain.push(c);
        continue;
      }
      const id = c.find((candidate) => visible.has(candidate));
      if (id !== undefined) resolved[i] = visible.get(id)!;
      else if (c.length === 0) deleted++;
    }
    // 4. Entries without a uid the reader does not see: absent without restrictions means deleted.
    if (unseenPlain.length > 0) {
      const exists = new Set((await this.fetchById(kind, unique(unseenPlain), UNRESTRICTED, [])).map((element) => element.id));
      for (const id of unseenPlain) if (!exists.has(id)) deleted++;
    }

    const found: Array<{ entry: Entry; element: Element }> = [];
    const idMap = new Map<string, string>();
    const taken = new Set<string>();
    for (let i = 0; i < entries.length; i++) {
      const element = resolved[i];
      if (!element) continue;
      const entry = entries[i];
      if (!idMap.has(entry.id)) idMap.set(entry.id, element.id);
      if (taken.has(element.id)) continue;
      taken.add(element.id);
      found.push({ entry, element });
    }
    return { found, idMap, deleted };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEntry = (value: unknown): value is { id: string } => isRecord(value) && typeof value.id === 'string';
const isNodeEntry = (value: unknown): boolean =>
  isEntry(value) && Number.isFinite((value as { x?: unknown }).x) && Number.isFinite((value as { y?: unknown }).y);

/**
 * Stored content as read: it was validated whole when saved (visualizationContentSchema), so the
 * element lists, thousands of entries and most of a read's time in zod, are only checked for their
 * shape (an id, and a place for a node); the rest goes through the schema. Anything unexpected
 * falls back to the full check.
 */
function parseStored(stored: unknown): ReturnType<typeof visualizationContentSchema.safeParse> {
  if (
    isRecord(stored) &&
    Array.isArray(stored.nodes) &&
    Array.isArray(stored.relationships) &&
    stored.nodes.every(isNodeEntry) &&
    stored.relationships.every(isEntry)
  ) {
    const rest = visualizationContentSchema.safeParse({ ...stored, nodes: [], relationships: [] });
    if (rest.success) return { ...rest, data: { ...rest.data, nodes: stored.nodes as ContentNode[], relationships: stored.relationships } };
  }
  return visualizationContentSchema.safeParse(stored);
}

/** The stored fields of an entry a read gives back as they are (its id and uid come fresh from the graph). */
const entryKeys = (shape: object) => Object.keys(shape).filter((key) => key !== 'id' && key !== 'uid');
const NODE_ENTRY_KEYS = entryKeys(contentNodeSchema.shape);
const RELATIONSHIP_ENTRY_KEYS = entryKeys(contentRelationshipSchema.shape);

/** A read element: the entry's stored fields, the fresh uid, and the element as the reader sees it. */
function readElement(entry: Entry, element: Element, uid: ContentNode['uid'] | ContentRelationship['uid'], keys: string[]): object {
  const read: Record<string, unknown> = { id: element.id };
  const stored = entry as unknown as Record<string, unknown>;
  for (const key of keys) if (stored[key] !== undefined) read[key] = stored[key];
  if (uid) read.uid = uid;
  if ('labels' in element) read.labels = element.labels;
  else {
    read.type = element.type;
    read.startNodeId = element.startNodeId;
    read.endNodeId = element.endNodeId;
  }
  read.properties = element.properties;
  return read;
}

/** Whether the content names labels, types or properties the reader's vocabulary must be checked against. */
function namesTokens(content: VisualizationContent): boolean {
  return (
    content.styles.nodes.length > 0 ||
    content.styles.relationships.length > 0 ||
    Object.keys(content.captions.nodes).length > 0 ||
    Object.keys(content.captions.relationships).length > 0 ||
    content.filters.length > 0 ||
    content.appearance !== undefined
  );
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function withoutUid<T extends Entry>(entry: T): Omit<T, 'uid'> {
  const { uid, ...rest } = entry;
  void uid;
  return rest;
}

function propertyVisible(scope: AccessScope, rules: Record<string, PropertyRule> | undefined, token: string, property: string): boolean {
  if (scope.unrestricted) return true;
  return isPropertyVisible(rules, token === '*' ? [] : [token], property);
}

function visibleCaptions(
  captions: Record<string, string[]>,
  tokenVisible: (token: string) => boolean,
  propertyOk: (token: string, property: string) => boolean,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [token, properties] of Object.entries(captions)) {
    if (!tokenVisible(token)) continue;
    const visible = properties.filter((property) => propertyOk(token, property));
    if (visible.length > 0) result[token] = visible;
  }
  return result;
}

/** The appearance without the parts that name a property hidden from the reader. */
function visibleAppearance(
  appearance: ContentAppearance | undefined,
  nodeOk: (property: string) => boolean,
  relationshipOk: (property: string) => boolean,
): { appearance?: ContentAppearance } {
  if (!appearance) return {};
  const keyOk = (key: { property: string } | { metric: string }) => !('property' in key) || nodeOk(key.property);
  const visible: ContentAppearance = {};
  if (appearance.nodeColor && keyOk(appearance.nodeColor.key)) visible.nodeColor = appearance.nodeColor;
  if (appearance.nodeSize && keyOk(appearance.nodeSize.key)) visible.nodeSize = appearance.nodeSize;
  if (appearance.edgeWidth && relationshipOk(appearance.edgeWidth.property)) visible.edgeWidth = appearance.edgeWidth;
  if (appearance.edgeCaption && relationshipOk(appearance.edgeCaption.property)) visible.edgeCaption = appearance.edgeCaption;
  return { appearance: visible };
}

/** The filter with its id lists following the elements (ids of dropped elements left out). */
function remapIds(filter: Filter, ids: Map<string, string>): Filter {
  if ('and' in filter) return { and: filter.and.map((f) => remapIds(f, ids)) };
  if ('or' in filter) return { or: filter.or.map((f) => remapIds(f, ids)) };
  if ('not' in filter) return { not: remapIds(filter.not, ids) };
  if ('ids' in filter) return { ids: unique(filter.ids.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : []))) };
  return filter;
}

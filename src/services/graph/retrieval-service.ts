import { BadRequestError, NotFoundError } from '../../errors';
import type { ExploreResult, GraphId, GraphPath, GraphRelationship, Subgraph } from '../../graph/graph-store';
import { ScopedGraphService } from './scoped-graph';
import { GraphVocabulary } from './vocabulary';
import { dataTypesFor } from './data-types';
import type { UidRef, UidValue } from './uid-lookup';
import { compileUidFilter } from './uid-lookup';
import { labelList, typeList } from './property-names';

export const UID_LOOKUP_LIMIT = 10_000;

export interface UidRequest {
  nodes?: Array<{ label?: string; uid: UidValue }>;
  relationships?: Array<{ type?: string; uid: UidValue }>;
  /** Shorthand: look these up among nodes and relationships through every configured uid property. */
  uids?: UidValue[];
}

/**
 * Graph retrieval for visualizations (spec 4.8). Every traversal runs in the adapter under the
 * user's scope: hidden nodes and relationships are neither returned nor crossed. Labels and types
 * a request names must be known to the user, as in find (400 UNKNOWN_LABEL / UNKNOWN_TYPE).
 */
export class GraphRetrievalService extends ScopedGraphService {
  private vocabulary(): GraphVocabulary {
    return new GraphVocabulary(this.ctx, this.scope());
  }

  private async knownTypes(types: string[] | undefined): Promise<string[] | undefined> {
    const list = typeList(types);
    if (list && list.length > 0) await this.vocabulary().assertKnownTypes(list);
    return list;
  }

  async elements(nodeIds: GraphId[], relationshipIds: GraphId[]): Promise<Subgraph> {
    const scope = await this.scope();
    const nodes = nodeIds.length > 0 ? await this.graph.getNodes(nodeIds, scope) : [];
    const relationships = relationshipIds.length > 0 ? await this.graph.getRelationships(relationshipIds, scope) : [];
    return { nodes, relationships };
  }

  async direct(sourceIds: GraphId[], targetIds: GraphId[], types?: string[]): Promise<GraphRelationship[]> {
    const known = await this.knownTypes(types);
    return this.graph.directRelationships(sourceIds, targetIds, await this.scope(), known);
  }

  async indirect(
    nodeIds: GraphId[],
    options: { maxDepth: number; types?: string[]; direction?: 'in' | 'out' | 'both'; limit?: number },
  ): Promise<GraphPath[]> {
    const types = await this.knownTypes(options.types);
    return this.graph.indirectRelationships(
      nodeIds,
      { maxDepth: options.maxDepth, types, direction: options.direction, limit: options.limit },
      await this.scope(),
    );
  }

  /** Neighbours of a node; 404 when the node is absent or invisible. */
  async explore(query: {
    nodeId: GraphId;
    direction?: 'in' | 'out' | 'both';
    types?: string[];
    labels?: string[];
    limit: number;
    skip?: number;
  }): Promise<ExploreResult> {
    const labels = labelList(query.labels);
    if (labels.length > 0) await this.vocabulary().assertKnownLabels(labels);
    const types = await this.knownTypes(query.types);
    const result = await this.graph.explore(
      {
        nodeId: query.nodeId,
        direction: query.direction,
        types,
        labels: labels.length > 0 ? labels : undefined,
        limit: query.limit,
        skip: query.skip,
      },
      await this.scope(),
    );
    if (!result.nodes.some((node) => node.id === query.nodeId)) throw new NotFoundError('Node');
    return result;
  }

  /** All shortest paths between exactly two nodes (spec 8.1); 404 when an end is absent or invisible. */
  async shortestPaths(
    nodeIds: GraphId[],
    options: { maxDepth?: number; types?: string[]; direction?: 'in' | 'out' | 'both' },
  ): Promise<GraphPath[]> {
    if (nodeIds.length !== 2) {
      throw new BadRequestError(`A shortest path needs exactly 2 nodes, got ${nodeIds.length}`, 'SHORTEST_PATH_NEEDS_TWO_NODES');
    }
    const [from, to] = nodeIds;
    const types = await this.knownTypes(options.types);
    const scope = await this.scope();
    const ends = await this.graph.getNodes([from, to], scope, []);
    if (ends.length !== new Set([from, to]).size) throw new NotFoundError('Node');
    return this.graph.shortestPaths(from, to, { maxDepth: options.maxDepth, types, direction: options.direction }, scope);
  }

  /** Nodes and relationships by the uid properties of DATA_TYPES. */
  async byUid(request: UidRequest): Promise<Subgraph> {
    const { uid } = await dataTypesFor(this.ctx);
    const nodeRefs: UidRef[] = [
      ...(request.nodes ?? []).map((n) => ({ name: n.label, uid: n.uid })),
      ...(request.uids ?? []).map((value) => ({ uid: value })),
    ];
    const relRefs: UidRef[] = [
      ...(request.relationships ?? []).map((r) => ({ name: r.type, uid: r.uid })),
      ...(request.uids ?? []).map((value) => ({ uid: value })),
    ];
    // the labels and types the request names (not those of the uid configuration) must be known
    await this.vocabulary().assertKnownLabels((request.nodes ?? []).flatMap((n) => (n.label === undefined ? [] : [n.label])));
    await this.vocabulary().assertKnownTypes((request.relationships ?? []).flatMap((r) => (r.type === undefined ? [] : [r.type])));
    const nodeFilter = nodeRefs.length > 0 ? compileUidFilter('label', nodeRefs, uid.nodes) : undefined;
    const relFilter = relRefs.length > 0 ? compileUidFilter('type', relRefs, uid.relationships) : undefined;
    const scope = await this.scope();
    const nodes = nodeFilter ? (await this.graph.findNodes({ filter: nodeFilter, limit: UID_LOOKUP_LIMIT }, scope)).items : [];
    const relationships = relFilter
      ? (await this.graph.findRelationships({ filter: relFilter, limit: UID_LOOKUP_LIMIT }, scope)).items
      : [];
    return { nodes, relationships };
  }
}

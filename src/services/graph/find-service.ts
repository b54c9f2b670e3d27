import type { Filter, FindQuery, GraphNode, SortKey } from '../../graph/graph-store';
import { assertIdentifier } from '../../graph/identifiers';
import { ScopedGraphService } from './scoped-graph';
import { GraphVocabulary } from './vocabulary';
import { allOf, anyLabel } from './filter-tools';
import { labelList, propertyList } from './property-names';

export const FIND_DEFAULT_LIMIT = 100;
export const FIND_MAX_LIMIT = 1000;
/**
 * A text search counts at most this many matches: beyond it the page says "more than 10,000"
 * (totalIsLowerBound), so a common word never makes the count read every node.
 */
export const TEXT_SEARCH_COUNT_LIMIT = 10_000;

export interface NodeSearch {
  filter?: Filter;
  /** Fulltext text. */
  text?: string;
  /** Nodes carrying at least one of these labels. */
  labels?: string[];
  properties?: string[];
}

export interface NodeFindRequest extends NodeSearch {
  sort?: SortKey[];
  skip?: number;
  limit?: number;
}

export interface NodePage {
  items: GraphNode[];
  total: number;
  /** Present and true when the count stopped at TEXT_SEARCH_COUNT_LIMIT: more than `total` match. */
  totalIsLowerBound?: boolean;
  skip: number;
  limit: number;
}

/**
 * Node search: a filter tree, fulltext text and a label list compiled into one FindQuery.
 * Labels and types the filter names must be known to the user (400 UNKNOWN_LABEL / UNKNOWN_TYPE).
 */
export class NodeFindService extends ScopedGraphService {
  /** Validates a search and compiles it for the port. */
  async compile(search: NodeSearch): Promise<Pick<FindQuery, 'filter' | 'text' | 'properties'>> {
    const labels = labelList(search.labels);
    await new GraphVocabulary(this.ctx, this.scope()).assertKnownFilterNames(search.filter, labels);
    const text = search.text?.trim();
    return {
      filter: allOf(search.filter, anyLabel(labels)),
      ...(text ? { text } : {}),
      ...(search.properties ? { properties: propertyList(search.properties) } : {}),
    };
  }

  async find(request: NodeFindRequest): Promise<NodePage> {
    const skip = request.skip ?? 0;
    const limit = Math.min(request.limit ?? FIND_DEFAULT_LIMIT, FIND_MAX_LIMIT);
    const sort = request.sort?.map((key) => ({ property: assertIdentifier('property', key.property), direction: key.direction }));
    const query = await this.compile(request);
    const countLimit = query.text ? { countLimit: TEXT_SEARCH_COUNT_LIMIT } : {};
    const result = await this.graph.findNodes({ ...query, ...(sort ? { sort } : {}), skip, limit, ...countLimit }, await this.scope());
    return { items: result.items, total: result.total, ...(result.totalIsLowerBound ? { totalIsLowerBound: true } : {}), skip, limit };
  }
}

import type { FrequencyResult } from '../../graph/graph-store';
import { assertIdentifier } from '../../graph/identifiers';
import { ScopedGraphService } from './scoped-graph';
import { allowsAll, dataTypesFor } from './data-types';
import { labelList, typeList } from './property-names';
import { GraphVocabulary } from './vocabulary';

export const FREQUENCY_DEFAULT_LIMIT = 20;
export const FREQUENCY_MAX_LIMIT = 1000;

/** Splits a comma-separated path segment ("Person,Employee") into names. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * Frequency statistics of property values (spec 4.6), counted by the adapter over the elements
 * visible to the user only (hidden rows and hidden properties are never counted). Labels and types
 * named in the path must be known to the user, as in find (400 UNKNOWN_LABEL / UNKNOWN_TYPE: a
 * hidden label gets the answer of one that does not exist); the adapters also compile a label or
 * type outside the scope to false.
 */
export class GraphStatsService extends ScopedGraphService {
  async nodes(property: string, labels: string[] | undefined, limit = FREQUENCY_DEFAULT_LIMIT): Promise<FrequencyResult> {
    const name = assertIdentifier('property', property);
    const wanted = labels ? labelList(labels) : undefined;
    if (wanted && wanted.length > 0) await new GraphVocabulary(this.ctx, this.scope()).assertKnownLabels(wanted);
    return this.graph.frequency({ target: 'nodes', property: name, labels: wanted, limit }, await this.scope());
  }

  /**
   * Relationships: the types searched are the requested ones (or all) narrowed to those DATA_TYPES
   * allows; when DATA_TYPES allows none of them, nothing is counted.
   */
  async relationships(property: string, types: string[] | undefined, limit = FREQUENCY_DEFAULT_LIMIT): Promise<FrequencyResult> {
    const name = assertIdentifier('property', property);
    const searched = await this.allowedTypes(typeList(types));
    if (searched !== undefined && searched.length === 0) return { property: name, values: [], total: 0, distinct: 0 };
    if (searched !== undefined && types && types.length > 0) await new GraphVocabulary(this.ctx, this.scope()).assertKnownTypes(searched);
    return this.graph.frequency({ target: 'relationships', property: name, types: searched, limit }, await this.scope());
  }

  /** Nodes and relationships together. */
  async all(property: string, limit = FREQUENCY_DEFAULT_LIMIT): Promise<FrequencyResult> {
    const name = assertIdentifier('property', property);
    const types = await this.allowedTypes(undefined);
    if (types !== undefined && types.length === 0) return this.nodes(name, undefined, limit);
    return this.graph.frequency({ target: 'all', property: name, types, limit }, await this.scope());
  }

  /** undefined = every type. */
  private async allowedTypes(requested: string[] | undefined): Promise<string[] | undefined> {
    const dataTypes = await dataTypesFor(this.ctx);
    if (allowsAll(dataTypes.relationshipTypes)) return requested && requested.length > 0 ? requested : undefined;
    const allowed = dataTypes.relationshipTypes;
    return requested && requested.length > 0 ? requested.filter((type) => allowed.includes(type)) : [...allowed];
  }
}

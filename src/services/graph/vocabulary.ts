import { BadRequestError } from '../../errors';
import type { Filter } from '../../graph/graph-store';
import { assertIdentifiers } from '../../graph/identifiers';
import { ScopedGraphService } from './scoped-graph';
import { dataTypesFor, listedNames } from './data-types';
import { filterNames } from './filter-tools';

function sortedUnion(...lists: string[][]): string[] {
  return [...new Set(lists.flat())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The names a user may work with: labels, relationship types and property keys that exist among
 * the elements visible to the user, plus the labels and types listed in DATA_TYPES (which the
 * user's scope allows). Filters naming anything else are refused with 400 UNKNOWN_LABEL /
 * UNKNOWN_TYPE: a hidden label gets the same answer as one that does not exist.
 */
export class GraphVocabulary extends ScopedGraphService {
  async possibleLabels(): Promise<string[]> {
    const scope = await this.scope();
    const [existing, dataTypes] = await Promise.all([this.graph.labels(scope), dataTypesFor(this.ctx)]);
    const configured = listedNames(dataTypes.nodeLabels).filter((label) => scope.labels === '*' || scope.labels.includes(label));
    return sortedUnion(existing, configured);
  }

  async possibleTypes(): Promise<string[]> {
    const scope = await this.scope();
    const [existing, dataTypes] = await Promise.all([this.graph.relationshipTypes(scope), dataTypesFor(this.ctx)]);
    const configured = listedNames(dataTypes.relationshipTypes).filter((type) => scope.types === '*' || scope.types.includes(type));
    return sortedUnion(existing, configured);
  }

  async propertyKeys(): Promise<string[]> {
    return this.graph.propertyKeys(await this.scope());
  }

  /** The DATA_TYPES labels / types the scope allows (known without asking the graph). */
  private async configured(kind: 'labels' | 'types'): Promise<Set<string>> {
    const [scope, dataTypes] = await Promise.all([this.scope(), dataTypesFor(this.ctx)]);
    const listed = listedNames(kind === 'labels' ? dataTypes.nodeLabels : dataTypes.relationshipTypes);
    const allowed = kind === 'labels' ? scope.labels : scope.types;
    return new Set(listed.filter((name) => allowed === '*' || allowed.includes(name)));
  }

  /** Refuses labels the user does not know of (hidden or absent alike). */
  async assertKnownLabels(labels: Iterable<string>): Promise<void> {
    const wanted = assertIdentifiers('label', [...labels]);
    if (wanted.length === 0) return;
    // Names DATA_TYPES lists are known without scanning the visible graph.
    const configured = await this.configured('labels');
    if (wanted.every((label) => configured.has(label))) return;
    const known = new Set(await this.possibleLabels());
    const unknown = wanted.filter((label) => !known.has(label));
    if (unknown.length > 0) throw new BadRequestError(`Unknown label ${JSON.stringify(unknown[0])}`, 'UNKNOWN_LABEL', { labels: unknown });
  }

  async assertKnownTypes(types: Iterable<string>): Promise<void> {
    const wanted = assertIdentifiers('relationship type', [...types]);
    if (wanted.length === 0) return;
    const configured = await this.configured('types');
    if (wanted.every((type) => configured.has(type))) return;
    const known = new Set(await this.possibleTypes());
    const unknown = wanted.filter((type) => !known.has(type));
    if (unknown.length > 0)
      throw new BadRequestError(`Unknown relationship type ${JSON.stringify(unknown[0])}`, 'UNKNOWN_TYPE', { types: unknown });
  }

  /** Every label and type a filter mentions must be known to the user. */
  async assertKnownFilterNames(filter: Filter | undefined, extraLabels: string[] = []): Promise<void> {
    const names = filterNames(filter);
    await this.assertKnownLabels([...names.labels, ...extraLabels]);
    await this.assertKnownTypes(names.types);
  }
}

import type { Driver } from 'neo4j-driver';
import type {
  AccessScope,
  BulkImportBatch,
  BulkImportOptions,
  BulkImportResult,
  CreatedElements,
  CypherOptions,
  CypherResult,
  DeletedCreated,
  DeletedElements,
  ExploreQuery,
  ExploreResult,
  Filter,
  FindQuery,
  FindResult,
  FrequencyQuery,
  FrequencyResult,
  FulltextConfig,
  FulltextStatus,
  GraphId,
  GraphNode,
  GraphPath,
  GraphRelationship,
  GraphStore,
  ImportBatch,
  ImportBatchResult,
  NodeInput,
  NodeUpdate,
  PathQuery,
  PropertyPatch,
  RelationshipInput,
  SchemaIndex,
  SchemaIndexInput,
  ServerInfo,
  Subgraph,
} from '../graph-store';
import type { Dialect } from './dialect';
import { Neo4jConnection } from './store/connection';
import * as dataSchema from './store/data-schema';
import { runCypher } from './store/free-cypher';
import * as fulltext from './store/fulltext';
import * as imports from './store/import-writes';
import { getNodes, getRelationships } from './store/reads-by-id';
import * as indexes from './store/schema-indexes';
import * as search from './store/search';
import type { Neo4jGraphStoreOptions } from './store/store-options';
import * as traversal from './store/traversal';
import * as writes from './store/writes';

export { driverConfig, type Neo4jGraphStoreOptions } from './store/store-options';
export { FULLTEXT_INDEX_NAME } from './store/fulltext';
export { IMPORT_BATCH_ROWS } from './store/import-writes';
export { shortPageTotal, STREAM_BUFFER_ROWS } from './store/search';
export { explainOf } from './store/free-cypher';
export { parseIndexRecord } from './store/schema-indexes';

/**
 * The Neo4j adapter of the GraphStore port. The connection (store/connection.ts) holds the
 * driver, the dialect and the sessions; each group of operations is a module of functions in
 * store/ that takes it, in the order of the port: reads by id, search, schema of the data,
 * traversal, writes, imports, schema indexes, fulltext, free Cypher.
 */
export class Neo4jGraphStore implements GraphStore {
  readonly backend = 'neo4j' as const;
  private readonly s: Neo4jConnection;

  /** `deps.driver` replaces the real driver (unit tests record the generated Cypher with it). */
  constructor(options: Neo4jGraphStoreOptions, deps: { driver?: Driver } = {}) {
    this.s = new Neo4jConnection(options, deps);
  }

  get dialect(): Dialect {
    return this.s.dialect;
  }

  // Lifecycle

  init(): Promise<void> {
    return this.s.init();
  }

  close(): Promise<void> {
    return this.s.close();
  }

  serverInfo(): Promise<ServerInfo> {
    return this.s.serverInfo();
  }

  // Reads by id

  getNodes(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphNode[]> {
    return getNodes(this.s, ids, scope, properties);
  }

  getRelationships(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphRelationship[]> {
    return getRelationships(this.s, ids, scope, properties);
  }

  // Search

  findNodes(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphNode>> {
    return search.findNodes(this.s, query, scope);
  }

  findRelationships(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphRelationship>> {
    return search.findRelationships(this.s, query, scope);
  }

  streamNodes(query: Pick<FindQuery, 'filter' | 'text' | 'properties'>, scope: AccessScope): AsyncIterable<GraphNode> {
    return search.streamNodes(this.s, query, scope);
  }

  streamRelationships(query: Pick<FindQuery, 'filter' | 'properties'>, scope: AccessScope): AsyncIterable<GraphRelationship> {
    return search.streamRelationships(this.s, query, scope);
  }

  // Schema of the data

  labels(scope: AccessScope): Promise<string[]> {
    return dataSchema.labels(this.s, scope);
  }

  relationshipTypes(scope: AccessScope): Promise<string[]> {
    return dataSchema.relationshipTypes(this.s, scope);
  }

  propertyKeys(scope: AccessScope): Promise<string[]> {
    return dataSchema.propertyKeys(this.s, scope);
  }

  frequency(query: FrequencyQuery, scope: AccessScope): Promise<FrequencyResult> {
    return dataSchema.frequency(this.s, query, scope);
  }

  sample(limit: number, scope: AccessScope): Promise<Subgraph> {
    return dataSchema.sample(this.s, limit, scope);
  }

  // Traversal

  directRelationships(a: GraphId[], b: GraphId[], scope: AccessScope, types?: string[]): Promise<GraphRelationship[]> {
    return traversal.directRelationships(this.s, a, b, scope, types);
  }

  indirectRelationships(nodeIds: GraphId[], query: PathQuery, scope: AccessScope): Promise<GraphPath[]> {
    return traversal.indirectRelationships(this.s, nodeIds, query, scope);
  }

  explore(query: ExploreQuery, scope: AccessScope): Promise<ExploreResult> {
    return traversal.explore(this.s, query, scope);
  }

  shortestPaths(from: GraphId, to: GraphId, query: PathQuery, scope: AccessScope): Promise<GraphPath[]> {
    return traversal.shortestPaths(this.s, from, to, query, scope);
  }

  // Writes

  createNode(input: NodeInput, scope: AccessScope): Promise<GraphNode> {
    return writes.createNode(this.s, input, scope);
  }

  createRelationship(input: RelationshipInput, scope: AccessScope): Promise<GraphRelationship | null> {
    return writes.createRelationship(this.s, input, scope);
  }

  updateNode(id: GraphId, update: NodeUpdate, scope: AccessScope): Promise<GraphNode | null> {
    return writes.updateNode(this.s, id, update, scope);
  }

  updateRelationship(id: GraphId, patch: PropertyPatch, scope: AccessScope): Promise<GraphRelationship | null> {
    return writes.updateRelationship(this.s, id, patch, scope);
  }

  updateNodesMatching(filter: Filter | undefined, update: NodeUpdate, scope: AccessScope): Promise<number> {
    return writes.updateNodesMatching(this.s, filter, update, scope);
  }

  deleteNode(id: GraphId, scope: AccessScope): Promise<DeletedElements | null> {
    return writes.deleteNode(this.s, id, scope);
  }

  deleteRelationship(id: GraphId, scope: AccessScope): Promise<DeletedElements | null> {
    return writes.deleteRelationship(this.s, id, scope);
  }

  deleteCreated(created: CreatedElements, scope: AccessScope): Promise<DeletedCreated> {
    return writes.deleteCreated(this.s, created, scope);
  }

  importBatch(batch: ImportBatch): Promise<ImportBatchResult> {
    return imports.importBatch(this.s, batch);
  }

  bulkImport(source: AsyncIterable<BulkImportBatch>, scope: AccessScope, options: BulkImportOptions = {}): Promise<BulkImportResult> {
    return imports.bulkImport(this.s, source, scope, options);
  }

  // Schema indexes

  listIndexes(): Promise<SchemaIndex[]> {
    return indexes.listIndexes(this.s);
  }

  createIndex(input: SchemaIndexInput): Promise<SchemaIndex> {
    return indexes.createIndex(this.s, input);
  }

  dropIndex(input: SchemaIndexInput): Promise<boolean> {
    return indexes.dropIndex(this.s, input);
  }

  // Fulltext

  fulltextStatus(): Promise<FulltextStatus> {
    return fulltext.fulltextStatus(this.s);
  }

  createFulltextIndex(config: FulltextConfig): Promise<FulltextStatus> {
    return fulltext.createFulltextIndex(this.s, config);
  }

  dropFulltextIndex(): Promise<void> {
    return fulltext.dropFulltextIndex(this.s);
  }

  // Free Cypher

  runCypher(query: string, params: Record<string, unknown>, options: CypherOptions): Promise<CypherResult> {
    return runCypher(this.s, query, params, options);
  }
}

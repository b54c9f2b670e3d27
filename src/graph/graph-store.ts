/**
 * The port every graph feature goes through. Adapters (src/graph/postgres, src/graph/neo4j)
 * implement it; nothing above this file knows Cypher or SQL.
 *
 * Access control is part of the contract: every read and write takes an AccessScope, and the
 * adapter compiles it into the query itself, so hidden labels, types, properties and rows never
 * leave the database (not as elements, not as counts, not as keys).
 */

import type { Knex } from 'knex';

export type GraphId = string;
export type Properties = Record<string, unknown>;

export interface GraphNode {
  id: GraphId;
  labels: string[];
  properties: Properties;
}

export interface GraphRelationship {
  id: GraphId;
  type: string;
  startNodeId: GraphId;
  endNodeId: GraphId;
  properties: Properties;
}

export interface GraphPath {
  nodes: GraphNode[];
  relationships: GraphRelationship[];
}

export interface Subgraph {
  nodes: GraphNode[];
  relationships: GraphRelationship[];
}

// ---------------------------------------------------------------------------------------------
// The filter language: one JSON tree, compiled by each adapter to parameterised queries.
// Identifiers (labels, types, property names) are validated (see identifiers.ts) and quoted; values
// are always bound as parameters.
//
// Semantics (the same on every backend; contract-tested in test/graph/contract.test.ts):
//  - two-valued logic: every condition is true or false. A comparison (=, <>, <, <=, >, >=, IN,
//    CONTAINS, STARTS WITH, ENDS WITH, =~) with a property the element lacks, or hides from the
//    reader, or holds a value of another type, is false; `not` of it is true. So
//    {"not": {"property": "x", "operator": "=", "value": 1}} keeps the elements without x.
//  - a property is never stored as null (writing null removes it): IS NULL = "lacks it (or it is
//    hidden)", IS NOT NULL = "has it (visible)".
//  - <, <=, >, >= compare numbers with numbers, strings with strings, booleans with booleans
//    (anything else is false); CONTAINS / STARTS WITH / ENDS WITH / =~ match strings only.
//  - =~ matches the whole value; leading inline flags (?i) (?m) (?s) (?u) are accepted (regex.ts).
//  - a label or relationship type outside the reader's scope is false wherever a query names it
//    (filters, frequency labels / types, explore labels / types, path types).
//  - sorting: elements without the property come last in both directions; values of different
//    types sort lists < strings < booleans < numbers (Cypher's order).

export const COMPARISON_OPERATORS = ['=', '<>', '<', '<=', '>', '>=', 'IN', 'CONTAINS', 'STARTS WITH', 'ENDS WITH', '=~'] as const;
export const NULL_OPERATORS = ['IS NULL', 'IS NOT NULL'] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export type NullOperator = (typeof NULL_OPERATORS)[number];

export type Filter =
  | { and: Filter[] }
  | { or: Filter[] }
  | { not: Filter }
  /** Node carries the label. */
  | { label: string }
  /** Relationship has the type. */
  | { type: string }
  /** Element id (node or relationship, by context) is one of the ids. */
  | { ids: GraphId[] }
  | { property: string; operator: ComparisonOperator; value: unknown }
  | { property: string; operator: NullOperator };

// ---------------------------------------------------------------------------------------------
// Access scope: what one user may see. Built by the service from DATA_TYPES, the groups'
// entitySecurity, propertySecurity and dataSecurity, and the Read all data permission.

/** Property rule for elements carrying a label (nodes) or type (relationships); key '*' = all. */
export interface PropertyRule {
  /** When present, only these properties are visible. */
  allow?: string[];
  /** Never visible; wins over allow. */
  deny?: string[];
}

export interface AccessScope {
  /** True for Read all data with DATA_TYPES ["*"]: adapters may skip every restriction. */
  unrestricted: boolean;
  /** Visible node labels ('*' = all). A node is visible when at least one of its labels is. */
  labels: '*' | string[];
  /** Visible relationship types ('*' = all). */
  types: '*' | string[];
  /** Row rule for nodes (entitySecurity + dataSecurity, union over groups); absent = all rows. */
  nodeFilter?: Filter;
  /** Row rule for relationships; a relationship is also only visible when both ends are. */
  relationshipFilter?: Filter;
  /** Property visibility per label; a property is hidden when any matching rule hides it. */
  nodeProperties?: Record<string, PropertyRule>;
  /** Property visibility per relationship type. */
  relationshipProperties?: Record<string, PropertyRule>;
}

export const UNRESTRICTED: AccessScope = { unrestricted: true, labels: '*', types: '*' };

// ---------------------------------------------------------------------------------------------
// Queries

export interface SortKey {
  property: string;
  direction: 'asc' | 'desc';
}

export interface FindQuery {
  filter?: Filter;
  /** Fulltext search text (uses the fulltext index when it is online, a substring scan otherwise). */
  text?: string;
  sort?: SortKey[];
  skip?: number;
  limit?: number;
  /** Return only these properties (all visible ones when absent). */
  properties?: string[];
  /**
   * Count at most this many matches: when more match, `total` is this number and
   * `totalIsLowerBound` is true, so the count never reads every match (large text searches).
   * Adapters without a bounded count may count exactly.
   */
  countLimit?: number;
}

export interface FindResult<T> {
  items: T[];
  /** Count of all visible matches, ignoring skip and limit (see totalIsLowerBound). */
  total: number;
  /** True when the count stopped at FindQuery.countLimit: more than `total` match. */
  totalIsLowerBound?: boolean;
}

export interface FrequencyQuery {
  target: 'nodes' | 'relationships' | 'all';
  property: string;
  /** Nodes must carry all these labels. */
  labels?: string[];
  /** Relationships must have one of these types. */
  types?: string[];
  /** How many top values to return (default 20). */
  limit?: number;
}

export interface FrequencyResult {
  property: string;
  /** Most frequent first; equal counts in value order (lists < strings < booleans < numbers). */
  values: Array<{ value: unknown; count: number }>;
  /** Elements that have the property. */
  total: number;
  distinct: number;
}

export interface ExploreQuery {
  nodeId: GraphId;
  direction?: 'in' | 'out' | 'both';
  types?: string[];
  labels?: string[];
  /** Maximum number of neighbours returned (default 100). */
  limit?: number;
  /** Neighbours passed over first, in id order (paging through a super-node; default 0). */
  skip?: number;
}

export interface ExploreResult extends Subgraph {
  /** Visible neighbours after this page (not passed over, not returned). */
  remaining: number;
}

export interface PathQuery {
  maxDepth?: number;
  types?: string[];
  direction?: 'in' | 'out' | 'both';
  /** Maximum number of paths returned. */
  limit?: number;
}

export interface NodeInput {
  labels: string[];
  properties: Properties;
}

export interface RelationshipInput {
  type: string;
  startNodeId: GraphId;
  endNodeId: GraphId;
  properties: Properties;
}

/** A property patch: a null value removes the property. */
export type PropertyPatch = Record<string, unknown>;

export interface NodeUpdate {
  properties?: PropertyPatch;
  addLabels?: string[];
  removeLabels?: string[];
}

export interface DeletedElements {
  nodes: GraphNode[];
  relationships: GraphRelationship[];
}

/** How an imported relationship finds its end: by internal id, by a key of a node in the same batch, or by a property. */
export type NodeRef = { id: GraphId } | { key: string } | { label: string; property: string; value: unknown };

export interface ImportBatch {
  nodes: Array<NodeInput & { key?: string }>;
  relationships: Array<{ type: string; start: NodeRef; end: NodeRef; properties: Properties }>;
}

export interface ImportBatchResult {
  nodesCreated: number;
  relationshipsCreated: number;
  /** Relationships whose ends were not found, by their position in the batch. */
  unresolved: number[];
  /** Ids of created nodes by key. */
  keys: Record<string, GraphId>;
}

/** A node of a bulk import (issue 10). `row` is the caller's row number, echoed in unresolvedRows. */
export interface BulkImportNode {
  row: number;
  labels: string[];
  properties: Properties;
  /** Referenced by relationships of this import as { key }. */
  key?: string;
  /** Match an existing node carrying this label with an equal property value: update it (properties merged, labels added) instead of creating one. */
  merge?: { label: string; property: string };
  /** With merge: a match is left as it is (a relationship end created when missing). */
  createOnly?: boolean;
}

export interface BulkImportRelationship {
  row: number;
  type: string;
  start: NodeRef;
  end: NodeRef;
  properties: Properties;
}

export interface BulkImportBatch {
  nodes: BulkImportNode[];
  relationships: BulkImportRelationship[];
  /** Called once the batch is written (inside the transaction), with the rows of its unresolved relationships. */
  onWritten?: (unresolvedRows: number[]) => Promise<void> | void;
}

export interface BulkImportResult {
  nodesCreated: number;
  nodesUpdated: number;
  relationshipsCreated: number;
  /** Rows of relationships whose start or end was not found (nothing written for them). */
  unresolvedRows: number[];
  /**
   * With BulkImportOptions.recordCreated: the ids of the nodes and relationships the import
   * created (not those it updated); null once more than recordCreated elements were created.
   */
  created?: CreatedElements | null;
}

/** Elements an import created, by id (issue 23: undo of an import). */
export interface CreatedElements {
  nodes: GraphId[];
  relationships: GraphId[];
}

/** What deleteCreated removed; the rest of the given elements was gone already or is hidden from the scope. */
export interface DeletedCreated {
  nodesDeleted: number;
  relationshipsDeleted: number;
}

export interface BulkImportOptions extends GraphWriteOptions<BulkImportResult> {
  /** Dry run: do everything, then roll back (nothing is written, the counts are exact). */
  rollback?: boolean;
  /**
   * The label + property pairs the import will match on (merge keys, relationship ends), when
   * known in advance: an adapter may prepare them before its transaction opens (Neo4j creates a
   * missing property index for each; it cannot once the import's own transaction is open).
   */
  matchKeys?: Array<{ label: string; property: string }>;
  /** Record the ids of what the import creates (result.created), up to this many nodes + relationships. */
  recordCreated?: number;
  /**
   * 'single' (default): every batch in ONE transaction. 'batched' (issue 23 item 10: an import
   * larger than the Neo4j heap): each batch commits on its own, and recordBatch receives what it
   * created and updated inside its transaction, before the commit (a record may so name elements
   * of a batch whose commit then failed: they do not exist). Undoing a failed batched import is
   * the caller's (deleteCreated, batch by batch from the last). A dry run (rollback) is single.
   */
  transaction?: 'single' | 'batched';
  recordBatch?: (batch: ImportedBatch) => Promise<void>;
}

/** What one committed batch of a batched import created (to delete on failure) and updated (which cannot be undone). */
export interface ImportedBatch {
  created: CreatedElements;
  updated: GraphId[];
}

export interface SchemaIndex {
  name: string;
  entity: 'node' | 'relationship';
  /** Label (node) or type (relationship). */
  token: string;
  properties: string[];
  state: 'ONLINE' | 'POPULATING' | 'FAILED';
}

export interface SchemaIndexInput {
  entity: 'node' | 'relationship';
  token: string;
  properties: string[];
}

export interface FulltextConfig {
  /** Node labels to index. */
  labels: string[];
  /** Properties to index. */
  properties: string[];
}

export type FulltextState = 'NOT_CREATED' | 'POPULATING' | 'ONLINE' | 'FAILED';

export interface FulltextStatus {
  state: FulltextState;
  /** 0 to 100. */
  progress: number;
  config: FulltextConfig | null;
  failureMessage?: string;
}

export interface CypherOptions {
  readOnly: boolean;
  timeoutMs: number;
  maxRows: number;
  /**
   * The reader's scope. When it is restricted the adapter rewrites the query so every node and
   * relationship pattern (each element of a variable-length one too) carries the scope, property
   * access reads null where the scope hides the property, and the run is read-only; what cannot be
   * rewritten safely is refused (403 CYPHER_RESTRICTED). Absent or unrestricted: run as written.
   */
  scope?: AccessScope;
  /**
   * Writing clauses (CREATE, MERGE, SET, REMOVE, DELETE) on the PostgreSQL backend: every element
   * the query writes is shown to this check before it is written, as the writer sees it (hidden
   * labels and properties left out); a throw refuses the query and nothing of it is written.
   * Without it (or with readOnly) a writing query is refused: 403 READ_ONLY_QUERY.
   */
  writeCheck?: (write: CypherElementWrite) => void;
  /** With writeCheck: runs inside the query's transaction before the commit (its audit event). */
  beforeCommit?: (result: CypherResult, transaction: GraphWriteTransaction) => Promise<void>;
}

/** An element a Cypher query writes, as the writer sees it (CypherOptions.writeCheck). */
export type CypherElementWrite =
  | {
      entity: 'node';
      mode: 'create' | 'update';
      /** The visible labels after the write. */
      labels: string[];
      /** The visible properties after the write. */
      properties: Properties;
      /** Labels the write adds or removes. */
      namedLabels: string[];
      /** Properties set (a value) or removed (null) by the write; a creation: every property given. */
      patch: PropertyPatch;
    }
  | { entity: 'relationship'; mode: 'create' | 'update'; type: string; properties: Properties; patch: PropertyPatch };

/**
 * What a writing query changed, counted as the openCypher TCK counts side effects (a difference
 * of the graph before and after, as far as the writer can see it): elements created and deleted,
 * label names that came to exist or ceased to exist on any node, properties given a new value
 * (created elements' included) and properties that lost their value (deleted elements' included).
 */
export interface CypherSideEffects {
  nodesCreated: number;
  nodesDeleted: number;
  relationshipsCreated: number;
  relationshipsDeleted: number;
  labelsAdded: number;
  labelsRemoved: number;
  propertiesSet: number;
  propertiesRemoved: number;
}

export interface CypherResult {
  columns: string[];
  /** Graph values serialised as GraphNode / GraphRelationship / GraphPath. */
  rows: unknown[][];
  truncated: boolean;
  /** A query with writing clauses (PostgreSQL backend): what it changed. */
  sideEffects?: CypherSideEffects;
}

export interface ServerInfo {
  backend: 'postgres' | 'neo4j';
  version: string;
  edition?: string;
}

/** The transaction a write runs in, as handed to GraphWriteOptions.beforeCommit. */
export interface GraphWriteTransaction {
  /** A transaction of the service's own SQL database (atomicWrites 'sql'): work on it commits or rolls back with the change. */
  sql?: Knex.Transaction;
}

/** Optional last argument of every write method (absent: the write behaves as it always did). */
export interface GraphWriteOptions<T> {
  /**
   * Runs after the change, inside its transaction and before the commit, with the write's result;
   * a throw rolls the change back and reaches the caller. Called only by adapters whose
   * `atomicWrites` is 'sql' (the caller records the audit event there; the adapter knows nothing
   * of it). Other adapters ignore it: the caller must make its record two-phase.
   */
  beforeCommit?: (result: T, transaction: GraphWriteTransaction) => Promise<void>;
}

export interface GraphStore {
  readonly backend: 'postgres' | 'neo4j';
  /**
   * 'sql' when the graph lives in the service's own SQL database and write methods run
   * options.beforeCommit inside the write's transaction (PostgreSQL adapter). Absent otherwise.
   */
  readonly atomicWrites?: 'sql';

  /** Connects, detects the server version, prepares what the adapter needs. */
  init(): Promise<void>;
  close(): Promise<void>;
  /** Throws GraphUnavailableError when the database does not answer. */
  serverInfo(): Promise<ServerInfo>;

  // reads by id
  getNodes(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphNode[]>;
  getRelationships(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphRelationship[]>;

  // search
  findNodes(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphNode>>;
  findRelationships(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphRelationship>>;
  /**
   * Streams every match in the backend's id order (ids need not follow creation order), in pages,
   * at constant memory. The stream may hold a database connection while it is consumed (a cursor
   * on a PostgreSQL server): run no other query of the same database inside the loop (collect
   * first), or concurrent consumers can each hold one connection and wait for another.
   */
  streamNodes(query: Pick<FindQuery, 'filter' | 'text' | 'properties'>, scope: AccessScope): AsyncIterable<GraphNode>;
  streamRelationships(query: Pick<FindQuery, 'filter' | 'properties'>, scope: AccessScope): AsyncIterable<GraphRelationship>;
  /**
   * The visible property keys of the nodes streamNodes(query) would give, in no promised order
   * (a CSV export's column set, issue 24). Optional: without it, the export reads the stream twice.
   */
  nodePropertyKeys?(query: Pick<FindQuery, 'filter' | 'text'>, scope: AccessScope): Promise<string[]>;

  // schema of the data
  labels(scope: AccessScope): Promise<string[]>;
  relationshipTypes(scope: AccessScope): Promise<string[]>;
  propertyKeys(scope: AccessScope): Promise<string[]>;
  frequency(query: FrequencyQuery, scope: AccessScope): Promise<FrequencyResult>;
  /** Up to `limit` visible nodes and up to `limit` visible relationships, in no promised order (for automatic settings). */
  sample(limit: number, scope: AccessScope): Promise<Subgraph>;

  // traversal
  /** Relationships (any direction) with one end in `a` and the other in `b`. */
  directRelationships(a: GraphId[], b: GraphId[], scope: AccessScope, types?: string[]): Promise<GraphRelationship[]>;
  /** Paths of length 2..maxDepth (any direction) between any two of the nodes, through other nodes. */
  indirectRelationships(nodeIds: GraphId[], query: PathQuery, scope: AccessScope): Promise<GraphPath[]>;
  /** Throws NotFoundError when the node is absent, malformed or not visible. */
  explore(query: ExploreQuery, scope: AccessScope): Promise<ExploreResult>;
  /** All shortest paths between two nodes. */
  shortestPaths(from: GraphId, to: GraphId, query: PathQuery, scope: AccessScope): Promise<GraphPath[]>;

  // writes (the scope limits what may be addressed; invisible elements behave as absent)
  createNode(input: NodeInput, scope: AccessScope, options?: GraphWriteOptions<GraphNode>): Promise<GraphNode>;
  createRelationship(
    input: RelationshipInput,
    scope: AccessScope,
    options?: GraphWriteOptions<GraphRelationship | null>,
  ): Promise<GraphRelationship | null>;
  updateNode(id: GraphId, update: NodeUpdate, scope: AccessScope, options?: GraphWriteOptions<GraphNode | null>): Promise<GraphNode | null>;
  updateRelationship(
    id: GraphId,
    patch: PropertyPatch,
    scope: AccessScope,
    options?: GraphWriteOptions<GraphRelationship | null>,
  ): Promise<GraphRelationship | null>;
  /** Updates every visible match in one transaction; returns how many were updated. */
  updateNodesMatching(
    filter: Filter | undefined,
    update: NodeUpdate,
    scope: AccessScope,
    options?: GraphWriteOptions<number>,
  ): Promise<number>;
  deleteNode(id: GraphId, scope: AccessScope, options?: GraphWriteOptions<DeletedElements | null>): Promise<DeletedElements | null>;
  deleteRelationship(id: GraphId, scope: AccessScope, options?: GraphWriteOptions<DeletedElements | null>): Promise<DeletedElements | null>;
  importBatch(batch: ImportBatch, options?: GraphWriteOptions<ImportBatchResult>): Promise<ImportBatchResult>;
  /**
   * Undo of an import (issue 23): deletes, in ONE transaction, the given relationships and nodes
   * that the scope shows. Refused (409 UNDO_CONFLICT, nothing deleted) when another relationship,
   * not in the list, is attached to one of the nodes: undo removes only what the import created.
   */
  deleteCreated?(created: CreatedElements, scope: AccessScope, options?: GraphWriteOptions<DeletedCreated>): Promise<DeletedCreated>;
  /**
   * Bulk import (issue 10): every batch the source yields, in ONE transaction (a throw of the
   * source, a failed statement or options.rollback leaves nothing). Ends given as label +
   * property are matched set-based per batch and must be visible in the scope; merge matches too.
   */
  bulkImport(source: AsyncIterable<BulkImportBatch>, scope: AccessScope, options?: BulkImportOptions): Promise<BulkImportResult>;

  // schema indexes
  listIndexes(): Promise<SchemaIndex[]>;
  createIndex(input: SchemaIndexInput): Promise<SchemaIndex>;
  /** Returns false when no such index exists. */
  dropIndex(input: SchemaIndexInput): Promise<boolean>;

  // fulltext index over nodes
  fulltextStatus(): Promise<FulltextStatus>;
  /** Creates the index and starts (re)indexing in the background. */
  createFulltextIndex(config: FulltextConfig): Promise<FulltextStatus>;
  dropFulltextIndex(): Promise<void>;

  /** Neo4j only; the PostgreSQL adapter throws NotImplementedError (501). */
  runCypher(query: string, params: Record<string, unknown>, options: CypherOptions): Promise<CypherResult>;
}

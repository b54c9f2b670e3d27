// Generated from the OpenAPI document by npm run check:client -- --write; do not edit.
export interface paths {
    "/audit/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit events
         * @description Lists audit events matching the filters. format=json (default) returns one page, newest first, with the total number of matches. format=csv and format=jsonl download every match (no paging), oldest first, as an attachment streamed in pages of 1000 (constant memory); CSV cells starting with =, +, -, @ are prefixed with an apostrophe so spreadsheets do not run them. Exports are themselves audited as audit.export. Events about graph data (node.*, nodes.*, relationship.*, cypher.*, data.*, graph.*, schema.index.*, fulltext.*) are shown through the reader's data access scope unless the reader may read all data: an event about an element the reader cannot see now (hidden, or deleted since), a bulk update or a Cypher run keeps its action, time and user with targetId null and details {"redacted": true}; an event about a visible element shows only the labels and properties the reader may see. Events are never dropped, so totals and paging do not depend on hidden data; a targetId filter matches graph events only for an element the reader can see. Configuration events (group.entitySecurity.set, group.propertySecurity.set, group.dataSecurity.set, settings.update, fulltext.configure) show, to a reader who may not see every name, each hidden label, relationship type and property name as "(hidden)" (one per list; with the compared value of a filter on a hidden property) and leave out entries keyed by a hidden name, as GET /settings does; readers with Settings management see them as recorded, and readers with ACL data management see group security events as recorded.
         *
         *     Needs the permission AUDIT_LOG (Audit log).
         */
        get: operations["getAuditData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/data/frontend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log a frontend message
         * @description Records a message from the web frontend as an audit event with the action frontend.<level>, attributed to the session user. The JSON body may be at most audit.frontendMessageMaxBytes bytes (413 otherwise); at most 120 messages per user and minute (429).
         *
         *     Any signed-in user.
         */
        post: operations["postAuditDataFrontend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit trail
         * @description Walks the hash chain of all audit events in order. Each event's hash covers its content and the previous hash, so an altered or deleted row is reported as the first broken event. The same check runs offline with `npm run audit:verify`.
         *
         *     Needs the permission AUDIT_LOG (Audit log).
         */
        get: operations["getAuditVerify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cfg/indexer/node/automatic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Automatic fulltext configuration
         * @description The string properties found in a sample of the nodes (the first sampleSize, default 1000), per label, and as a configuration: every sampled label that has string properties and every string property. Nothing is stored. Reads the data without access restrictions, hence the permission.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        get: operations["getCfgIndexerNodeAutomatic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cfg/indexer/node/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Configure the fulltext index
         * @description Stores the fulltext index configuration (the FULLTEXT_INDEX setting): the node labels and the properties to index. It takes effect with POST /cfg/indexer/node/create. Audited as fulltext.configure.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        post: operations["postCfgIndexerNodeConfigure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cfg/indexer/node/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the fulltext index
         * @description Creates (or recreates) the index with the stored configuration and starts reindexing in the background; follow it with POST /cfg/indexer/node/status. Without a configuration (no labels or no properties): 422 FULLTEXT_NOT_CONFIGURED. Audited as fulltext.create.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        post: operations["postCfgIndexerNodeCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cfg/indexer/node/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Default fulltext configuration
         * @description The default configuration: no labels and no properties, meaning "not configured" (the default of the FULLTEXT_INDEX setting). It is a constant so that resetting settings never indexes data by accident; an index needs an explicit configuration.
         *
         *     Any signed-in user.
         */
        get: operations["getCfgIndexerNodeDefault"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cfg/indexer/node/drop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drop the fulltext index
         * @description Drops the index (searches fall back to a substring scan). The stored configuration stays. Audited as fulltext.drop.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        post: operations["postCfgIndexerNodeDrop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cfg/indexer/node/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fulltext index status
         * @description State (NOT_CREATED, POPULATING with progress 0-100, ONLINE, FAILED with failureMessage) and configuration of the index; when no index exists, the stored configuration. Changes nothing. Users without Settings management see only the labels and properties visible to them.
         *
         *     Any signed-in user.
         */
        post: operations["postCfgIndexerNodeStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/cypher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a Cypher query
         * @description Runs a Cypher query with parameters, within the configured time limit (504) and row limit ("truncated": true when rows were cut). On the PostgreSQL backend a read subset of Cypher (MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, aggregation, bounded variable-length patterns, named paths, common functions; docs/cypher-postgres.md) is translated to SQL with the user's access rules in every pattern; anything else answers 400 CYPHER_UNSUPPORTED naming the construct and its line:column. Writing clauses on PostgreSQL (CREATE, MERGE with ON CREATE / ON MATCH SET, SET, REMOVE, DELETE, DETACH DELETE) need DATA_MANAGEMENT (else 403 READ_ONLY_QUERY naming the clause); the query runs in one transaction with its cypher.run audit event and answers "sideEffects". Every element written passes the rules of the node and relationship endpoints: the writer's access rules (403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE naming only what the query wrote; what the writer cannot see is never matched, and SET n = {...} keeps hidden properties), DATA_SCHEMA (422 DATA_SCHEMA_VIOLATION), portable values (400 PROPERTY_VALUE_NOT_PORTABLE) and graph.maxPropertiesPerElement (413); any error leaves nothing written. The rest of this description is about the Neo4j backend. LOAD CSV is refused for everyone on both backends (the database server would read its files or fetch a URL): 403 CYPHER_LOAD_CSV_REFUSED with its line:column. Procedures: every procedure the query would call (found in its plan, whatever the syntax) is judged by the mode the server declares: DBMS procedures (user and password administration, configuration) never run, WRITE and SCHEMA procedures only for users with unrestricted access and DATA_MANAGEMENT, and routines that run Cypher given as text (apoc.cypher.*, apoc.periodic.*, ...), that make the server read files or fetch URLs (apoc.load.*) or dbms.* functions are refused: 403 CYPHER_PROCEDURE_REFUSED. Users with unrestricted data access (READ_ALL_DATA and DATA_TYPES "*") run the query as written: read-only unless they also hold DATA_MANAGEMENT (write runs are audited as cypher.run). Everyone else: the query is parsed (Cypher 3.5 grammar; other syntax is 400 CYPHER_SYNTAX_ERROR with the position) and rewritten so every node and relationship pattern, each element of a variable-length pattern included, only matches elements the user may see; a hidden label or type matches nothing, a hidden property reads as null (also in keys(), map projections and exists()), and the query always runs read-only. Counts, aggregates, LIMIT and returned values therefore only ever reflect visible data. Refused with 403 CYPHER_RESTRICTED, naming the construct and its position: CALL and every clause that writes, shortestPath/allShortestPaths, index hints, computed subscripts x[expr], properties() and n {.*} where a property rule applies, functions outside the built-in and temporal ones, and parameter maps in patterns. Where the user has property rules, reading a property (x.p, x {.p}, x {.*}, keys(x), properties(x)) from anything but a node or relationship bound by a MATCH pattern (or passed on by WITH), or a value that holds no node or relationship, is refused with 400 CYPHER_UNSUPPORTED naming the read and its position (a map or list may hold nodes). Variables starting with "gas" are reserved (400 CYPHER_RESERVED_NAME); a parameter the request does not give is 400 CYPHER_PARAMETER_MISSING. Returned nodes, relationships and paths are re-read under the user's access rules (hidden labels and properties removed). Limits: at most cypher.maxConcurrentPerUser queries of one user (default 2) and cypher.maxConcurrent of everyone (default database.poolMax - 4) run at once; beyond either 429 CYPHER_CONCURRENCY_LIMIT with Retry-After. A user whose queries were refused as too complex (CYPHER_TOO_COMPLEX) cypher.maxTooComplex times (default 3) within cypher.tooComplexWindowMs (default 60 s) gets 429 CYPHER_TOO_COMPLEX_REPEATED with Retry-After until the oldest refusal leaves that window.
         *
         *     Needs the permission CYPHER_QUERIES (Cypher queries).
         */
        post: operations["postDataCypher"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/graph": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Nodes and relationships by id
         * @description Returns the nodes and relationships with the given internal ids; unknown ids and ids the user cannot see are left out. Nodes and relationships the user cannot see are neither returned nor traversed. Labels and types named in the request must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        post: operations["postDataGraph"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/graph/directRelationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Direct connections between two node groups
         * @description Every relationship (any direction) with one end among sourceIds and the other among targetIds. Nodes and relationships the user cannot see are neither returned nor traversed. Labels and types named in the request must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        post: operations["postDataGraphDirectRelationships"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/graph/explore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Explore the neighbourhood of a node
         * @description The node, up to "limit" neighbours (in id order, after "skip" of them) and the relationships to them; "remaining" counts the visible neighbours after this page. 404 when the node is absent or not visible. Nodes and relationships the user cannot see are neither returned nor traversed. Labels and types named in the request must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        post: operations["postDataGraphExplore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/graph/indirectRelationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Indirect connections between nodes
         * @description Paths of 2 to maxDepth relationships (any direction unless "direction" says otherwise) between any two of the nodes, through other nodes. Nodes and relationships the user cannot see are neither returned nor traversed. Labels and types named in the request must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        post: operations["postDataGraphIndirectRelationships"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/graph/uid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Nodes and relationships by uid
         * @description Finds elements by the uid properties defined in the DATA_TYPES setting (uid.nodes: label -> property, uid.relationships: type -> property). A label (type) without a configured uid property is 400 UID_NOT_CONFIGURED. Nodes and relationships the user cannot see are neither returned nor traversed. Labels and types named in the request must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        post: operations["postDataGraphUid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/import/analyzeFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analyse an uploaded file
         * @description Tables (CSV, each sheet of XLS/XLSX): encoding, delimiter, quote, header, columns with their inferred type (integer, float, boolean, date, datetime, string, list) and empty counts, row count, sample rows, whether rows look like nodes or relationships, and a proposed mapping for importFile. GraphML: node and edge counts, keys with types and defaults, labels, relationship types, directedness, parallel edges, warnings (what the import leaves out: ports, data of keys declared for other elements, XML markup), and a proposed mapping; data for an undeclared key is 422 GRAPHML_UNDECLARED_KEY naming the key, element and line. Broken files answer 400/422 naming the file and the line or element.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        post: operations["postDataImportAnalyzeFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/import/importFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import an uploaded file into the graph
         * @description Imports the file with a mapping (kind nodes, relationships or graphml; analyzeFile proposes one). dryRun validates and counts everything and writes nothing. The whole import is one transaction by default: a failed or cancelled import leaves nothing. Small files answer 200 with the finished import; large ones (or background: true) answer 202 with state running: poll GET /data/import/imports/{id}, cancel with DELETE. Rows that do not convert or break DATA_SCHEMA or your data access are rejected with a reason (GET /data/import/imports/{id}/rejected.csv); the report's outcome is then succeeded-with-rejected, and with allOrNothing: true any rejected or skipped row fails the import (422 IMPORT_ROWS_REJECTED with the first reasons) and nothing is imported. An upload is imported once: a second start while its import runs or after it succeeded (not undone) is 409 IMPORT_ALREADY_STARTED (dry runs do not count). transaction: batched commits every batch (imports.batchRows rows) on its own, for imports larger than one transaction can hold (Neo4j keeps a transaction on its heap); the import records the ids of what each batch created outside the data (no stamp property), and if it fails or is cancelled it deletes them: the error's details.undo says how many nodes and relationships were deleted and what could not be undone (nodes updated through a merge key keep the update; elements another user attached to). Other users see the batches already committed while it runs. A dry run is always one transaction.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        post: operations["postDataImportImportFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/import/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * State, progress and report of an import
         * @description Only the user who started the import sees it (404 otherwise). An import whose service instance stopped during it (its lease ran out) reads failed with IMPORT_ABANDONED.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        get: operations["getDataImportImportsById"];
        put?: never;
        post?: never;
        /**
         * Cancel an import
         * @description A running import stops at its next batch and rolls back: nothing of it stays in the graph. A finished import is left as it is; one whose service instance stopped (its lease ran out) answers failed with IMPORT_ABANDONED. Answers the state after the cancel.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        delete: operations["deleteDataImportImportsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/import/imports/{id}/rejected.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Rejected and skipped rows of an import (CSV)
         * @description One line per rejected or skipped row: row (line) number, reason, then the row's cells.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        get: operations["getDataImportImportsByIdRejectedCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/import/imports/{id}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Undo an import
         * @description Deletes the nodes and relationships the import created (the ids it recorded, at most imports.maxUndoElements) that you can see, in one transaction with its audit event (data.import.undo). Nodes it only updated through a merge key keep the update. 409 IMPORT_NOT_UNDOABLE when it cannot be undone (running, failed, a dry run, undone already, too large), 409 UNDO_CONFLICT when relationships it did not create are attached to its nodes (nothing is deleted). Answers the import, with undo.undoneAt.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        post: operations["postDataImportImportsByIdUndo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/import/uploadFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload files to import
         * @description multipart/form-data with one or more files in the field "file": csv, xls, xlsx, GraphML (.graphml, .xml) or a zip of these. Nothing is imported yet: the answer lists one file identifier per file and per file inside a zip, for analyzeFile and importFile. The type is judged from the content (415 otherwise). Limits: size per file (413), zip entry count, total uncompressed size and compression ratio (413), entry names without absolute paths, ".." or links (400), the uploads one user keeps (413 UPLOAD_QUOTA_EXCEEDED, uploads.maxBytesPerUser). Zips are checked as a whole from their central directory before anything is extracted, and each entry is extracted as a stream, at most the size it declares (413 ZIP_ENTRY_SIZE_MISMATCH). A full disk answers 507 STORAGE_FULL. A refused upload leaves nothing. Uploads belong to their uploader (404 for anyone else) and expire.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        post: operations["postDataImportUploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a node
         * @description Creates a node with the labels and properties. The DATA_SCHEMA setting restricts what may be written (422 DATA_SCHEMA_VIOLATION). Audited as node.create. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        post: operations["postDataNodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/nodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a node
         * @description Applies a property patch (a null value removes the property) and optional label changes. DATA_SCHEMA rules apply (422). Audited as node.update (values of properties the user cannot see are not logged). Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        put: operations["putDataNodesById"];
        /**
         * Read a node
         * @description Finds the node by id and returns the requested properties (all visible ones when "properties" is absent). A node the user cannot see is answered like a missing one: 404.
         *
         *     Any signed-in user.
         */
        post: operations["postDataNodesById"];
        /**
         * Delete a node and its relationships
         * @description Deletes the node and every relationship attached to it. The answer lists every deleted element. Audited as node.delete.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        delete: operations["deleteDataNodesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/nodes/export/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export nodes by id as CSV
         * @description Columns: id, labels (joined by ";"), then the properties. Ids the user cannot see are left out. Streamed at constant memory. Property columns: the requested "properties", or else the union of the property keys (visible to the user) of the exported elements, sorted. Fields follow RFC 4180 (CRLF, quotes doubled); lists and maps are JSON.
         *
         *     Needs the permission EXPORT_DATA (Export data).
         */
        post: operations["postDataNodesExportCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/nodes/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update every node matching a filter
         * @description Applies the property patch "set" (null removes) and label changes to every node matching the filter that the user can see, in one transaction. DATA_SCHEMA rules are checked for every matching label set first (422, nothing changed). Audited as nodes.bulk-update with the filter and the count. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        put: operations["putDataNodesFind"];
        /**
         * Find nodes
         * @description Finds nodes by a filter tree, fulltext text and labels, sorted and paged (limit at most 1000, default 100). "total" counts every match the user can see; for a text search the count stops at 10,000: when more match, "total" is 10000 and "totalIsLowerBound" is true (show it as "more than 10,000"). Labels or types the filter names must exist among the visible data or in DATA_TYPES (400 UNKNOWN_LABEL / UNKNOWN_TYPE); a malformed filter is 400 INVALID_FILTER.
         *
         *     Any signed-in user.
         */
        post: operations["postDataNodesFind"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/nodes/find/export/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export nodes found by a condition as CSV
         * @description The condition is that of POST /data/nodes/find (filter, text, labels). Columns: id, labels, then the properties. Streamed at constant memory. Property columns: the requested "properties", or else the union of the property keys (visible to the user) of the exported elements, sorted. Fields follow RFC 4180 (CRLF, quotes doubled); lists and maps are JSON.
         *
         *     Needs the permission EXPORT_DATA (Export data).
         */
        post: operations["postDataNodesFindExportCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/nodes/possibleLabels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Possible node labels
         * @description Labels of the nodes the user can see, plus the labels listed in the DATA_TYPES setting (without "*") that the user may see.
         *
         *     Any signed-in user.
         */
        get: operations["getDataNodesPossibleLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/nodes/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a relationship
         * @description Deletes one relationship. Its id is given either in the query (?id=7) or in a JSON body {"id": "7"}; when both are given they must agree. The answer lists every deleted element (the relationship). Audited as relationship.delete.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        delete: operations["deleteDataNodesRelationships"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/possiblePropertyKeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Property names in the graph
         * @description Lists the property names existing on nodes and relationships the user can see (hidden properties are not listed).
         *
         *     Any signed-in user.
         */
        get: operations["getDataPossiblePropertyKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a relationship
         * @description Creates a relationship between two existing nodes. When an end does not exist or is not visible to the user the answer is 404 (the same for both). DATA_SCHEMA rules apply (422). Audited as relationship.create. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        post: operations["postDataRelationships"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/relationships/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update relationship properties
         * @description Applies a property patch; a null value removes the property. DATA_SCHEMA rules apply (422). Audited as relationship.update. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.
         *
         *     Needs the permission DATA_MANAGEMENT (Data management).
         */
        put: operations["putDataRelationshipsById"];
        /**
         * Read a relationship
         * @description Finds the relationship by id and returns the requested properties (all visible ones when "properties" is absent). Invisible relationships are answered like missing ones: 404.
         *
         *     Any signed-in user.
         */
        post: operations["postDataRelationshipsById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/relationships/export/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export relationships by id as CSV
         * @description Columns: id, type, start, end (node ids), then the properties. Ids the user cannot see are left out. Streamed at constant memory. Property columns: the requested "properties", or else the union of the property keys (visible to the user) of the exported elements, sorted. Fields follow RFC 4180 (CRLF, quotes doubled); lists and maps are JSON.
         *
         *     Needs the permission EXPORT_DATA (Export data).
         */
        post: operations["postDataRelationshipsExportCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/relationships/possibleTypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Possible relationship types
         * @description Types of the relationships the user can see, plus the types listed in the DATA_TYPES setting (without "*") that the user may see.
         *
         *     Any signed-in user.
         */
        get: operations["getDataRelationshipsPossibleTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/shortestPath": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * All shortest paths between two nodes
         * @description Exactly two node ids (spec 8.1: anything else is 400 SHORTEST_PATH_NEEDS_TWO_NODES); 404 when a node is absent or not visible. An empty list when no path within maxDepth exists. Nodes and relationships the user cannot see are neither returned nor traversed. Labels and types named in the request must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        post: operations["postDataShortestPath"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/stats/frequency/{property}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Value frequency over nodes and relationships
         * @description Values of the property on nodes and relationships counted together. Only elements and properties visible to the user are counted. "total" counts the elements having the property, "distinct" the distinct values. Most frequent first; equal counts in value order (values of different types: lists, strings, booleans, numbers). Labels and types named in the path must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        get: operations["getDataStatsFrequencyByProperty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/stats/frequency/nodes/{labels}/{property}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Value frequency over nodes with labels
         * @description Values of the property on nodes carrying all the given labels (comma-separated). Only elements and properties visible to the user are counted. "total" counts the elements having the property, "distinct" the distinct values. Most frequent first; equal counts in value order (values of different types: lists, strings, booleans, numbers). Labels and types named in the path must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        get: operations["getDataStatsFrequencyNodesByLabelsByProperty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/stats/frequency/nodes/{property}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Value frequency over nodes
         * @description Values of the property on all nodes. Only elements and properties visible to the user are counted. "total" counts the elements having the property, "distinct" the distinct values. Most frequent first; equal counts in value order (values of different types: lists, strings, booleans, numbers). Labels and types named in the path must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        get: operations["getDataStatsFrequencyNodesByProperty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/stats/frequency/relationships/{property}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Value frequency over relationships
         * @description Values of the property on relationships of every type the DATA_TYPES setting allows. Only elements and properties visible to the user are counted. "total" counts the elements having the property, "distinct" the distinct values. Most frequent first; equal counts in value order (values of different types: lists, strings, booleans, numbers). Labels and types named in the path must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        get: operations["getDataStatsFrequencyRelationshipsByProperty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/stats/frequency/relationships/{types}/{property}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Value frequency over relationships of types
         * @description Values of the property on relationships of the given types (comma-separated), narrowed to the types the DATA_TYPES setting allows. Only elements and properties visible to the user are counted. "total" counts the elements having the property, "distinct" the distinct values. Most frequent first; equal counts in value order (values of different types: lists, strings, booleans, numbers). Labels and types named in the path must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).
         *
         *     Any signed-in user.
         */
        get: operations["getDataStatsFrequencyRelationshipsByTypesByProperty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All groups
         * @description Every group with its description, application permissions and members.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        get: operations["getGroups"];
        put?: never;
        /**
         * Create a group
         * @description Creates a group; the name must be unique ignoring case (409 GROUP_NAME_TAKEN). Returns the name (and id) of the created group. Unknown user ids are 422 UNKNOWN_USER. Without GRANT_ALL_PERMISSIONS only permissions you hold can be granted, and only users holding nothing you lack can be added (403 ESCALATION_DENIED).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        post: operations["postGroups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a group
         * @description Renames and describes the group; permissions and members are replaced when given. Same uniqueness and escalation rules as creation.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putGroupsById"];
        post?: never;
        /**
         * Delete a group
         * @description Deletes the group with its permission and user assignments (the users stay).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        delete: operations["deleteGroupsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{id}/dataSecurity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group's dataSecurity
         * @description Row rules of the group. An addition to the specified API (which lists dataSecurity only for all groups).
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        get: operations["getGroupsByIdDataSecurity"];
        /**
         * Update a group's dataSecurity
         * @description Replaces the row rules of the group: a node with the rule's label (or a relationship of its type) is visible to members only when it matches the filter. An addition to the specified API, which names no way to edit dataSecurity.
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        put: operations["putGroupsByIdDataSecurity"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{id}/entitySecurity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group's entitySecurity
         * @description Which nodes and relationships members see (null filter = all).
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        get: operations["getGroupsByIdEntitySecurity"];
        put?: never;
        /**
         * Update a group's entitySecurity
         * @description Replaces the entitySecurity configuration; filters are validated (400 VALIDATION_FAILED for a malformed filter).
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        post: operations["postGroupsByIdEntitySecurity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{id}/propertySecurity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group's propertySecurity
         * @description Which properties members see, per label and relationship type.
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        get: operations["getGroupsByIdPropertySecurity"];
        put?: never;
        /**
         * Update a group's propertySecurity
         * @description Replaces the propertySecurity configuration. Label, type and property names must be valid identifiers or "*".
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        post: operations["postGroupsByIdPropertySecurity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a group's users
         * @description Replaces the user assignments of the group. Unknown user ids are 422 UNKNOWN_USER; every added or removed user must hold nothing you lack (403 ESCALATION_DENIED).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putGroupsByIdUsers"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/dataSecurity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * dataSecurity of all groups
         * @description Every group with its dataSecurity configuration (row rules).
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        get: operations["getGroupsDataSecurity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Basic information of all groups
         * @description Id and name of every group (for sharing dialogs and pickers).
         *
         *     Any signed-in user.
         */
        get: operations["getGroupsInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/groups/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a group's permissions
         * @description Replaces the group's application permissions. Unknown group is 404. Without GRANT_ALL_PERMISSIONS the group and the new permissions must hold nothing you lack (403 ESCALATION_DENIED); removing GRANT_ALL_PERMISSIONS from its last enabled holder is 409 LAST_ADMINISTRATOR.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        post: operations["postGroupsPermissions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers while the process runs; checks nothing else.
         *
         *     No authentication needed.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/icons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Custom icon names
         * @description The file names of all custom icons (images in <dataDir>/icons), sorted.
         *
         *     Any signed-in user.
         */
        get: operations["getIcons"];
        put?: never;
        /**
         * Upload a custom icon
         * @description Stores an icon from the multipart field "file" under the name in the field "name" (or the uploaded file name); an icon of that name is replaced. The content must be an accepted image (415 otherwise) whose type matches the name's extension; larger than uploads.maxIconBytes is 413. Audited as icon.create.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        post: operations["postIcons"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/icons/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One custom icon
         * @description The icon file with its image Content-Type and X-Content-Type-Options: nosniff. Names outside the file-name rule (path traversal, separators) are 400 INVALID_FILE_NAME; unknown names 404.
         *
         *     Any signed-in user.
         */
        get: operations["getIconsByFileName"];
        put?: never;
        post?: never;
        /**
         * Delete a custom icon
         * @description Removes the icon file. Unknown names are 404. Audited as icon.delete.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        delete: operations["deleteIconsByFileName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All jobs
         * @description Every job with its schedule, next run and last run (state, times, counters, log). A job's configuration and its runs' results, logs, counters and errors are shown in full only to the user it runs as and to readers whose data access covers that user's (unrestricted, or the same or wider labels and types with the same row and property rules); others see {"redacted": true} instead (JobRedacted).
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        get: operations["getJobs"];
        put?: never;
        /**
         * Create a job
         * @description Creates a job. The configuration is validated by the schema of its type, the schedule (6 cron fields, with seconds) and time zone on save (400 VALIDATION_FAILED with the issues in words). A job runs with the rights of the user who last saved its type or configuration: saving needs the permissions its type uses (cypher: CYPHER_QUERIES; import: DATA_MANAGEMENT; reindex: SETTINGS_MANAGEMENT; export: EXPORT_DATA), else 403. On the PostgreSQL backend Cypher statements run through its translation of the reading subset: one outside it fails the run (CYPHER_UNSUPPORTED, with the construct). A taken name is 409 JOB_NAME_TAKEN. A schedule firing more often than jobs.minIntervalMs (default one minute) is 422 JOB_SCHEDULE_TOO_FREQUENT. Audited as job.create.
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        post: operations["postJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One job
         * @description The job identified by name (ignoring case), with its next and last run; configuration and results as in GET /jobs (redacted for a reader who does not hold the rights the job runs with).
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        get: operations["getJobsByName"];
        /**
         * Update a job
         * @description Changes the given fields (type, description, config, schedule, timeZone, enabled); the whole job is validated again as on creation. A null schedule leaves only starts by hand; enabled=false stops the schedule (a start by hand still works). Changing the type or configuration makes the saving user the user the job runs as (and needs the permissions of the type); schedule, enabled and description changes keep it. A changed configuration forgets what an alert matched before. Changing the type, configuration, schedule or time zone of a job that runs as another user, or enabling it, needs that user's rights: the permissions of the type and data access covering that user's (else 403 JOB_RUN_AS_RIGHTS_REQUIRED or PERMISSION_DENIED); disabling it and editing its description do not. A schedule firing more often than jobs.minIntervalMs is 422 JOB_SCHEDULE_TOO_FREQUENT. Audited as job.update.
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        put: operations["putJobsByName"];
        post?: never;
        /**
         * Delete a job
         * @description Deletes the job and its history; a run still going is stopped by its instance at the next lease renewal. Audited as job.delete.
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        delete: operations["deleteJobsByName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{name}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Execution history of the job
         * @description The runs of the job, newest first, in pages (offset, limit up to 200, default 20), optionally of one state; each with its times, duration, counters, bounded log and error (result, log, counters and error redacted for a reader who does not hold the rights the job runs with, as in GET /jobs).
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        get: operations["getJobsByNameHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{name}/started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Start the job now
         * @description Queues a run now; a scheduler instance picks it up at once (this instance) or at its next tick. 409 JOB_RUNNING while a run of the job is queued or running. Works for disabled jobs too (disabling stops only the schedule). A job that runs as another user is started only by someone holding that user's rights (the permissions of its type and data access covering that user's), else 403 JOB_RUN_AS_RIGHTS_REQUIRED or PERMISSION_DENIED. Audited as job.start.
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        put: operations["putJobsByNameStarted"];
        post?: never;
        /**
         * Cancel the queued or running run (addition to the spec)
         * @description A queued run is cancelled at once; a running run is flagged (cancelRequested) and stopped by the instance running it within one scheduler tick, then recorded as cancelled. 409 JOB_NOT_RUNNING when nothing is queued or running. Audited as job.cancel.
         *
         *     Needs the permission JOBS_MANAGEMENT (Jobs management).
         */
        delete: operations["deleteJobsByNameStarted"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/license": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * License
         * @description The stored license text and when it was last changed; both null before the first PUT /license.
         *
         *     Any signed-in user.
         */
        get: operations["getLicense"];
        /**
         * Update the license
         * @description Replaces the license text (at most 64 KiB as UTF-8; larger is 413). Audited as license.update with the size and SHA-256 of the text.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        put: operations["putLicense"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Starts a browser session (cookie gas.sid). Accepts JSON or a form post; a form post is answered with a redirect, JSON with the user and a fresh CSRF token. Repeated failures lock the account temporarily (429 TOO_MANY_REQUESTS); many failures from one client address, whatever the usernames, are refused for a while too (429 LOGIN_ADDRESS_LIMITED). A browser sign-in from another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than this service) is refused with 403 CROSS_SITE_LOGIN. Scripts do not need this: they send HTTP Basic or a Bearer API token with each request.
         *
         *     No authentication needed.
         */
        post: operations["postLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Application logo
         * @description The custom logo uploaded with PUT /logo (PNG, SVG, JPEG, GIF or WebP), or the built-in SVG logo when there is none. Served with X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy.
         *
         *     No authentication needed.
         */
        get: operations["getLogo"];
        /**
         * Replace the logo
         * @description Uploads a new logo as multipart/form-data in the field "file". The type is checked by content: PNG, JPEG, GIF or WebP by their magic bytes, or SVG text without scripts, event handlers or external references; anything else is 415. Larger than uploads.maxIconBytes is 413. Audited as logo.update.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        put: operations["putLogo"];
        post?: never;
        /**
         * Restore the default logo
         * @description Removes the custom logo so the built-in one is served again. Audited as logo.update when a custom logo existed.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        delete: operations["deleteLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the browser session. A form post is answered with a redirect to the login page.
         *
         *     Any signed-in user.
         */
        post: operations["postLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passwordReset/isHashValid/{hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a reset link
         * @description Whether the token of a reset link can still be used: it exists, has not expired, has not been used, and its user is enabled.
         *
         *     No authentication needed.
         */
        get: operations["getPasswordResetIsHashValidByHash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passwordReset/perform": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link
         * @description Sets the new password of the link's user. The link works once; unknown, expired or used links are 410 RESET_LINK_INVALID. The password policy applies (422 PASSWORD_POLICY, the link stays usable). Clears the must-change-password flag, ends all sessions of the user and voids the user's other open links. Audited as password.reset.performed. A form post is answered with a redirect to the login page.
         *
         *     No authentication needed.
         */
        post: operations["postPasswordResetPerform"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passwordReset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a password reset link
         * @description E-mails a link to choose a new password to the user with this username, valid for passwordReset.tokenTtlHours hours and usable once. The answer is always the same 202, whether the user exists, has an e-mail address, is disabled or has asked too often (at most 3 mails per user and hour), so the endpoint cannot be used to find out usernames. The link points to server.baseUrl, or to the listen address (server.host and port) when no baseUrl is configured; never to a host named in the request (Host, X-Forwarded-Host, Origin). A newer link ends the user's older open links. Audited as password.reset.requested. A form post (application/x-www-form-urlencoded) is answered with the HTML page.
         *
         *     No authentication needed.
         */
        post: operations["postPasswordResetRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Permission catalogue
         * @description Every application permission with its stable code, name and description.
         *
         *     Any signed-in user.
         */
        get: operations["getPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Own profile
         * @description Profile information of the session user, with effective permissions and groups.
         *
         *     Any signed-in user.
         */
        get: operations["getProfile"];
        /**
         * Update own profile
         * @description Replaces name, e-mail and locale of the session user. Audited as profile.update with the names of the changed fields.
         *
         *     Any signed-in user.
         */
        put: operations["putProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/locales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Supported locales
         * @description Every language the frontend supports: the code to store in the profile, its English and its own name.
         *
         *     Any signed-in user.
         */
        get: operations["getProfileLocales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change own password
         * @description Checks the current password (wrong: 422 CURRENT_PASSWORD_INVALID, counted like a failed login) and applies the password policy (422 PASSWORD_POLICY). Clears the must-change-password flag, ends every other session of the user (the calling session stays signed in) and every open password reset link, and invalidates cached script credentials. Audited as profile.password.change.
         *
         *     Any signed-in user.
         */
        put: operations["putProfilePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Own API tokens
         * @description The session user's personal API tokens that are not revoked (expired ones are flagged), newest first. The secret itself is never shown again.
         *
         *     Any signed-in user.
         */
        get: operations["getProfileTokens"];
        put?: never;
        /**
         * Create an API token
         * @description Creates a personal API token for scripts (`Authorization: Bearer gas_...`). It acts with the user's own permissions. The token is returned once, in this response; only its SHA-256 is stored. At most 50 active tokens per user (422 TOO_MANY_TOKENS). Audited as token.create.
         *
         *     Any signed-in user.
         */
        post: operations["postProfileTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token
         * @description Revokes one of the session user's tokens; it stops working at once. Unknown, foreign or already revoked ids are 404. Audited as token.revoke.
         *
         *     Any signed-in user.
         */
        delete: operations["deleteProfileTokensById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Checks that the internal PostgreSQL store and the graph database answer, each within graphdb.readyTimeoutMs (1.5 s by default; both checks run in parallel). 503 when either does not.
         *
         *     No authentication needed.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/schema/indexes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All schema indexes
         * @description Every schema index created through the API: entity, label or type, properties and state (ONLINE, POPULATING, FAILED). Users without Settings management see only indexes on labels, types and properties visible to them.
         *
         *     Any signed-in user.
         */
        get: operations["getSchemaIndexes"];
        put?: never;
        /**
         * Create a schema index
         * @description Creates an index over nodes of a label (entity "node", label) or relationships of a type (entity "relationship", type) on 1 to 16 properties. Names are validated (quotes, backticks and backslashes: 400). An identical index: 409 INDEX_EXISTS. Relationship indexes need Neo4j 4.3 or later: 501 on older Neo4j. Audited as schema.index.create.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        post: operations["postSchemaIndexes"];
        /**
         * Drop a schema index
         * @description Drops the index described by the body (the same form as for creation). No such index: 404 INDEX_NOT_FOUND. Audited as schema.index.drop.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        delete: operations["deleteSchemaIndexes"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current session
         * @description Who is signed in, and the CSRF token that cookie-authenticated POST, PUT and DELETE requests must send in the X-CSRF-Token header (empty for HTTP Basic and API token calls, which need none).
         *
         *     No authentication needed.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All application settings
         * @description Every application setting by type (DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE). A type never stored reads as its default. Users without Settings management see them through their data access: labels, types and properties hidden from them are left out.
         *
         *     Any signed-in user.
         */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update one setting
         * @description Replaces the value of one setting type (DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE); unknown type: 404 SETTING_TYPE_NOT_FOUND; a value that does not validate: 400 VALIDATION_FAILED with issues (for example DATA_TYPES with an empty nodeLabels list, or a label with quotes or backticks). Audited as settings.update.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        put: operations["putSettingsByType"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/automatic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Set all settings automatically from a data sample
         * @description A GET that modifies (spec 4.12): computes every setting from a sample of the graph (the first sampleSize nodes and relationships, default 1000, plus the lists of labels, types and property keys), stores them and returns them. Audited as settings.reset. Cookie sessions must send the X-CSRF-Token or X-Requested-With header.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        get: operations["getSettingsAutomatic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/automatic/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Automatic value of one setting
         * @description The value of one setting type (DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE) computed from a sample of the graph data (default: the first 1000 nodes and 1000 relationships); nothing is stored. Reads the data without access restrictions, hence the permission.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        get: operations["getSettingsAutomaticByType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Set all settings to their defaults
         * @description A GET that modifies (spec 4.12): stores the default of every setting type and returns all settings. Audited as settings.reset. Cookie sessions must send the X-CSRF-Token or X-Requested-With header (a cross-site link cannot).
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        get: operations["getSettingsDefault"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/default/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Default of one setting
         * @description The default value of one setting type (DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE); nothing is stored.
         *
         *     Any signed-in user.
         */
        get: operations["getSettingsDefaultByType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export all settings (zip)
         * @description A zip archive settings.zip with one <TYPE>.json file per setting type, ready for POST /settings/import on another instance.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        get: operations["getSettingsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import settings from a zip or one file
         * @description multipart/form-data with the field "file": a .zip of <TYPE>.json files (as exported) or a single <TYPE>.json file. Each file name must equal a setting type with the .json suffix (422 SETTINGS_FILE_NAME) and each content must validate (400 VALIDATION_FAILED, 400 INVALID_JSON). All files are imported in one transaction, or none. Zip archives are checked before extraction: too many entries or a total uncompressed size over the limit is 413; entry names with directories, ".." or absolute paths are 400 ZIP_ENTRY_NAME; entries other than .json and uploads other than .zip / .json are 415.
         *
         *     Needs the permission SETTINGS_MANAGEMENT (Settings management).
         */
        post: operations["postSettingsImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All users
         * @description Every user that is not deleted, with direct and effective permissions, groups, flags and the last sign-in.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        get: operations["getUsers"];
        put?: never;
        /**
         * Create a user
         * @description Creates a user with direct permissions and group relations. Usernames are unique ignoring case (409 USERNAME_TAKEN). The password must satisfy the policy (422 PASSWORD_POLICY); unknown group ids are 422 UNKNOWN_GROUP. Without GRANT_ALL_PERMISSIONS only permissions you hold can be granted and only groups whose permissions you hold can be assigned (403 ESCALATION_DENIED).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        post: operations["postUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a user's permissions and groups
         * @description Updates the user's permissions and group relations: both lists replace the current ones; name, email and locale change when given. Escalation rules apply (403 ESCALATION_DENIED): the user must hold nothing you do not, and you can only grant what you hold. Removing GRANT_ALL_PERMISSIONS from its last enabled holder is 409 LAST_ADMINISTRATOR.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putUsersById"];
        post?: never;
        /**
         * Delete a user
         * @description Marks the user as deleted (DELETED = true; same as PUT /users/{id}/deleted). Their sessions end; they cannot sign in until undeleted. You cannot delete yourself (409 CANNOT_DELETE_SELF).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        delete: operations["deleteUsersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Delete a user
         * @description Sets DELETED = true: the user's sessions end and sign-in is refused. You cannot delete yourself (409 CANNOT_DELETE_SELF).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putUsersByIdDeleted"];
        post?: never;
        /**
         * Undelete a user
         * @description Sets DELETED = false: the user can sign in again (when enabled).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        delete: operations["deleteUsersByIdDeleted"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Enable a user
         * @description Sets ENABLED = true: the user can sign in again.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putUsersByIdEnabled"];
        post?: never;
        /**
         * Disable a user
         * @description Sets ENABLED = false: the user's sessions end and sign-in (form, Basic, API tokens) is refused. You cannot disable yourself (409 CANNOT_DISABLE_SELF).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        delete: operations["deleteUsersByIdEnabled"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/entitySecurity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Effective entitySecurity of a user
         * @description The user's groups' entitySecurity merged: each filter is the OR of the groups' filters, null (unrestricted) when the user has no groups or some group sets none.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        get: operations["getUsersByIdEntitySecurity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Assign the user to groups
         * @description Replaces the user's group relations. Unknown group ids are 422 UNKNOWN_GROUP; groups holding permissions you lack are 403 ESCALATION_DENIED.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putUsersByIdGroups"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a user's password
         * @description An administrator sets the password (policy: 422 PASSWORD_POLICY). The user's other sessions and open password reset links end and cached script credentials are dropped. With mustChangePassword the user must change it at the next sign-in.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putUsersByIdPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a user would see of the graph
         * @description Computes the user's data access scope (their permissions and their groups' entity, property and data security, as their own requests get it), narrowed to the caller's own scope (the preview never shows what the caller may not see: labels, types and rows both may see, properties both may see), and answers the number of visible nodes per label and relationships per type (the first 100 labels and types), the totals, and a sample of visible nodes with only the properties the user may see. A disabled user is previewed as if enabled; 404 for an unknown user. Every preview is audited as user.preview with the previewed user's id. An addition to the specification, for the access control page.
         *
         *     Needs the permission ACL_DATA_MANAGEMENT (ACL data management).
         */
        get: operations["getUsersByIdPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/propertySecurity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Effective propertySecurity of a user
         * @description The user's groups' propertySecurity merged: union per label and relationship type (a property is visible when any group shows it).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        get: operations["getUsersByIdPropertySecurity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send a password reset mail to a user
         * @description Starts the e-mail workflow for a user: the same link as POST /passwordReset/request is mailed to the user's address. 404 for unknown or deleted users, 422 NO_EMAIL when the user has no e-mail address, 422 ACCOUNT_DISABLED for disabled users, 502 MAIL_FAILED when the mail server refuses. Once the mail is accepted, the user's older open links end. Audited as user.password.reset-mail.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        put: operations["putUsersByIdResetPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/dataSecurity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * dataSecurity of all users
         * @description Each non-deleted user's effective dataSecurity: the dataSecurity of the user's groups, merged (src/services/security/merge.ts).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        get: operations["getUsersDataSecurity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deleted users
         * @description Users marked as deleted (they can be undeleted with DELETE /users/{id}/deleted).
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        get: operations["getUsersDeleted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Basic information of all users
         * @description Id and username of every user that is not deleted (for sharing dialogs and pickers).
         *
         *     Any signed-in user.
         */
        get: operations["getUsersInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search users, one page at a time
         * @description The users that are not deleted, in username order, one page at a time, narrowed by q (found in the username, name or e-mail, ignoring case; % and _ are taken literally), with the total number of matches. The same user objects as GET /users. An addition to the specification, for the users page.
         *
         *     Needs the permission USER_MANAGEMENT (User management).
         */
        get: operations["getUsersSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/user/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Groups of the session user
         * @description Id and name of every group the session user belongs to.
         *
         *     Any signed-in user.
         */
        get: operations["getUsersUserGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/user/related": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users related to the session user
         * @description Users sharing at least one group with the session user, without the session user and deleted users.
         *
         *     Any signed-in user.
         */
        get: operations["getUsersUserRelated"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/userSettings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store a user setting
         * @description Stores the session user's setting of one type (replacing the previous value). The value is any JSON object. Audited as userSettings.update (without the value).
         *
         *     Any signed-in user.
         */
        post: operations["postUserSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/userSettings/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user setting
         * @description The session user's setting of one type; 404 NOT_FOUND when the user has not stored one.
         *
         *     Any signed-in user.
         */
        get: operations["getUserSettingsByType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualization/export/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Download an image of a visualization
         * @description Takes a Base64 PNG or SVG (a data URL or plain Base64 with format) and returns it as a download (Content-Disposition: attachment with a safe file name). The image is checked to really be one: a PNG by its signature and chunk structure (IHDR first, CRCs, IEND), an SVG by parsing it and refusing scripts, event handler attributes, javascript: URLs, foreignObject and external references (415). Larger than visualizations.maxImageBytes is 413. SVG is served with a Content-Security-Policy that blocks scripts, and X-Content-Type-Options: nosniff. Audited as visualization.export.image.
         *
         *     Needs the permission EXPORT_DATA (Export data).
         */
        post: operations["postVisualizationExportImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visualizations of the session user
         * @description Every visualization owned by, directly shared with, or shared through a group with the session user (all of them with VIEW_ALL_VISUALIZATIONS), each described as GET /visualizations/{id} describes one: owner, whether it is hidden for this user, and the content after postprocessing. content=false leaves the content out. Hidden ones are listed too, with hidden true.
         *
         *     Any signed-in user.
         */
        get: operations["getVisualizations"];
        put?: never;
        /**
         * Create a visualization
         * @description Creates a visualization owned by the session user. Elements the user cannot see are left out of the stored content; each element gets its DATA_TYPES uid. Content larger than visualizations.maxContentBytes is 413. Audited as visualization.create.
         *
         *     Any signed-in user.
         */
        post: operations["postVisualizations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A visualization
         * @description The visualization when the session user owns it, it is shared with the user directly or through a group, or the user holds VIEW_ALL_VISUALIZATIONS; else 404 as for an id that does not exist. The content is postprocessed for the reader: elements and properties the reader may not see are left out, labels and properties are read fresh, deleted elements are dropped and counted in "deleted". An element saved with a DATA_TYPES uid is found by it under its current id; an id now held by an element with another uid or none (Neo4j reuses the ids of deleted elements) is not shown and counts as deleted (docs/ids.md). Audited as visualization.access.
         *
         *     Any signed-in user.
         */
        get: operations["getVisualizationsById"];
        /**
         * Update a visualization
         * @description Replaces the content (and name / description when given). Owner only (403 NOT_VISUALIZATION_OWNER for others who see it); changing the owner is refused (403 OWNER_CHANGE_REFUSED). Same content rules as creation. Audited as visualization.update.
         *
         *     Any signed-in user.
         */
        put: operations["putVisualizationsById"];
        post?: never;
        /**
         * Delete a visualization
         * @description Deletes a visualization owned by the session user, with its shares and hidden flags. Others who see it get 403 NOT_VISUALIZATION_OWNER. Audited as visualization.delete.
         *
         *     Any signed-in user.
         */
        delete: operations["deleteVisualizationsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations/{id}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Share a visualization with groups
         * @description Replaces the groups the visualization is shared with. Owner only. Groups newly added must be the owner's own groups unless the owner holds SHARE_VISUALIZATION_WITH_EVERYONE (403 SHARE_BEYOND_GROUPS); unknown groups are 422 UNKNOWN_GROUP. Audited as visualization.share.groups with the group names.
         *
         *     Needs the permission SHARE_VISUALIZATION (Share visualization).
         */
        put: operations["putVisualizationsByIdGroups"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations/{id}/hidden": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Hide a visualization for the session user
         * @description Hides a visualization the session user can see, for this user only (other users are unaffected). Idempotent. Audited as visualization.hide.
         *
         *     Any signed-in user.
         */
        put: operations["putVisualizationsByIdHidden"];
        post?: never;
        /**
         * Unhide a visualization for the session user
         * @description Shows a hidden visualization again, for the session user only. Idempotent. Audited as visualization.unhide.
         *
         *     Any signed-in user.
         */
        delete: operations["deleteVisualizationsByIdHidden"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations/{id}/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rename and describe a visualization
         * @description Updates name and description (kept when absent). Owner only. Audited as visualization.info.update.
         *
         *     Any signed-in user.
         */
        put: operations["putVisualizationsByIdInfo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Share a visualization with users
         * @description Replaces the users the visualization is shared with. Owner only. Users newly added must share a group with the owner unless the owner holds SHARE_VISUALIZATION_WITH_EVERYONE (403 SHARE_BEYOND_GROUPS); unknown or deleted users are 422 UNKNOWN_USER; the owner in the list is ignored. Audited as visualization.share.users with the usernames added and removed.
         *
         *     Needs the permission SHARE_VISUALIZATION (Share visualization).
         */
        put: operations["putVisualizationsByIdUsers"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations/own": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visualizations owned by the session user
         * @description As GET /visualizations, limited to the ones the session user owns.
         *
         *     Any signed-in user.
         */
        get: operations["getVisualizationsOwn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/visualizations/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visualizations shared with the session user
         * @description As GET /visualizations, limited to the ones shared with the session user directly or through one of the user's groups (not the own ones).
         *
         *     Any signed-in user.
         */
        get: operations["getVisualizationsShare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widgets/{widgetName}/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * External widget file
         * @description A file of an external widget, from <dataDir>/widgets/<widgetName>/<fileName>, with a Content-Type by extension and X-Content-Type-Options: nosniff. Sub-folders are not addressable.
         *
         *     Any signed-in user.
         */
        get: operations["getWidgetsByWidgetNameByFileName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Caption property, colour, icon (a custom icon's file name) and size per node label, colour per relationship type. */
        AppearanceSetting: {
            /** @default {} */
            colors: {
                [key: string]: string;
            };
            /** @default {} */
            icons: {
                [key: string]: string;
            };
            /** @default {} */
            nodeCaptions: {
                [key: string]: string;
            };
            /** @default {} */
            relationshipColors: {
                [key: string]: string;
            };
            /** @default {} */
            sizes: {
                [key: string]: number;
            };
        };
        /** @description Every application setting by type. */
        ApplicationSettings: {
            APPEARANCE: components["schemas"]["AppearanceSetting"];
            DATA_SCHEMA: components["schemas"]["DataSchemaSetting"];
            DATA_TYPES: components["schemas"]["DataTypesSetting"];
            FULLTEXT_INDEX: components["schemas"]["FulltextConfig"];
        };
        /** @description Property descriptions per node label and relationship type ("*" = all); undirected: relationship types drawn without arrows. */
        DataSchemaSetting: {
            /** @default {} */
            nodes: {
                [key: string]: {
                    [key: string]: components["schemas"]["PropertySchema"];
                };
            };
            /** @default {} */
            relationships: {
                [key: string]: {
                    [key: string]: components["schemas"]["PropertySchema"];
                };
            };
            undirected?: string[];
        };
        /** @description Row rules: a node with the rule's label (or relationship of its type) is visible only when it matches the filter. */
        DataSecurity: {
            /** @default [] */
            rules: {
                description?: string;
                filter: components["schemas"]["Filter"];
                label?: string;
                type?: string;
            }[];
        };
        /** @description Visible node labels and relationship types for everyone ("*" = all; an empty list is invalid), and the UID property per label and type. */
        DataTypesSetting: {
            nodeLabels: string[];
            relationshipTypes: string[];
            /**
             * @default {
             *       "nodes": {},
             *       "relationships": {}
             *     }
             */
            uid: {
                /** @default {} */
                nodes: {
                    [key: string]: string;
                };
                /** @default {} */
                relationships: {
                    [key: string]: string;
                };
            };
        };
        /** @description Every element the operation deleted (as visible to the user) */
        DeletedElements: {
            nodes: components["schemas"]["Node"][];
            relationships: components["schemas"]["Relationship"][];
        };
        /** @description OR of the groups' filters; null = unrestricted (no groups, or some group sets no filter). */
        EffectiveEntitySecurity: {
            nodeFilter: components["schemas"]["Filter"] | null;
            relationshipFilter: components["schemas"]["Filter"] | null;
        };
        /** @description Union over the groups per label (nodes) and type (relationships): a property is visible when any group shows it. "*" applies to all. */
        EffectivePropertySecurity: {
            nodes: {
                [key: string]: {
                    disabled?: string[];
                    enabled?: string[];
                };
            };
            relationships: {
                [key: string]: {
                    disabled?: string[];
                    enabled?: string[];
                };
            };
        };
        /** @description Nodes and relationships the group members may see. Absent or null filter = all. A relationship is only visible when both ends are. */
        EntitySecurity: {
            nodeFilter?: components["schemas"]["Filter"] | null;
            relationshipFilter?: components["schemas"]["Filter"] | null;
        };
        /** @description A filter tree. Nodes: {"and":[...]}, {"or":[...]}, {"not":{...}}, {"label":"L"}, {"type":"T"}, {"ids":["1"]}, {"property":"p","operator":"=","value":1} with operators =, <>, <, <=, >, >=, IN, CONTAINS, STARTS WITH, ENDS WITH, =~ (regular expression), or {"property":"p","operator":"IS NULL"} / "IS NOT NULL". Two-valued logic: a comparison with a property the element lacks (or cannot show, or holds with another type) is false and its "not" true. =~ matches the whole string; it may start with the inline flags (?i) (case-insensitive), (?m) (^ and $ at line breaks), (?s), (?u), in any combination ("." always matches line breaks). A label or type the user cannot see matches nothing. */
        Filter: {
            [key: string]: unknown;
        };
        FrequencyResult: {
            /** @description Distinct values */
            distinct: number;
            property: string;
            /** @description Elements that have the property */
            total: number;
            values: {
                count: number;
                value?: components["schemas"]["PropertyValue"];
            }[];
        };
        FulltextAutomaticConfig: {
            /** @description The string properties sampled per label. */
            byLabel: {
                [key: string]: string[];
            };
            labels: string[];
            properties: string[];
        };
        /** @description Node labels and properties the fulltext index covers. Empty lists: not configured. */
        FulltextConfig: {
            labels: string[];
            properties: string[];
        };
        FulltextStatus: {
            /** @description The configuration of the index, or the stored configuration when no index exists. */
            config: components["schemas"]["FulltextConfig"] | null;
            failureMessage?: string;
            /** @description Population progress, 0 to 100. */
            progress: number;
            /** @enum {string} */
            state: "NOT_CREATED" | "POPULATING" | "ONLINE" | "FAILED";
        };
        Group: {
            /** Format: date-time */
            createdAt: string;
            description: string;
            id: string;
            name: string;
            permissions: components["schemas"]["PermissionCode"][];
            userIds: string[];
            users: {
                id: string;
                username: string;
            }[];
        };
        /** @description The name must be unique, ignoring case (409 GROUP_NAME_TAKEN). */
        GroupCreate: {
            description?: string;
            name: string;
            permissions?: components["schemas"]["PermissionCode"][];
            userIds?: string[];
        };
        GroupCreated: {
            id: string;
            name: string;
        };
        GroupDataSecurity: {
            dataSecurity: components["schemas"]["DataSecurity"];
            id: string;
            name: string;
        };
        GroupInfo: {
            id: string;
            name: string;
        };
        GroupPermissionsSet: {
            groupId: string;
            permissions: components["schemas"]["PermissionCode"][];
        };
        GroupRef: {
            id: string;
            name: string;
        };
        /** @description Permissions and members are replaced when given and kept when absent. */
        GroupUpdate: {
            description?: string;
            name: string;
            permissions?: components["schemas"]["PermissionCode"][];
            userIds?: string[];
        };
        GroupUsersSet: {
            userIds: string[];
        };
        Job: {
            /** @description The configuration of its type, or {"redacted": true} for a reader who does not hold the rights the job runs with */
            config: components["schemas"]["JobRedacted"] | {
                [key: string]: unknown;
            };
            createdAt: string;
            createdBy: {
                id: string;
                username: string;
            } | null;
            description: string;
            effectiveTimeZone: string;
            enabled: boolean;
            lastRun: components["schemas"]["JobRun"];
            name: string;
            nextRunAt: string | null;
            /** @description Runs act with the rights of the user who last saved the type or configuration */
            runAs: {
                id: string;
                username: string;
            } | null;
            schedule: string | null;
            timeZone: string | null;
            type: string;
            updatedAt: string;
        };
        /** @description Alert: Runs a find filter (or a Cypher query) and mails the nodes that are new since the previous run to the recipients, with a link that opens them; at most 5000 matches are considered. */
        JobConfig_alert: {
            cypher?: string;
            filter?: components["schemas"]["Filter"];
            labels?: string[];
            maxMatches?: number;
            recipients: string[];
            subject?: string;
            text?: string;
        };
        /** @description Cypher statements: Runs Cypher statements, in order; the first failing statement fails the run. On the PostgreSQL backend the translated subset of Cypher runs (docs/cypher-postgres.md: reading clauses, and CREATE, MERGE, SET, REMOVE, DELETE when the user holds Data management; each statement is one transaction and its side effects are counted in the run); a statement outside it fails the run with CYPHER_UNSUPPORTED naming the construct. */
        JobConfig_cypher: {
            parameters?: {
                [key: string]: unknown;
            };
            statements: string[];
        };
        /** @description CSV export: Writes the nodes matching a find filter as a CSV file into the export directory of the server (jobs.exportDir). */
        JobConfig_export: {
            file: string;
            filter?: components["schemas"]["Filter"];
            labels?: string[];
            properties?: string[];
            text?: string;
            timestamped?: boolean;
        };
        /** @description CSV node import: Creates one node per row of a CSV file under the server import directory (jobs.importDir), with a label and a column-to-property mapping. */
        JobConfig_import: {
            file: string;
            mapping: {
                columns?: {
                    [key: string]: string;
                };
                label: string;
                types?: {
                    [key: string]: "string" | "number" | "boolean";
                };
            };
        };
        /** @description Rebuild the fulltext index: Recreates the fulltext index with the stored configuration and waits until it is online. */
        JobConfig_reindex: Record<string, never>;
        /** @description Shown instead of a job's configuration and its runs' results to a reader who does not hold the rights the job runs with (its run-as user's data access): only that user and readers whose access covers it (unrestricted graph access, or the same or wider labels and types with the same row and property rules) see them. The run's log and counters are then empty and its error a fixed sentence. */
        JobRedacted: {
            /** @enum {boolean} */
            redacted: true;
        };
        JobRun: {
            cancelRequested: boolean;
            counters: {
                [key: string]: number;
            };
            durationMs: number | null;
            error: string | null;
            finishedAt: string | null;
            id: string;
            /** @description The service instance that ran (or runs) it */
            instance: string | null;
            job: string;
            /** @description Bounded (jobs.maxLogLines): the first and the latest lines */
            log: {
                at: string;
                /** @enum {string} */
                level: "info" | "warn" | "error";
                message: string;
            }[];
            queuedAt: string;
            requestedBy: string | null;
            /** @description What the run produced (e.g. the new matches of an alert), or {"redacted": true} for a reader who does not hold the rights the job runs with */
            result: components["schemas"]["JobRedacted"] | {
                [key: string]: unknown;
            } | null;
            scheduledFor: string | null;
            startedAt: string | null;
            /** @enum {string} */
            state: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            /** @enum {string} */
            trigger: "schedule" | "manual";
        } | null;
        /** @description A graph node; only the properties visible to the user are present */
        Node: {
            id: string;
            labels: string[];
            /** @description Property values by name. Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE */
            properties: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
        };
        /** @description A path: nodes in order from start to end, and the relationships between them */
        Path: {
            nodes: components["schemas"]["Node"][];
            relationships: components["schemas"]["Relationship"][];
        };
        /**
         * @description An application permission code (GET /permissions lists them).
         * @enum {string}
         */
        PermissionCode: "READ_ALL_DATA" | "EXPORT_DATA" | "DATA_MANAGEMENT" | "CYPHER_QUERIES" | "SHARE_VISUALIZATION" | "SHARE_VISUALIZATION_WITH_EVERYONE" | "VIEW_ALL_VISUALIZATIONS" | "USER_MANAGEMENT" | "GRANT_ALL_PERMISSIONS" | "SETTINGS_MANAGEMENT" | "JOBS_MANAGEMENT" | "ACL_DATA_MANAGEMENT" | "AUDIT_LOG" | "API_DOCUMENTATION";
        /** @description RFC 9457 problem details */
        Problem: {
            /** @description Stable machine-readable error code */
            code: string;
            detail?: string;
            instance?: string;
            status: number;
            title: string;
            type: string;
        } & {
            [key: string]: unknown;
        };
        /** @description Presentation (title, role, format, hidden) and input restrictions (mandatory on create, readOnly on update, allowedValues, min / max, maxLength, dataType) of one property. */
        PropertySchema: {
            allowedValues?: (string | number | boolean)[];
            /** @enum {string} */
            dataType: "string" | "integer" | "float" | "boolean" | "date" | "datetime" | "time" | "duration" | "point" | "list";
            format?: string;
            hidden?: boolean;
            mandatory?: boolean;
            max?: number | string;
            maxLength?: number;
            min?: number | string;
            readOnly?: boolean;
            /** @enum {string} */
            role?: "title" | "subtitle" | "uid" | "description" | "image" | "none";
            title?: string;
        };
        /** @description Per label (nodes) or type (relationships), "*" for all: "enabled" lists the only visible properties, "disabled" hides properties; disabled wins. */
        PropertySecurity: {
            nodes?: {
                [key: string]: {
                    disabled?: string[];
                    enabled?: string[];
                };
            };
            relationships?: {
                [key: string]: {
                    disabled?: string[];
                    enabled?: string[];
                };
            };
        };
        /** @description A property value: a string, a boolean, an integer, a float (2.0 stays a float), a temporal value or a point (TypedValue), or a list of values of one of these types. */
        PropertyValue: string | boolean | number | components["schemas"]["TypedValue"] | (string | boolean | number | components["schemas"]["TypedValue"])[];
        RelatedUser: {
            id: string;
            name: string;
            username: string;
        };
        /** @description A graph relationship; only the properties visible to the user are present */
        Relationship: {
            endNodeId: string;
            id: string;
            /** @description Property values by name. Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE */
            properties: {
                [key: string]: components["schemas"]["PropertyValue"];
            };
            startNodeId: string;
            type: string;
        };
        SchemaIndex: {
            /** @enum {string} */
            entity: "node" | "relationship";
            name: string;
            properties: string[];
            /** @enum {string} */
            state: "ONLINE" | "POPULATING" | "FAILED";
            /** @description The label (node index) or the type (relationship index). */
            token: string;
        };
        SchemaIndexInput: {
            /**
             * @description An index over nodes of a label or relationships of a type.
             * @enum {string}
             */
            entity: "node" | "relationship";
            /** @description The label (entity "node"). */
            label?: string;
            /** @description Indexed properties, in order (1 to 16). */
            properties: string[];
            /** @description The relationship type (entity "relationship"). */
            type?: string;
        };
        SettingsImportResult: {
            imported: string[];
        };
        /** @description A temporal value or a point: Date 2015-07-21, LocalTime 12:31:14.645876123, Time 12:31:14.645876123+01:00, LocalDateTime 2015-07-21T12:31:14.645876123, OffsetDateTime 2015-07-21T12:31:14.645+01:00 (Z for UTC), ZonedDateTime 2015-07-21T12:31:14.645+01:00[Europe/London], Duration P14DT16H12M, Point SRID=4326;POINT (1.2 3.4) or SRID=4979;POINT Z (1.2 3.4 5.6) (SRIDs 7203, 9157, 4326, 4979). Written back in that canonical text. */
        TypedValue: {
            /** @description The value's text as Neo4j's toString writes it (ISO 8601; EWKT for points) */
            _value: string;
            /** @enum {string} */
            $type: "Date" | "Time" | "LocalTime" | "OffsetDateTime" | "ZonedDateTime" | "LocalDateTime" | "Duration" | "Point";
        };
        User: {
            /** Format: date-time */
            createdAt: string;
            deleted: boolean;
            /** @description Permissions held directly or through a group */
            effectivePermissions: components["schemas"]["PermissionCode"][];
            email: string;
            enabled: boolean;
            groups: components["schemas"]["GroupRef"][];
            id: string;
            /** Format: date-time */
            lastLoginAt: string | null;
            locale: string;
            mustChangePassword: boolean;
            name: string;
            /** @description Permissions held directly */
            permissions: components["schemas"]["PermissionCode"][];
            username: string;
        };
        /** @description The password must have at least auth.passwordMinLength characters (422 PASSWORD_POLICY otherwise). */
        UserCreate: {
            email?: "" | string;
            /** @default [] */
            groupIds: string[];
            locale?: string;
            name?: string;
            password: string;
            /** @default [] */
            permissions: components["schemas"]["PermissionCode"][];
            username: string;
        };
        UserDataPreview: {
            /** @description The caller's own data access is restricted: the preview shows only what both the user and the caller may see */
            limitedToCaller: boolean;
            nodes: {
                /** @description Visible labels not counted (only the first 100 are) */
                leftOut: number;
                perLabel: {
                    count: number;
                    label: string;
                }[];
                total: number;
            };
            /** @description The user holds Read all data: group rules do not apply */
            readAllData: boolean;
            relationships: {
                leftOut: number;
                perType: {
                    count: number;
                    type: string;
                }[];
                total: number;
            };
            sample: components["schemas"]["Node"][];
            /** @description Nothing is restricted (Read all data and DATA_TYPES "*", for the user and the caller) */
            unrestricted: boolean;
            userId: string;
            username: string;
        };
        /** @description The dataSecurity of the user's groups merged: a label's rule applies only when every group restricts that label; its filter is the OR of the groups' filters. */
        UserDataSecurity: {
            dataSecurity: {
                rules: {
                    description?: string;
                    filter: components["schemas"]["Filter"];
                    label?: string;
                    type?: string;
                }[];
            };
            userId: string;
            username: string;
        };
        UserGroupsSet: {
            groupIds: string[];
        };
        UserInfo: {
            id: string;
            username: string;
        };
        UserPage: {
            items: components["schemas"]["User"][];
            page: number;
            pageSize: number;
            total: number;
        };
        UserPasswordSet: {
            /** @description Require the user to change it at the next sign-in (default false) */
            mustChangePassword?: boolean;
            password: string;
        };
        /** @description Replaces the direct permissions and the groups; name, email and locale change when given. */
        UserUpdate: {
            email?: "" | string;
            groupIds: string[];
            locale?: string;
            name?: string;
            permissions: components["schemas"]["PermissionCode"][];
        };
        Visualization: {
            content?: components["schemas"]["VisualizationReadContent"];
            contentVersion: number;
            /** Format: date-time */
            createdAt: string;
            /** @description Elements of the stored content that no longer exist in the graph. Elements hidden from the reader are left out silently and not counted. */
            deleted?: {
                nodes: number;
                relationships: number;
            };
            description: string;
            /** @description Hidden for the session user */
            hidden: boolean;
            id: string;
            name: string;
            /** @description The session user owns it */
            own: boolean;
            owner: {
                id: string;
                username: string;
            };
            sharedWith?: components["schemas"]["VisualizationShares"];
            /** @description Shared with the session user directly or through a group */
            sharedWithMe: boolean;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description The working state of the canvas, format version 1: elements by internal id with position and style (uid is computed by the server from DATA_TYPES), style rules and captions by label / type, filters (filter language), selection, and the view (zoom, pan). Labels, types, ends and properties are not stored: every read adds them fresh as the reader may see them (sent with a save, they are ignored). At most visualizations.maxContentBytes as JSON (413). */
        VisualizationContent: {
            appearance?: {
                edgeCaption?: {
                    property: string;
                };
                edgeWidth?: {
                    max: number;
                    min: number;
                    property: string;
                };
                nodeColor?: {
                    from?: string;
                    key: {
                        property: string;
                    } | {
                        /** @enum {string} */
                        metric: "degree" | "pagerank" | "betweenness" | "community" | "component";
                    };
                    /** @enum {string} */
                    mode: "categories" | "ranges";
                    to?: string;
                };
                nodeSize?: {
                    key: {
                        property: string;
                    } | {
                        /** @enum {string} */
                        metric: "degree" | "pagerank" | "betweenness" | "community" | "component";
                    };
                    max: number;
                    min: number;
                };
            };
            /**
             * @default {
             *       "nodes": {},
             *       "relationships": {}
             *     }
             */
            captions: {
                /** @default {} */
                nodes: {
                    [key: string]: string[];
                };
                /** @default {} */
                relationships: {
                    [key: string]: string[];
                };
            };
            /** @default [] */
            filters: {
                description?: string;
                /** @default true */
                enabled: boolean;
                filter: components["schemas"]["Filter"];
                /** @enum {string} */
                target: "nodes" | "relationships";
            }[];
            /** @default [] */
            nodes: {
                color?: string;
                icon?: string;
                id: string;
                pinned?: boolean;
                /** @enum {string} */
                shape?: "circle" | "square" | "diamond" | "triangle" | "star";
                size?: number;
                uid?: {
                    label: string;
                    property: string;
                    value: string | number;
                };
                x: number;
                y: number;
            }[];
            /** @default [] */
            relationships: {
                color?: string;
                dashed?: boolean;
                id: string;
                uid?: {
                    property: string;
                    type: string;
                    value: string | number;
                };
                width?: number;
            }[];
            /**
             * @default {
             *       "nodes": [],
             *       "relationships": []
             *     }
             */
            selection: {
                /** @default [] */
                nodes: string[];
                /** @default [] */
                relationships: string[];
            };
            /**
             * @default {
             *       "nodes": [],
             *       "relationships": []
             *     }
             */
            styles: {
                /** @default [] */
                nodes: {
                    color?: string;
                    icon?: string;
                    label: string;
                    property?: string;
                    /** @enum {string} */
                    shape?: "circle" | "square" | "diamond" | "triangle" | "star";
                    size?: number;
                    value?: string | number | boolean | null;
                }[];
                /** @default [] */
                relationships: {
                    color?: string;
                    dashed?: boolean;
                    property?: string;
                    type: string;
                    value?: string | number | boolean | null;
                    width?: number;
                }[];
            };
            /** @enum {number} */
            version: 1;
            /**
             * @default {
             *       "zoom": 1,
             *       "pan": {
             *         "x": 0,
             *         "y": 0
             *       }
             *     }
             */
            view: {
                angle?: number;
                box?: {
                    maxX: number;
                    maxY: number;
                    minX: number;
                    minY: number;
                };
                pan: {
                    x: number;
                    y: number;
                };
                zoom: number;
            };
        };
        /** @description Without content the visualization starts empty. */
        VisualizationCreate: {
            content?: components["schemas"]["VisualizationContent"];
            description?: string;
            name: string;
        };
        VisualizationImageExport: {
            /** @description The download name; made safe, the extension follows the format */
            fileName?: string;
            /**
             * @description Needed for plain Base64; must agree with a data URL
             * @enum {string}
             */
            format?: "png" | "svg";
            /** @description Base64 PNG or SVG: a data URL (data:image/png;base64,...) or plain Base64 with format */
            image: string;
        };
        VisualizationInfo: {
            description?: string;
            name: string;
        };
        /** @description Absent when the list was asked for without content */
        VisualizationReadContent: {
            nodes: ({
                id: string;
                labels: string[];
                properties: {
                    [key: string]: components["schemas"]["PropertyValue"];
                };
                x: number;
                y: number;
            } & {
                [key: string]: unknown;
            })[];
            relationships: ({
                endNodeId: string;
                id: string;
                properties: {
                    [key: string]: components["schemas"]["PropertyValue"];
                };
                startNodeId: string;
                type: string;
            } & {
                [key: string]: unknown;
            })[];
            version: number;
        } & {
            [key: string]: unknown;
        };
        VisualizationShareGroups: {
            groupIds: string[];
        };
        /** @description Told to the owner only */
        VisualizationShares: {
            groups: {
                id: string;
                name: string;
            }[];
            users: {
                id: string;
                username: string;
            }[];
        };
        VisualizationShareUsers: {
            userIds: string[];
        };
        /** @description The new content, and name / description when given. A read answer may be sent back as it is: other fields are ignored, but an owner (owner.id or ownerId) other than the current one is refused with 403 OWNER_CHANGE_REFUSED. */
        VisualizationUpdate: {
            content: components["schemas"]["VisualizationContent"];
            description?: string;
            name?: string;
            owner?: {
                id: string;
            } & {
                [key: string]: unknown;
            };
            ownerId?: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAuditData: {
        parameters: {
            query?: {
                /** @description Exact action, or a prefix ending in '*' (user.* matches user.create, user.update, ...) */
                action?: string;
                /** @description json: one page, newest first. csv / jsonl: every match as a download, oldest first, no paging. */
                format?: "json" | "csv" | "jsonl";
                /** @description Events at or after this time (ISO 8601) */
                from?: string;
                /** @description Page number (json only), from 1 */
                page?: number;
                /** @description Events per page (json only), at most 1000 */
                pageSize?: number;
                targetId?: string;
                targetType?: string;
                /** @description Events before this time (ISO 8601, exclusive) */
                to?: string;
                /** @description Acting user id */
                userId?: string;
                /** @description Acting username (case-insensitive, exact) */
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events (json). csv: text/csv; jsonl: application/x-ndjson, one event object per line. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            action: string;
                            at: string;
                            details: {
                                [key: string]: unknown;
                            };
                            id: string;
                            ip: string | null;
                            targetId: string | null;
                            targetType: string | null;
                            userId: string | null;
                            username: string | null;
                        }[];
                        page: number;
                        pageSize: number;
                        total: number;
                    };
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAuditDataFrontend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Any JSON object with details */
                    context?: {
                        [key: string]: unknown;
                    };
                    /** @enum {string} */
                    level: "info" | "warn" | "error";
                    message: string;
                };
            };
        };
        responses: {
            /** @description Recorded */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAuditVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The first event whose content or link to its predecessor does not match */
                        brokenAt?: {
                            id: string;
                            /** @enum {string} */
                            reason: "hash-mismatch" | "link-mismatch";
                        };
                        /** @description Events verified before the first broken one (all of them when ok) */
                        checked: number;
                        ok: boolean;
                    };
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCfgIndexerNodeAutomatic: {
        parameters: {
            query?: {
                /** @description Nodes and relationships (each) sampled for the automatic variants; default 1000. */
                sampleSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Automatic configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FulltextAutomaticConfig"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postCfgIndexerNodeConfigure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FulltextConfig"];
            };
        };
        responses: {
            /** @description The stored configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FulltextConfig"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postCfgIndexerNodeCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reindexing started */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FulltextStatus"];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCfgIndexerNodeDefault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FulltextConfig"];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postCfgIndexerNodeDrop: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Status after the drop */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FulltextStatus"];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postCfgIndexerNodeStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FulltextStatus"];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataCypher: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    params?: {
                        [key: string]: unknown;
                    };
                    query: string;
                };
            };
        };
        responses: {
            /** @description Columns and rows; graph values as Node, Relationship and Path objects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        columns: string[];
                        rows: unknown[][];
                        /** @description Present when the query has writing clauses (PostgreSQL backend): what it changed, counted as the openCypher TCK counts side effects, as far as the writer can see (hidden elements, labels and properties are not counted) */
                        sideEffects?: {
                            /** @description Label names that no visible node carried before and one carries after (as the openCypher TCK counts +labels) */
                            labelsAdded: number;
                            /** @description Label names that a visible node carried before and none carries after */
                            labelsRemoved: number;
                            nodesCreated: number;
                            nodesDeleted: number;
                            /** @description Properties that lost their value (removed, replaced, or on a deleted element) */
                            propertiesRemoved: number;
                            /** @description Properties given a new value, those of created elements included */
                            propertiesSet: number;
                            relationshipsCreated: number;
                            relationshipsDeleted: number;
                        };
                        truncated: boolean;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not supported by the configured backend */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataGraph: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    nodeIds?: string[];
                    /** @default [] */
                    relationshipIds?: string[];
                };
            };
        };
        responses: {
            /** @description The elements found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: components["schemas"]["Node"][];
                        relationships: components["schemas"]["Relationship"][];
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataGraphDirectRelationships: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sourceIds: string[];
                    targetIds: string[];
                    /** @description Only relationships of these types */
                    types?: string[];
                };
            };
        };
        responses: {
            /** @description The relationships */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        relationships: components["schemas"]["Relationship"][];
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataGraphExplore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Relationship direction seen from the start node (default both)
                     * @enum {string}
                     */
                    direction?: "in" | "out" | "both";
                    /** @description Only neighbours carrying one of these labels */
                    labels?: string[];
                    /**
                     * @description At most this many neighbours (default 100)
                     * @default 100
                     */
                    limit?: number;
                    /** @description Internal element id (digits, or a Neo4j 5 element id) */
                    nodeId: string;
                    /**
                     * @description Neighbours passed over first, in id order: pages through a node with many neighbours (default 0)
                     * @default 0
                     */
                    skip?: number;
                    /** @description Only relationships of these types */
                    types?: string[];
                };
            };
        };
        responses: {
            /** @description The neighbourhood */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: unknown[];
                        relationships: unknown[];
                        remaining: number;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataGraphIndirectRelationships: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Relationship direction seen from the start node (default both)
                     * @enum {string}
                     */
                    direction?: "in" | "out" | "both";
                    /**
                     * @description At most this many paths (default 100)
                     * @default 100
                     */
                    limit?: number;
                    /**
                     * @description Longest path, in relationships (2 to 6, default 3)
                     * @default 3
                     */
                    maxDepth?: number;
                    nodeIds: string[];
                    /** @description Only relationships of these types */
                    types?: string[];
                };
            };
        };
        responses: {
            /** @description Paths */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        paths: components["schemas"]["Path"][];
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataGraphUid: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nodes?: {
                        /** @description Node label */
                        label?: string;
                        uid: string | number;
                    }[];
                    relationships?: {
                        /** @description Relationship type */
                        type?: string;
                        uid: string | number;
                    }[];
                    uids?: (string | number)[];
                };
            };
        };
        responses: {
            /** @description The elements found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: components["schemas"]["Node"][];
                        relationships: components["schemas"]["Relationship"][];
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataImportAnalyzeFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    delimiter?: "," | ";" | "\t" | "|";
                    /** @enum {string} */
                    encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1250" | "windows-1252" | "iso-8859-1" | "iso-8859-2" | "iso-8859-15";
                    fileId: string;
                    header?: boolean;
                    /** @enum {string} */
                    quote?: "\"" | "'";
                };
            };
        };
        responses: {
            /** @description The analysis */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataImportImportFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allOrNothing?: boolean;
                    background?: boolean;
                    dryRun?: boolean;
                    fileId: string;
                    mapping: {
                        columns?: {
                            column: string;
                            property?: string;
                            separator?: string;
                            skip?: boolean;
                            /** @enum {string} */
                            type?: "integer" | "float" | "boolean" | "date" | "datetime" | "string" | "list";
                        }[];
                        /** @enum {string} */
                        delimiter?: "," | ";" | "\t" | "|";
                        /** @enum {string} */
                        encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1250" | "windows-1252" | "iso-8859-1" | "iso-8859-2" | "iso-8859-15";
                        /** @enum {string} */
                        formulas?: "refuse" | "values";
                        header?: boolean;
                        /** @enum {string} */
                        kind: "nodes";
                        labelColumn?: string;
                        labels?: string[];
                        mergeKey?: {
                            label: string;
                            property: string;
                        };
                        /** @enum {string} */
                        quote?: "\"" | "'";
                        sheet?: string;
                    } | {
                        columns?: {
                            column: string;
                            property?: string;
                            separator?: string;
                            skip?: boolean;
                            /** @enum {string} */
                            type?: "integer" | "float" | "boolean" | "date" | "datetime" | "string" | "list";
                        }[];
                        /** @enum {string} */
                        delimiter?: "," | ";" | "\t" | "|";
                        /** @enum {string} */
                        encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1250" | "windows-1252" | "iso-8859-1" | "iso-8859-2" | "iso-8859-15";
                        end: {
                            column: string;
                            label: string;
                            property: string;
                            /** @enum {string} */
                            type?: "auto" | "integer" | "float" | "string";
                        };
                        /** @enum {string} */
                        formulas?: "refuse" | "values";
                        header?: boolean;
                        /** @enum {string} */
                        kind: "relationships";
                        /** @enum {string} */
                        missingEnds?: "skip" | "create";
                        /** @enum {string} */
                        quote?: "\"" | "'";
                        sheet?: string;
                        start: {
                            column: string;
                            label: string;
                            property: string;
                            /** @enum {string} */
                            type?: "auto" | "integer" | "float" | "string";
                        };
                        type?: string;
                        typeColumn?: string;
                    } | {
                        defaultLabel?: string;
                        defaultType?: string;
                        idProperty?: string | null;
                        keys?: {
                            [key: string]: "label" | "property" | "skip";
                        };
                        /** @enum {string} */
                        kind: "graphml";
                        mergeKey?: {
                            label: string;
                            property: string;
                        };
                        typeKey?: string | null;
                    };
                    /** @enum {string} */
                    transaction?: "single" | "batched";
                };
            };
        };
        responses: {
            /** @description The finished import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdNodeIds: string[];
                        dryRun: boolean;
                        error: {
                            code: string;
                            details?: {
                                [key: string]: unknown;
                            };
                            message: string;
                            status?: number;
                        } | null;
                        fileId: string | null;
                        fileName: string;
                        finishedAt: string | null;
                        importId: string;
                        progress: {
                            rowsDone: number;
                            rowsPerSecond: number;
                            rowsTotal: number | null;
                        };
                        report: {
                            dryRun: boolean;
                            durationMs: number;
                            fileId: string;
                            fileName: string;
                            nodesCreated: number;
                            nodesUpdated: number;
                            /** @enum {string} */
                            outcome?: "succeeded" | "succeeded-with-rejected";
                            rejected: {
                                reason: string;
                                row: number;
                            }[];
                            relationshipsCreated: number;
                            rowsRead: number;
                            rowsRejected: number;
                            rowsSkipped: number;
                            warnings?: string[];
                        } | null;
                        startedAt: string;
                        /** @enum {string} */
                        state: "running" | "succeeded" | "failed" | "cancelled";
                        undo: {
                            possible: boolean;
                            reason: string | null;
                            undoneAt: string | null;
                        };
                    };
                };
            };
            /** @description The import runs in the background */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdNodeIds: string[];
                        dryRun: boolean;
                        error: {
                            code: string;
                            details?: {
                                [key: string]: unknown;
                            };
                            message: string;
                            status?: number;
                        } | null;
                        fileId: string | null;
                        fileName: string;
                        finishedAt: string | null;
                        importId: string;
                        progress: {
                            rowsDone: number;
                            rowsPerSecond: number;
                            rowsTotal: number | null;
                        };
                        report: {
                            dryRun: boolean;
                            durationMs: number;
                            fileId: string;
                            fileName: string;
                            nodesCreated: number;
                            nodesUpdated: number;
                            /** @enum {string} */
                            outcome?: "succeeded" | "succeeded-with-rejected";
                            rejected: {
                                reason: string;
                                row: number;
                            }[];
                            relationshipsCreated: number;
                            rowsRead: number;
                            rowsRejected: number;
                            rowsSkipped: number;
                            warnings?: string[];
                        } | null;
                        startedAt: string;
                        /** @enum {string} */
                        state: "running" | "succeeded" | "failed" | "cancelled";
                        undo: {
                            possible: boolean;
                            reason: string | null;
                            undoneAt: string | null;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not supported by the configured backend */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataImportImportsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdNodeIds: string[];
                        dryRun: boolean;
                        error: {
                            code: string;
                            details?: {
                                [key: string]: unknown;
                            };
                            message: string;
                            status?: number;
                        } | null;
                        fileId: string | null;
                        fileName: string;
                        finishedAt: string | null;
                        importId: string;
                        progress: {
                            rowsDone: number;
                            rowsPerSecond: number;
                            rowsTotal: number | null;
                        };
                        report: {
                            dryRun: boolean;
                            durationMs: number;
                            fileId: string;
                            fileName: string;
                            nodesCreated: number;
                            nodesUpdated: number;
                            /** @enum {string} */
                            outcome?: "succeeded" | "succeeded-with-rejected";
                            rejected: {
                                reason: string;
                                row: number;
                            }[];
                            relationshipsCreated: number;
                            rowsRead: number;
                            rowsRejected: number;
                            rowsSkipped: number;
                            warnings?: string[];
                        } | null;
                        startedAt: string;
                        /** @enum {string} */
                        state: "running" | "succeeded" | "failed" | "cancelled";
                        undo: {
                            possible: boolean;
                            reason: string | null;
                            undoneAt: string | null;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDataImportImportsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdNodeIds: string[];
                        dryRun: boolean;
                        error: {
                            code: string;
                            details?: {
                                [key: string]: unknown;
                            };
                            message: string;
                            status?: number;
                        } | null;
                        fileId: string | null;
                        fileName: string;
                        finishedAt: string | null;
                        importId: string;
                        progress: {
                            rowsDone: number;
                            rowsPerSecond: number;
                            rowsTotal: number | null;
                        };
                        report: {
                            dryRun: boolean;
                            durationMs: number;
                            fileId: string;
                            fileName: string;
                            nodesCreated: number;
                            nodesUpdated: number;
                            /** @enum {string} */
                            outcome?: "succeeded" | "succeeded-with-rejected";
                            rejected: {
                                reason: string;
                                row: number;
                            }[];
                            relationshipsCreated: number;
                            rowsRead: number;
                            rowsRejected: number;
                            rowsSkipped: number;
                            warnings?: string[];
                        } | null;
                        startedAt: string;
                        /** @enum {string} */
                        state: "running" | "succeeded" | "failed" | "cancelled";
                        undo: {
                            possible: boolean;
                            reason: string | null;
                            undoneAt: string | null;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataImportImportsByIdRejectedCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rejected rows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataImportImportsByIdUndo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The undone import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdNodeIds: string[];
                        dryRun: boolean;
                        error: {
                            code: string;
                            details?: {
                                [key: string]: unknown;
                            };
                            message: string;
                            status?: number;
                        } | null;
                        fileId: string | null;
                        fileName: string;
                        finishedAt: string | null;
                        importId: string;
                        progress: {
                            rowsDone: number;
                            rowsPerSecond: number;
                            rowsTotal: number | null;
                        };
                        report: {
                            dryRun: boolean;
                            durationMs: number;
                            fileId: string;
                            fileName: string;
                            nodesCreated: number;
                            nodesUpdated: number;
                            /** @enum {string} */
                            outcome?: "succeeded" | "succeeded-with-rejected";
                            rejected: {
                                reason: string;
                                row: number;
                            }[];
                            relationshipsCreated: number;
                            rowsRead: number;
                            rowsRejected: number;
                            rowsSkipped: number;
                            warnings?: string[];
                        } | null;
                        startedAt: string;
                        /** @enum {string} */
                        state: "running" | "succeeded" | "failed" | "cancelled";
                        undo: {
                            possible: boolean;
                            reason: string | null;
                            undoneAt: string | null;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not supported by the configured backend */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataImportUploadFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A file (repeat the field for several).
                     */
                    file?: string;
                };
            };
        };
        responses: {
            /** @description The uploaded files */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        files: {
                            archive: string | null;
                            expiresAt: string;
                            fileId: string;
                            name: string;
                            size: number;
                            /** @enum {string} */
                            type: "csv" | "xls" | "xlsx" | "graphml";
                        }[];
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The server has no storage left (STORAGE_FULL); nothing of the request was kept */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataNodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    labels: string[];
                    /**
                     * @description Property values by name. Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE
                     * @default {}
                     */
                    properties?: {
                        [key: string]: components["schemas"]["PropertyValue"];
                    };
                };
            };
        };
        responses: {
            /** @description The created node */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putDataNodesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Internal element id (digits, or a Neo4j 5 element id) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    addLabels?: string[];
                    /**
                     * @description Properties to set; a null value removes the property. Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE
                     * @default {}
                     */
                    properties?: {
                        [key: string]: components["schemas"]["PropertyValue"] | null;
                    };
                    removeLabels?: string[];
                };
            };
        };
        responses: {
            /** @description The updated node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataNodesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Internal element id (digits, or a Neo4j 5 element id) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Only these properties are returned */
                    properties?: string[];
                };
            };
        };
        responses: {
            /** @description The node */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Node"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDataNodesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Internal element id (digits, or a Neo4j 5 element id) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted elements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedElements"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataNodesExportCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                    /** @description Only these properties are returned */
                    properties?: string[];
                };
            };
        };
        responses: {
            /** @description CSV file of the nodes (attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putDataNodesFind: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    addLabels?: string[];
                    filter: components["schemas"]["Filter"];
                    removeLabels?: string[];
                    /**
                     * @description Properties to set; a null value removes the property. Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE
                     * @default {}
                     */
                    set?: {
                        [key: string]: components["schemas"]["PropertyValue"] | null;
                    };
                };
            };
        };
        responses: {
            /** @description How many nodes were updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        updated: number;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataNodesFind: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    filter?: components["schemas"]["Filter"];
                    /** @description Only nodes carrying at least one of these labels */
                    labels?: string[];
                    /** @default 100 */
                    limit?: number;
                    /** @description Only these properties are returned */
                    properties?: string[];
                    /** @default 0 */
                    skip?: number;
                    /** @description Sort keys, first one first; missing values sort last */
                    sort?: {
                        /**
                         * @default asc
                         * @enum {string}
                         */
                        direction?: "asc" | "desc";
                        /** @description Property name */
                        property: string;
                    }[];
                    /** @description Fulltext search text (the fulltext index when online, a substring scan otherwise) */
                    text?: string;
                };
            };
        };
        responses: {
            /** @description A page of nodes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Node"][];
                        limit: number;
                        skip: number;
                        /** @description Matches the user can see; a lower bound when totalIsLowerBound is true */
                        total: number;
                        /** @description Present and true when a text search matched more than 10,000 nodes: the count stopped there and "total" is 10000 (more than 10,000 match) */
                        totalIsLowerBound?: boolean;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataNodesFindExportCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    filter?: components["schemas"]["Filter"];
                    /** @description Only nodes carrying at least one of these labels */
                    labels?: string[];
                    /** @description Only these properties are returned */
                    properties?: string[];
                    /** @description Fulltext search text (the fulltext index when online, a substring scan otherwise) */
                    text?: string;
                };
            };
        };
        responses: {
            /** @description CSV file of the nodes (attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataNodesPossibleLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Labels, sorted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteDataNodesRelationships: {
        parameters: {
            query?: {
                /** @description Internal element id (digits, or a Neo4j 5 element id) */
                id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Internal element id (digits, or a Neo4j 5 element id) */
                    id?: string;
                };
            };
        };
        responses: {
            /** @description The deleted elements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedElements"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataPossiblePropertyKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Property names, sorted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataRelationships: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Internal element id (digits, or a Neo4j 5 element id) */
                    endNodeId: string;
                    /**
                     * @description Property values by name. Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE
                     * @default {}
                     */
                    properties?: {
                        [key: string]: components["schemas"]["PropertyValue"];
                    };
                    /** @description Internal element id (digits, or a Neo4j 5 element id) */
                    startNodeId: string;
                    /** @description Relationship type */
                    type: string;
                };
            };
        };
        responses: {
            /** @description The created relationship */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Relationship"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putDataRelationshipsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Internal element id (digits, or a Neo4j 5 element id) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Properties to set; a null value removes the property. Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE
                     * @default {}
                     */
                    properties?: {
                        [key: string]: components["schemas"]["PropertyValue"] | null;
                    };
                };
            };
        };
        responses: {
            /** @description The updated relationship */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Relationship"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataRelationshipsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Internal element id (digits, or a Neo4j 5 element id) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Only these properties are returned */
                    properties?: string[];
                };
            };
        };
        responses: {
            /** @description The relationship */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Relationship"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataRelationshipsExportCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                    /** @description Only these properties are returned */
                    properties?: string[];
                };
            };
        };
        responses: {
            /** @description CSV file of the relationships (attachment) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataRelationshipsPossibleTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Types, sorted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postDataShortestPath: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Relationship direction seen from the start node (default both)
                     * @enum {string}
                     */
                    direction?: "in" | "out" | "both";
                    /** @description Longest path searched (default 6) */
                    maxDepth?: number;
                    /** @description Exactly two node ids (anything else: 400 SHORTEST_PATH_NEEDS_TWO_NODES) */
                    nodeIds: string[];
                    /** @description Only relationships of these types */
                    types?: string[];
                };
            };
        };
        responses: {
            /** @description Paths */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        paths: components["schemas"]["Path"][];
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataStatsFrequencyByProperty: {
        parameters: {
            query?: {
                /** @description How many of the most frequent values to return (default 20, at most 1000) */
                limit?: number | null;
            };
            header?: never;
            path: {
                /** @description Property name */
                property: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Most frequent values first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FrequencyResult"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataStatsFrequencyNodesByLabelsByProperty: {
        parameters: {
            query?: {
                /** @description How many of the most frequent values to return (default 20, at most 1000) */
                limit?: number | null;
            };
            header?: never;
            path: {
                /** @description Comma-separated labels */
                labels: string;
                /** @description Property name */
                property: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Most frequent values first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FrequencyResult"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataStatsFrequencyNodesByProperty: {
        parameters: {
            query?: {
                /** @description How many of the most frequent values to return (default 20, at most 1000) */
                limit?: number | null;
            };
            header?: never;
            path: {
                /** @description Property name */
                property: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Most frequent values first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FrequencyResult"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataStatsFrequencyRelationshipsByProperty: {
        parameters: {
            query?: {
                /** @description How many of the most frequent values to return (default 20, at most 1000) */
                limit?: number | null;
            };
            header?: never;
            path: {
                /** @description Property name */
                property: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Most frequent values first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FrequencyResult"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDataStatsFrequencyRelationshipsByTypesByProperty: {
        parameters: {
            query?: {
                /** @description How many of the most frequent values to return (default 20, at most 1000) */
                limit?: number | null;
            };
            header?: never;
            path: {
                /** @description Property name */
                property: string;
                /** @description Comma-separated relationship types */
                types: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Most frequent values first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FrequencyResult"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Groups in name order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupCreated"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putGroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupUpdate"];
            };
        };
        responses: {
            /** @description The updated group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteGroupsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGroupsByIdDataSecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description dataSecurity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSecurity"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putGroupsByIdDataSecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DataSecurity"];
            };
        };
        responses: {
            /** @description The stored configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataSecurity"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGroupsByIdEntitySecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description entitySecurity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodeFilter?: unknown;
                        relationshipFilter?: unknown;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postGroupsByIdEntitySecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EntitySecurity"];
            };
        };
        responses: {
            /** @description The stored configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodeFilter?: unknown;
                        relationshipFilter?: unknown;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGroupsByIdPropertySecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description propertySecurity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: {
                            [key: string]: unknown;
                        };
                        relationships: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postGroupsByIdPropertySecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PropertySecurity"];
            };
        };
        responses: {
            /** @description The stored configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: {
                            [key: string]: unknown;
                        };
                        relationships: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putGroupsByIdUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupUsersSet"];
            };
        };
        responses: {
            /** @description The updated group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGroupsDataSecurity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupDataSecurity"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getGroupsInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupInfo"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postGroupsPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GroupPermissionsSet"];
            };
        };
        responses: {
            /** @description The updated group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Icon file names */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postIcons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image file
                     */
                    file: string;
                    /** @description Name to store the icon under; defaults to the uploaded file name. 1-128 characters: letters, digits, '.', '_' or '-', starting with a letter or digit, no '..'. Anything else is 400 INVALID_FILE_NAME. The extension must match the image type. */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bytes: number;
                        contentType: string;
                        name: string;
                        replaced: boolean;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The server has no storage left (STORAGE_FULL); nothing of the request was kept */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIconsByFileName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 1-128 characters: letters, digits, '.', '_' or '-', starting with a letter or digit, no '..'. Anything else is 400 INVALID_FILE_NAME. */
                fileName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The icon image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteIconsByFileName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 1-128 characters: letters, digits, '.', '_' or '-', starting with a letter or digit, no '..'. Anything else is 400 INVALID_FILE_NAME. */
                fileName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Jobs in name order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The configuration of the job's type, validated on save:
                     *     - `cypher` (Cypher statements): Runs Cypher statements, in order; the first failing statement fails the run. On the PostgreSQL backend the translated subset of Cypher runs (docs/cypher-postgres.md: reading clauses, and CREATE, MERGE, SET, REMOVE, DELETE when the user holds Data management; each statement is one transaction and its side effects are counted in the run); a statement outside it fails the run with CYPHER_UNSUPPORTED naming the construct. Example configuration: `{"statements":["MATCH (p:Person) WHERE p.reviewed IS NULL SET p.reviewed = false RETURN p LIMIT 1000"],"parameters":{}}`
                     *     - `import` (CSV node import): Creates one node per row of a CSV file under the server import directory (jobs.importDir), with a label and a column-to-property mapping. Example configuration: `{"file":"people/new-people.csv","mapping":{"label":"Person","columns":{"Full name":"name","Age":"age"},"types":{"age":"number"}}}`
                     *     - `reindex` (Rebuild the fulltext index): Recreates the fulltext index with the stored configuration and waits until it is online. Example configuration: `{}`
                     *     - `alert` (Alert): Runs a find filter (or a Cypher query) and mails the nodes that are new since the previous run to the recipients, with a link that opens them; at most 5000 matches are considered. Example configuration: `{"filter":{"and":[{"label":"Transaction"},{"property":"amount","operator":">","value":10000}]},"recipients":["fraud-team@example.com"],"subject":"Large transactions"}`
                     *     - `export` (CSV export): Writes the nodes matching a find filter as a CSV file into the export directory of the server (jobs.exportDir). Example configuration: `{"labels":["Company"],"filter":{"property":"country","operator":"=","value":"CZ"},"properties":["name","country"],"file":"companies/cz.csv","timestamped":false}`
                     */
                    config?: {
                        [key: string]: unknown;
                    } | components["schemas"]["JobConfig_cypher"] | components["schemas"]["JobConfig_import"] | components["schemas"]["JobConfig_reindex"] | components["schemas"]["JobConfig_alert"] | components["schemas"]["JobConfig_export"];
                    description?: string;
                    enabled?: boolean;
                    /** @description Unique (ignoring case); list is reserved. */
                    name: string;
                    /** @description Cron schedule with seconds: "second minute hour day-of-month month day-of-week", e.g. "0 0 2 * * *" (02:00 daily). null = only started by hand. */
                    schedule?: string | null;
                    /** @description IANA time zone the schedule is read in; null = the service default (jobs.timeZone). */
                    timeZone?: string | null;
                    /** @enum {string} */
                    type: "cypher" | "import" | "reindex" | "alert" | "export";
                };
            };
        };
        responses: {
            /** @description The created job */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getJobsByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putJobsByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job name */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The configuration of the job's type, validated on save:
                     *     - `cypher` (Cypher statements): Runs Cypher statements, in order; the first failing statement fails the run. On the PostgreSQL backend the translated subset of Cypher runs (docs/cypher-postgres.md: reading clauses, and CREATE, MERGE, SET, REMOVE, DELETE when the user holds Data management; each statement is one transaction and its side effects are counted in the run); a statement outside it fails the run with CYPHER_UNSUPPORTED naming the construct. Example configuration: `{"statements":["MATCH (p:Person) WHERE p.reviewed IS NULL SET p.reviewed = false RETURN p LIMIT 1000"],"parameters":{}}`
                     *     - `import` (CSV node import): Creates one node per row of a CSV file under the server import directory (jobs.importDir), with a label and a column-to-property mapping. Example configuration: `{"file":"people/new-people.csv","mapping":{"label":"Person","columns":{"Full name":"name","Age":"age"},"types":{"age":"number"}}}`
                     *     - `reindex` (Rebuild the fulltext index): Recreates the fulltext index with the stored configuration and waits until it is online. Example configuration: `{}`
                     *     - `alert` (Alert): Runs a find filter (or a Cypher query) and mails the nodes that are new since the previous run to the recipients, with a link that opens them; at most 5000 matches are considered. Example configuration: `{"filter":{"and":[{"label":"Transaction"},{"property":"amount","operator":">","value":10000}]},"recipients":["fraud-team@example.com"],"subject":"Large transactions"}`
                     *     - `export` (CSV export): Writes the nodes matching a find filter as a CSV file into the export directory of the server (jobs.exportDir). Example configuration: `{"labels":["Company"],"filter":{"property":"country","operator":"=","value":"CZ"},"properties":["name","country"],"file":"companies/cz.csv","timestamped":false}`
                     */
                    config?: {
                        [key: string]: unknown;
                    } | components["schemas"]["JobConfig_cypher"] | components["schemas"]["JobConfig_import"] | components["schemas"]["JobConfig_reindex"] | components["schemas"]["JobConfig_alert"] | components["schemas"]["JobConfig_export"];
                    description?: string;
                    enabled?: boolean;
                    /** @description Cron schedule with seconds: "second minute hour day-of-month month day-of-week", e.g. "0 0 2 * * *" (02:00 daily). null = only started by hand. */
                    schedule?: string | null;
                    /** @description IANA time zone the schedule is read in; null = the service default (jobs.timeZone). */
                    timeZone?: string | null;
                    /** @enum {string} */
                    type?: "cypher" | "import" | "reindex" | "alert" | "export";
                };
            };
        };
        responses: {
            /** @description The updated job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteJobsByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getJobsByNameHistory: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number | null;
                state?: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            };
            header?: never;
            path: {
                /** @description The job name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["JobRun"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putJobsByNameStarted: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued run */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRun"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteJobsByNameStarted: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job name */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run, cancelled or with its cancellation requested */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRun"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLicense: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description License */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The license text; null when none was stored */
                        license: string | null;
                        /** @description When it was last changed (ISO 8601) */
                        updatedAt: string | null;
                    };
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putLicense: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The license text, at most 64 KiB (UTF-8); larger is 413. */
                    license: string;
                };
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The license text; null when none was stored */
                        license: string | null;
                        /** @description When it was last changed (ISO 8601) */
                        updatedAt: string | null;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    _csrf?: string;
                    next?: string;
                    password: string;
                    username: string;
                };
                "application/x-www-form-urlencoded": {
                    _csrf?: string;
                    next?: string;
                    password: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        csrfToken: string;
                        user: {
                            email: string;
                            groupIds: string[];
                            id: string;
                            locale: string;
                            mustChangePassword: boolean;
                            name: string;
                            permissions: string[];
                            username: string;
                        };
                    };
                };
            };
            /** @description Form post: redirect to the requested page */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The logo image (Content-Type image/png, image/svg+xml, ...) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image file
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bytes: number;
                        contentType: string;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The server has no storage left (STORAGE_FULL); nothing of the request was kept */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The default logo applies */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Form post: redirect to /login */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPasswordResetIsHashValidByHash: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token from the e-mailed link */
                hash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Validity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        valid: boolean;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postPasswordResetPerform: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    _csrf?: string;
                    /** @description The token from the e-mailed link */
                    hash: string;
                    /** @description The new password (auth.passwordMinLength characters at least) */
                    password: string;
                };
                "application/x-www-form-urlencoded": {
                    _csrf?: string;
                    /** @description The token from the e-mailed link */
                    hash: string;
                    /** @description The new password (auth.passwordMinLength characters at least) */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        loginUrl: string;
                        /** @enum {boolean} */
                        passwordChanged: true;
                    };
                };
            };
            /** @description Form post: redirect to /login */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postPasswordResetRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    _csrf?: string;
                    username: string;
                };
                "application/x-www-form-urlencoded": {
                    _csrf?: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Accepted (always) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Permissions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        description: string;
                        name: string;
                    }[];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        email: string;
                        groupIds: string[];
                        id: string;
                        lastLoginAt: string | null;
                        locale: string;
                        mustChangePassword: boolean;
                        name: string;
                        passwordChangedAt: string;
                        permissions: string[];
                        username: string;
                    };
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E-mail address (used for password reset links); empty for none */
                    email: string | "";
                    /**
                     * @description One of GET /profile/locales
                     * @enum {string}
                     */
                    locale: "en" | "de" | "cs";
                    /** @description Display name */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The updated profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        email: string;
                        groupIds: string[];
                        id: string;
                        lastLoginAt: string | null;
                        locale: string;
                        mustChangePassword: boolean;
                        name: string;
                        passwordChangedAt: string;
                        permissions: string[];
                        username: string;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProfileLocales: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Locales */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        name: string;
                        nativeName: string;
                    }[];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putProfilePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** @description At least auth.passwordMinLength characters (422 PASSWORD_POLICY otherwise) */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        changed: true;
                        /** @description How many other sessions of the user were ended */
                        endedSessions: number;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProfileTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        expired: boolean;
                        expiresAt: string | null;
                        id: string;
                        lastUsedAt: string | null;
                        name: string;
                        /** @description The first characters of the token, to recognise it */
                        prefix: string;
                    }[];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postProfileTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Lifetime in days; without it the token does not expire */
                    expiresInDays?: number;
                    /** @description What the token is for */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        expired: boolean;
                        expiresAt: string | null;
                        id: string;
                        lastUsedAt: string | null;
                        name: string;
                        /** @description The first characters of the token, to recognise it */
                        prefix: string;
                        /** @description The secret token. Shown only in this response: store it now. */
                        token: string;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteProfileTokensById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            database: {
                                detail?: string;
                                ms: number;
                                ok: boolean;
                            };
                            graph: {
                                backend: string;
                                detail?: string;
                                ms: number;
                                ok: boolean;
                            };
                        };
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                    };
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not ready: the same body, with the check that failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            database: {
                                detail?: string;
                                ms: number;
                                ok: boolean;
                            };
                            graph: {
                                backend: string;
                                detail?: string;
                                ms: number;
                                ok: boolean;
                            };
                        };
                        /** @enum {string} */
                        status: "ready" | "unavailable";
                    };
                };
            };
        };
    };
    getSchemaIndexes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Schema indexes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SchemaIndex"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSchemaIndexes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SchemaIndexInput"];
            };
        };
        responses: {
            /** @description The created index */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SchemaIndex"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not supported by the configured backend */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSchemaIndexes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SchemaIndexInput"];
            };
        };
        responses: {
            /** @description Dropped */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Session state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authenticated: boolean;
                        authMethod: string | null;
                        csrfToken: string;
                        user: {
                            email: string;
                            groupIds: string[];
                            id: string;
                            locale: string;
                            mustChangePassword: boolean;
                            name: string;
                            permissions: string[];
                            username: string;
                        } | null;
                    };
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Credentials were sent in an Authorization header and are wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Settings by type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationSettings"];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putSettingsByType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The setting type: DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE. Another value: 404 SETTING_TYPE_NOT_FOUND. */
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
            };
        };
        responses: {
            /** @description The stored value (with defaults filled in) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettingsAutomatic: {
        parameters: {
            query?: {
                /** @description Nodes and relationships (each) sampled for the automatic variants; default 1000. */
                sampleSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings now stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationSettings"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettingsAutomaticByType: {
        parameters: {
            query?: {
                /** @description Nodes and relationships (each) sampled for the automatic variants; default 1000. */
                sampleSize?: number;
            };
            header?: never;
            path: {
                /** @description The setting type: DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE. Another value: 404 SETTING_TYPE_NOT_FOUND. */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The automatic value */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettingsDefault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings now stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationSettings"];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettingsDefaultByType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The setting type: DATA_TYPES, DATA_SCHEMA, FULLTEXT_INDEX, APPEARANCE. Another value: 404 SETTING_TYPE_NOT_FOUND. */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The default value */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettingsExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The zip archive (attachment settings.zip) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postSettingsImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A .zip of <TYPE>.json files (as exported) or one <TYPE>.json file, e.g. DATA_TYPES.json.
                     */
                    file?: string;
                };
            };
        };
        responses: {
            /** @description The imported setting types */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsImportResult"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users in username order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The created user */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user, now deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersByIdDeleted: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUsersByIdDeleted: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersByIdEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUsersByIdEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersByIdEntitySecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Effective entitySecurity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EffectiveEntitySecurity"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersByIdGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserGroupsSet"];
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersByIdPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserPasswordSet"];
            };
        };
        responses: {
            /** @description Password set */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersByIdPreview: {
        parameters: {
            query?: {
                /** @description How many nodes to return as a sample (0–100) */
                sample?: number | null;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's view of the graph */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDataPreview"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersByIdPropertySecurity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Effective propertySecurity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EffectivePropertySecurity"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUsersByIdResetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mail sent (or logged, when no SMTP server is configured) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mailConfigured: boolean;
                        sentTo: string;
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersDataSecurity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Per user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDataSecurity"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersDeleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserInfo"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersSearch: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Users per page, at most 500 */
                pageSize?: number;
                /** @description Part of the username, name or e-mail (case-insensitive); absent or empty: every user */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserPage"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersUserGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupRef"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsersUserRelated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Related users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RelatedUser"][];
                };
            };
            /** @description Text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postUserSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type: string;
                    /** @description Any JSON object */
                    value: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: string;
                        updatedAt: string;
                        value: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUserSettingsByType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The setting */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: string;
                        updatedAt: string;
                        value: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postVisualizationExportImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizationImageExport"];
            };
        };
        responses: {
            /** @description The image as a download (image/png or image/svg+xml) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getVisualizations: {
        parameters: {
            query?: {
                /** @description false leaves the content out (summaries for list pages); default true */
                content?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Visualizations in name order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Visualization"][];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postVisualizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizationCreate"];
            };
        };
        responses: {
            /** @description The created visualization, as GET /visualizations/{id} answers */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Visualization"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getVisualizationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The visualization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Visualization"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putVisualizationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizationUpdate"];
            };
        };
        responses: {
            /** @description The updated visualization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Visualization"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteVisualizationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putVisualizationsByIdGroups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizationShareGroups"];
            };
        };
        responses: {
            /** @description Who it is shared with now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisualizationShares"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putVisualizationsByIdHidden: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Hidden for the session user */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteVisualizationsByIdHidden: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Visible again for the session user */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putVisualizationsByIdInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizationInfo"];
            };
        };
        responses: {
            /** @description The visualization without content */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Visualization"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putVisualizationsByIdUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizationShareUsers"];
            };
        };
        responses: {
            /** @description Who it is shared with now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisualizationShares"];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or the body is not valid JSON (INVALID_JSON) or nested deeper than 64 levels (NESTING_TOO_DEEP); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The user lacks the permission this operation needs; or on a cookie session, the X-CSRF-Token header is missing or wrong (CSRF_TOKEN_INVALID) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request or upload is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The content type is not supported */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be processed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getVisualizationsOwn: {
        parameters: {
            query?: {
                /** @description false leaves the content out (summaries for list pages); default true */
                content?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Own visualizations in name order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Visualization"][];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getVisualizationsShare: {
        parameters: {
            query?: {
                /** @description false leaves the content out (summaries for list pages); default true */
                content?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Shared visualizations in name order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Visualization"][];
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWidgetsByWidgetNameByFileName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description 1-128 characters: letters, digits, '.', '_' or '-', starting with a letter or digit, no '..'. Anything else is 400 INVALID_FILE_NAME. */
                fileName: string;
                /** @description Widget folder name. 1-128 characters: letters, digits, '.', '_' or '-', starting with a letter or digit, no '..'. Anything else is 400 INVALID_FILE_NAME. */
                widgetName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The widget file, with the Content-Type of its extension (application/octet-stream when unknown) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "application/octet-stream": string;
                    "application/wasm": string;
                    "application/xml": string;
                    "font/otf": string;
                    "font/ttf": string;
                    "font/woff": string;
                    "font/woff2": string;
                    "image/gif": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/svg+xml": string;
                    "image/webp": string;
                    "image/x-icon": string;
                    "text/css": string;
                    "text/csv": string;
                    "text/html": string;
                    "text/javascript": string;
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description The input fails validation (VALIDATION_FAILED, with issues); or text in the body, query string, path or credentials holds a NUL character (NUL_CHARACTER) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Authentication is required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The addressed resource does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests: the account is locked out after failed logins, or a rate limit applies (Retry-After says when to try again) */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected error (logged with the request id); the detail names the request id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The graph database is not reachable (GRAPH_UNAVAILABLE), or concurrent changes to the same elements kept colliding (GRAPH_CONTENTION), or the service's own database is not reachable (DATABASE_UNAVAILABLE) or has no free connection (DATABASE_BUSY); Retry-After says when to try again */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A graph query exceeded its time limit */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}

import type { Record as Neo4jRecord, Result } from 'neo4j-driver';
import neo4j from 'neo4j-driver';
import { GraphUnavailableError } from '../../../errors';
import type { AccessScope, FindQuery, FindResult, GraphNode, GraphRelationship } from '../../graph-store';
import { assertFilter } from '../../identifiers';
import type { CypherCompiler } from '../cypher-filter';
import { and, assertInteger, luceneQuery, TRUE } from '../cypher-filter';
import { idKeysetStart } from '../dialect';
import { orderedStream } from '../ordered-stream';
import { nodeFromProjection, relationshipFromProjection } from '../serialize';
import { withNoDelaySockets } from '../tcp-nodelay';
import { cachedFulltextStatus, FULLTEXT_INDEX_NAME } from './fulltext';
import { DEFAULT_FIND_LIMIT, toNumber } from './helpers';
import type { StoreInternals } from './store-internals';

/* Search: pages of nodes and relationships by filter and text, with their total, and exports streamed in id order. */

/** Rows streamNodes / streamRelationships receive ahead of a slow consumer before they pause the statement (ordered-stream.ts). */
export const STREAM_BUFFER_ROWS = 10_000;

/**
 * A page shorter than the limit (and not past the end) already tells the total: skip + its
 * length, read in the same transaction. Undefined when the count statement is needed.
 */
export function shortPageTotal(skip: number, limit: number, length: number): number | undefined {
  return limit > 0 && length < limit && (length > 0 || skip === 0) ? skip + length : undefined;
}

/** MATCH part and WHERE conditions for a node search (fulltext when online, else a scan). */
async function nodeSearch(
  s: StoreInternals,
  c: CypherCompiler,
  query: Pick<FindQuery, 'filter' | 'text'>,
): Promise<{ match: string; where: string; scored: boolean }> {
  if (query.filter) assertFilter(query.filter);
  const text = query.text?.trim();
  let match = 'MATCH (n)';
  let textCondition: string = TRUE;
  let scored = false;
  if (text) {
    const status = await cachedFulltextStatus(s);
    const lucene = luceneQuery(text);
    if (status.state === 'ONLINE' && status.config && lucene) {
      match = `CALL db.index.fulltext.queryNodes(${c.params.add(FULLTEXT_INDEX_NAME, 'ft')}, ${c.params.add(lucene, 'ftq')}) YIELD node, score WITH node AS n, score`;
      scored = true;
      // A hit may come from a property this scope hides: re-check on the visible indexed ones.
      if (c.hasPropertyRules('node')) textCondition = c.anyWordMatch('node', 'n', text, status.config.properties);
    } else {
      textCondition = c.textMatch('node', 'n', text);
    }
  }
  const where = and(c.nodeVisible('n'), query.filter ? c.filter(query.filter, 'n', 'node') : undefined, textCondition);
  return { match, where, scored };
}

export async function findNodes(s: StoreInternals, query: FindQuery, scope: AccessScope): Promise<FindResult<GraphNode>> {
  const c = s.compiler(scope);
  const { match, where, scored } = await nodeSearch(s, c, query);
  const skipCount = assertInteger('skip', query.skip ?? 0, 0, Number.MAX_SAFE_INTEGER);
  const limitCount = s.limit(query.limit, DEFAULT_FIND_LIMIT);
  const skip = c.params.add(neo4j.int(skipCount), 'skip');
  const limit = c.params.add(neo4j.int(limitCount), 'limit');
  const fallback = scored && !query.sort?.length ? `score DESC, ${c.id('n')}` : c.id('n');
  const carry = scored ? 'n, score' : 'n';
  const whereClause = where === TRUE ? '' : ` WHERE ${where}`;
  const order = c.orderBy('node', 'n', query.sort, fallback);
  const bound = query.countLimit;
  if (bound !== undefined && Number.isInteger(bound) && bound >= 0 && limitCount > 0 && skipCount + limitCount <= bound + 1) {
    // A bounded count (text search): ONE statement takes the first bound + 1 matches in the
    // page's order (a top-N, bounded memory), counts them and cuts the page from them, where a
    // full page needed a second statement reading every match again to count it.
    const top = c.params.add(neo4j.int(bound + 1), 'top');
    const cypher =
      `${match}${whereClause} WITH ${carry} ORDER BY ${order} LIMIT ${top} WITH collect(n) AS gasAll ` +
      `RETURN size(gasAll) AS total, [gasN IN gasAll[${skip}..(${skip} + ${limit})] | ${c.nodeProjection('gasN', query.properties)}] AS items`;
    const record = (await s.readOne(cypher, c.params.values))[0];
    const counted = toNumber(record?.get('total'));
    const items = ((record?.get('items') as unknown[] | undefined) ?? []).map((item) => nodeFromProjection(item));
    return counted > bound ? { items, total: bound, totalIsLowerBound: true } : { items, total: counted };
  }
  const itemsQuery = `${match}${whereClause} WITH ${carry} ORDER BY ${order} SKIP ${skip} LIMIT ${limit} RETURN ${c.nodeProjection('n', query.properties)} AS item`;
  const countQuery = `${match}${whereClause} RETURN count(n) AS total`;
  // Auto-commit statements (readOne): the count only when the page does not tell the total.
  const items = (await s.readOne(itemsQuery, c.params.values)).map((r) => nodeFromProjection(r.get('item')));
  const known = shortPageTotal(skipCount, limitCount, items.length);
  const total = known ?? toNumber((await s.readOne(countQuery, c.params.values))[0]?.get('total'));
  return { items, total };
}

export async function findRelationships(s: StoreInternals, query: FindQuery, scope: AccessScope): Promise<FindResult<GraphRelationship>> {
  const c = s.compiler(scope);
  if (query.filter) assertFilter(query.filter);
  const text = query.text?.trim();
  const where = and(
    c.relationshipVisible('r', 'a', 'b'),
    query.filter ? c.filter(query.filter, 'r', 'relationship') : undefined,
    text ? c.textMatch('relationship', 'r', text) : undefined,
  );
  const whereClause = where === TRUE ? '' : ` WHERE ${where}`;
  const skipCount = assertInteger('skip', query.skip ?? 0, 0, Number.MAX_SAFE_INTEGER);
  const limitCount = s.limit(query.limit, DEFAULT_FIND_LIMIT);
  const skip = c.params.add(neo4j.int(skipCount), 'skip');
  const limit = c.params.add(neo4j.int(limitCount), 'limit');
  const itemsQuery = `MATCH (a)-[r]->(b)${whereClause} WITH r ORDER BY ${c.orderBy('relationship', 'r', query.sort, c.id('r'))} SKIP ${skip} LIMIT ${limit} RETURN ${c.relationshipProjection('r', query.properties)} AS item`;
  const countQuery = `MATCH (a)-[r]->(b)${whereClause} RETURN count(r) AS total`;
  // Auto-commit statements (readOne): the count only when the page does not tell the total.
  const items = (await s.readOne(itemsQuery, c.params.values)).map((r) => relationshipFromProjection(r.get('item')));
  const known = shortPageTotal(skipCount, limitCount, items.length);
  const total = known ?? toNumber((await s.readOne(countQuery, c.params.values))[0]?.get('total'));
  return { items, total };
}

export async function* streamNodes(
  s: StoreInternals,
  query: Pick<FindQuery, 'filter' | 'text' | 'properties'>,
  scope: AccessScope,
): AsyncIterable<GraphNode> {
  const c = s.compiler(scope);
  const { match, where } = await nodeSearch(s, c, query);
  const cypher = `${match} WHERE ${and(where, `${c.id('n')} > $after`)} WITH n ORDER BY ${c.id('n')} RETURN ${c.id('n')} AS k, ${c.nodeProjection('n', query.properties)} AS item`;
  for await (const batch of ordered(s, cypher, c.params.values)) for (const record of batch) yield nodeFromProjection(record.get('item'));
}

export async function* streamRelationships(
  s: StoreInternals,
  query: Pick<FindQuery, 'filter' | 'properties'>,
  scope: AccessScope,
): AsyncIterable<GraphRelationship> {
  const c = s.compiler(scope);
  if (query.filter) assertFilter(query.filter);
  const where = and(
    c.relationshipVisible('r', 'a', 'b'),
    query.filter ? c.filter(query.filter, 'r', 'relationship') : undefined,
    `${c.id('r')} > $after`,
  );
  const cypher = `MATCH (a)-[r]->(b) WHERE ${where} WITH r ORDER BY ${c.id('r')} RETURN ${c.id('r')} AS k, ${c.relationshipProjection('r', query.properties)} AS item`;
  for await (const batch of ordered(s, cypher, c.params.values))
    for (const record of batch) yield relationshipFromProjection(record.get('item'));
}

/** One statement ordered by `k`, streamed with bounded memory (ordered-stream.ts); `$after` is bound here. */
function ordered(s: StoreInternals, cypher: string, params: Record<string, unknown>): AsyncGenerator<Neo4jRecord[]> {
  return orderedStream({
    start: idKeysetStart(s.dialect),
    bufferRows: s.options.streamBufferRows ?? STREAM_BUFFER_ROWS,
    mapError: (error) => s.mapError(error),
    idleDeadlineMs: s.deadlineMs,
    deadlineError: () => {
      s.options.logger?.warn({ deadlineMs: s.deadlineMs }, 'Neo4j did not answer within the deadline during a stream; it failed with 503');
      return new GraphUnavailableError(`The graph database did not answer within ${s.deadlineMs} ms`);
    },
    open: (after) => {
      const session = s.session('READ');
      let result!: Result;
      // Run inside the no-delay context, so a connection opened for it gets TCP_NODELAY.
      void withNoDelaySockets(async () => {
        result = session.run(cypher, { ...params, after }, { timeout: s.options.queryTimeoutMs });
      });
      return { session, result };
    },
  });
}

import { BadRequestError } from '../../../errors';
import type { FulltextConfig, FulltextStatus } from '../../graph-store';
import { assertIdentifiers } from '../../identifiers';
import { createFulltextCypher, dropFulltextCypher } from '../dialect';
import { run, uniq } from './helpers';
import { rawIndexes } from './schema-indexes';
import type { StoreInternals } from './store-internals';

/* Fulltext: the one node fulltext index the service manages, and its status (cached briefly for searches). */

/** Name of the one node fulltext index the service manages. */
export const FULLTEXT_INDEX_NAME = 'gas_fulltext';
const FULLTEXT_CACHE_MS = 10_000;

export async function fulltextStatus(s: StoreInternals): Promise<FulltextStatus> {
  const index = (await rawIndexes(s)).find((i) => i.fulltext && i.name === FULLTEXT_INDEX_NAME);
  let status: FulltextStatus;
  if (!index) {
    status = { state: 'NOT_CREATED', progress: 0, config: null };
  } else {
    const state = index.state === 'ONLINE' ? 'ONLINE' : index.state === 'FAILED' ? 'FAILED' : 'POPULATING';
    status = {
      state,
      progress: state === 'ONLINE' ? 100 : Math.max(0, Math.min(100, index.progress)),
      config: { labels: index.tokens, properties: index.properties },
    };
    if (state === 'FAILED')
      status.failureMessage =
        index.failureMessage || (await indexFailure(s, index.name)) || 'The fulltext index failed (see the Neo4j log)';
  }
  s.fulltextCache = { at: Date.now(), status };
  return status;
}

async function indexFailure(s: StoreInternals, name: string): Promise<string | undefined> {
  if (s.dialect.indexListing !== 'show') return undefined;
  try {
    const records = await s.readOne('SHOW INDEXES YIELD name, failureMessage WHERE name = $name RETURN failureMessage', { name });
    const message: unknown = records[0]?.get('failureMessage');
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

export async function cachedFulltextStatus(s: StoreInternals): Promise<FulltextStatus> {
  if (s.fulltextCache && Date.now() - s.fulltextCache.at < FULLTEXT_CACHE_MS) return s.fulltextCache.status;
  return fulltextStatus(s);
}

export async function createFulltextIndex(s: StoreInternals, config: FulltextConfig): Promise<FulltextStatus> {
  const labels = assertIdentifiers('label', config.labels ?? []);
  const properties = assertIdentifiers('property', config.properties ?? []);
  if (labels.length === 0 || properties.length === 0)
    throw new BadRequestError('The fulltext index needs at least one label and one property', 'INVALID_FULLTEXT_CONFIG');
  const current = await fulltextStatus(s);
  if (current.state !== 'NOT_CREATED') await dropFulltextIndex(s);
  const command = createFulltextCypher(s.dialect, FULLTEXT_INDEX_NAME, uniq(labels), uniq(properties));
  await s.write((tx) => run(tx, command.query, command.params));
  s.fulltextCache = null;
  return fulltextStatus(s);
}

export async function dropFulltextIndex(s: StoreInternals): Promise<void> {
  const exists = (await rawIndexes(s)).some((i) => i.fulltext && i.name === FULLTEXT_INDEX_NAME);
  s.fulltextCache = null;
  if (!exists) return;
  const command = dropFulltextCypher(s.dialect, FULLTEXT_INDEX_NAME);
  await s.write((tx) => run(tx, command.query, command.params));
}

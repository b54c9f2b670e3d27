import type { Logger } from 'pino';
import { BadRequestError } from '../../errors';
import type { FulltextConfig, FulltextStatus } from '../graph-store';
import { assertIdentifiers } from '../identifiers';
import type { QueryRunner } from './runner';
import type { Sql } from './sql';
import { likeContains, raw, sql, TRUE } from './sql';
import type { ScopeSql } from './sql-filter';

/**
 * The fulltext index over nodes: a catalog row (graph_fulltext_index: config, state, progress)
 * and one entry per (node, configured string property) in graph_fulltext_entries, with a
 * tsvector and a trigram index. A trigger keeps entries of written nodes in sync; creating the
 * index (re)populates existing nodes in the background, in id batches, updating the progress.
 */

interface IndexRow {
  config: FulltextConfig;
  state: 'POPULATING' | 'ONLINE' | 'FAILED';
  progress: number;
  failure_message: string | null;
  generation: number;
}

/** How long isOnline() trusts the state it read last (another instance's change is seen this late). */
const ONLINE_CACHE_MS = 1000;

export class FulltextIndex {
  private job: Promise<void> | null = null;
  private stopped = false;
  private onlineCache: { at: number; online: boolean } | null = null;
  private cacheGeneration = 0;

  constructor(
    private readonly runner: QueryRunner,
    private readonly batchSize = 2000,
    private readonly logger?: Logger,
  ) {}

  async status(): Promise<FulltextStatus> {
    const row = await this.row();
    if (!row) return { state: 'NOT_CREATED', progress: 0, config: null };
    return {
      state: row.state,
      progress: Math.round(Number(row.progress) * 10) / 10,
      config: row.config,
      ...(row.state === 'FAILED' && row.failure_message ? { failureMessage: row.failure_message } : {}),
    };
  }

  /**
   * Whether searches go through the index entries. Remembered for ONLINE_CACHE_MS (a text search
   * cost a statement more for it: 1.5x the raw query at 10,000 nodes); this process forgets it at
   * once when it creates, drops or finishes populating the index, so only a change made by another
   * instance is seen up to a second late (searches then use the other form for that second).
   */
  async isOnline(): Promise<boolean> {
    const cached = this.onlineCache;
    if (cached && Date.now() - cached.at < ONLINE_CACHE_MS) return cached.online;
    const at = Date.now();
    const generation = this.cacheGeneration;
    const row = await this.runner.one<{ state: string }>(sql`select state from graph_fulltext_index where id = 1`);
    const online = row?.state === 'ONLINE';
    if (generation === this.cacheGeneration) this.onlineCache = { at, online };
    return online;
  }

  private forgetOnline(): void {
    this.onlineCache = null;
    this.cacheGeneration += 1;
  }

  async create(config: FulltextConfig): Promise<FulltextStatus> {
    if (!config || !Array.isArray(config.labels) || config.labels.length === 0)
      throw new BadRequestError('A fulltext index needs at least one label', 'INVALID_FULLTEXT_CONFIG');
    if (!Array.isArray(config.properties) || config.properties.length === 0)
      throw new BadRequestError('A fulltext index needs at least one property', 'INVALID_FULLTEXT_CONFIG');
    const clean: FulltextConfig = {
      labels: [...new Set(assertIdentifiers('label', config.labels))],
      properties: [...new Set(assertIdentifiers('property', config.properties))],
    };
    const row = await this.runner.one<{ generation: number }>(sql`
      insert into graph_fulltext_index (id, config, state, progress, failure_message, generation, updated_at)
      values (1, ${JSON.stringify(clean)}::jsonb, 'POPULATING', 0, null, 1, now())
      on conflict (id) do update set config = excluded.config, state = 'POPULATING', progress = 0, failure_message = null,
        generation = graph_fulltext_index.generation + 1, updated_at = now()
      returning generation`);
    this.forgetOnline();
    await this.runner.rows(sql`delete from graph_fulltext_entries`);
    this.start(row!.generation, clean);
    return this.status();
  }

  async drop(): Promise<void> {
    await this.runner.rows(sql`delete from graph_fulltext_index where id = 1`);
    this.forgetOnline();
    await this.runner.rows(sql`delete from graph_fulltext_entries`);
  }

  /** After a restart: finish a population that was interrupted. */
  async resume(runner: QueryRunner = this.runner): Promise<void> {
    const row = await this.row(runner);
    if (row?.state === 'POPULATING') this.start(row.generation, row.config);
  }

  /** Stops background work (at the next batch) and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.job) await this.job;
  }

  /** Resolves once no population runs in this process (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.job) await this.job;
  }

  /**
   * The condition "node `alias` matches `text`": through the index entries when it is online
   * (configured labels and properties), else a case-insensitive substring match over the node's
   * visible string properties, its candidates found through the trigram index over every node's
   * string values (the scan is PostgreSQL's fallback for texts shorter than a trigram). Hidden
   * properties never match.
   */
  condition(scope: ScopeSql, alias: string, text: string, online: boolean): Sql {
    const a = raw(alias);
    const pattern = likeContains(text);
    if (online) {
      const match = sql`(fe.tsv @@ plainto_tsquery('simple', ${text}::text) or fe.value ilike ${pattern}::text)`;
      const candidates = sql`${a}.id in (select fe.node_id from graph_fulltext_entries fe where ${match})`;
      const visible = scope.nodePropertyVisibleExpr(alias, raw('fe.property'));
      if (visible === TRUE) return candidates;
      return sql`(${candidates} and exists (select 1 from graph_fulltext_entries fe where fe.node_id = ${a}.id and ${match} and ${visible}))`;
    }
    // Candidates through the trigram index over all string values (migration
    // 20261123150500_graph_text_search_index), confirmed on the visible string properties.
    return sql`(gas_string_values(${a}.properties) ilike ${pattern}::text and exists (select 1 from jsonb_each(${scope.nodeProperties(alias)}) gas_kv where jsonb_typeof(gas_kv.value) = 'string' and (gas_kv.value #>> '{}') ilike ${pattern}::text))`;
  }

  private async row(runner: QueryRunner = this.runner): Promise<IndexRow | undefined> {
    return runner.one<IndexRow>(sql`select config, state, progress, failure_message, generation from graph_fulltext_index where id = 1`);
  }

  private start(generation: number, config: FulltextConfig): void {
    this.stopped = false;
    const previous = this.job;
    const job: Promise<void> = (async () => {
      if (previous) await previous;
      await this.populate(generation, config);
    })().finally(() => {
      if (this.job === job) this.job = null;
    });
    this.job = job;
  }

  private async populate(generation: number, config: FulltextConfig): Promise<void> {
    try {
      const bounds = await this.runner.one<{ max: string | null }>(sql`select max(id)::text as max from graph_nodes`);
      const maxId = Number(bounds?.max ?? 0);
      let last = '0';
      for (;;) {
        if (this.stopped) return;
        const current = await this.runner.one<{ generation: number }>(
          sql`select generation from graph_fulltext_index where id = 1 and state = 'POPULATING'`,
        );
        if (!current || current.generation !== generation) return;
        const batch = await this.runner.one<{ last: string | null; n: number }>(sql`
          with batch as (
            select id, labels, properties from graph_nodes where id > ${last}::bigint order by id limit ${this.batchSize}::int
          ), ins as (
            insert into graph_fulltext_entries (node_id, property, value)
            select b.id, e.key, e.value #>> '{}'
            from batch b cross join lateral jsonb_each(b.properties) e
            where b.labels && ${config.labels}::text[] and e.key = any(${config.properties}::text[]) and jsonb_typeof(e.value) = 'string'
            on conflict (node_id, property) do update set value = excluded.value
          )
          select max(id)::text as last, count(*)::int as n from batch`);
        const done = !batch || batch.n < this.batchSize || batch.last === null;
        if (batch?.last) last = batch.last;
        const progress = done ? 100 : Math.min(99.9, maxId > 0 ? (Number(last) / maxId) * 100 : 0);
        await this.runner.rows(sql`
          update graph_fulltext_index set progress = ${progress}::real, updated_at = now()
            ${raw(done ? ", state = 'ONLINE'" : '')}
          where id = 1 and generation = ${generation}::int and state = 'POPULATING'`);
        if (done) {
          this.forgetOnline();
          return;
        }
      }
    } catch (error) {
      this.logger?.error({ err: error }, 'fulltext index population failed');
      try {
        await this.runner.rows(sql`
          update graph_fulltext_index set state = 'FAILED', failure_message = ${String((error as Error)?.message ?? error).slice(0, 1000)}::text, updated_at = now()
          where id = 1 and generation = ${generation}::int`);
        this.forgetOnline();
      } catch {
        /* the database is gone; the state stays POPULATING and resumes at the next start */
      }
    }
  }
}

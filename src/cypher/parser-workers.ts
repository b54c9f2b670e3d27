import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';
import { CypherTooComplexError, finish, MAX_NESTING, parseCore, parseCypher, type CoreResult, type ParsedCypher } from './parse-core';

/**
 * Worker threads that run parseCore. ANTLR's prediction can take seconds to minutes on some
 * shapes (long AND chains, nested CASE): parsing there keeps the event loop free.
 *
 * A query's time limit counts its own parse only. A new worker first loads the grammar (about a
 * second, several on a busy machine) and warms the parser's caches with one ordinary query, and
 * says when it is ready; a worker is given one query at a time (the others wait in its queue
 * here), so each query's clock starts when the worker begins to parse it.
 *
 * A refused query must not cost the queries of others (issue 18 item 17: a loop of queries too
 * complex to check made everyone's Cypher wait 12-14 s, each behind a parse of the full time limit
 * and then behind the loading of a new worker, as a refusal ended the worker):
 * - the worker stops a parse that outlives its limit by itself (parseCore's timeLimitMs) and
 *   answers too complex, keeping its grammar and caches; only a worker that does not answer
 *   within the limit + WORKER_GRACE_MS is ended, its waiting queries going to the next worker;
 * - a spare worker is kept loaded beside the current one: when a query has parsed for
 *   ISOLATE_AFTER_MS and others wait behind it, they move to the spare, which becomes the current
 *   worker; the slow query ends alone on its worker, which then becomes the spare again;
 * - one query of a user is with the workers at a time (asParseOwner below).
 */
interface ParseJob {
  id: number;
  text: string;
  timeoutMs: number;
  resolve: (r: CoreResult) => void;
  reject: (e: Error) => void;
  /** Ends a worker that did not answer within the limit and the grace. */
  timer?: NodeJS.Timeout;
  /** Moves the queries waiting behind this one to the spare worker when it parses for long. */
  isolateTimer?: NodeJS.Timeout;
  /** When it was given to the worker (its clock started). */
  startedAt?: number;
}
interface ParserWorker {
  worker: Worker;
  ready: boolean;
  /** Its queries in order; the first is with the worker once it is ready (startedAt set). */
  queue: ParseJob[];
  startTimer?: NodeJS.Timeout;
  /** Left alone with one slow query (the others moved on): the spare again once it is answered. */
  retired?: boolean;
}
let current: ParserWorker | null = null;
/** Loaded beside the current worker, to take over at once (see above). */
let spare: ParserWorker | null = null;
let nextId = 0;

/** A query parsing this long with others waiting behind it is left alone on its worker. */
export const ISOLATE_AFTER_MS = 250;
/** A worker that has not answered this long after a query's limit is ended (it stops a parse itself at the limit). */
const WORKER_GRACE_MS = 1500;
/** A worker that has not loaded the grammar after this long is given up (the queries waiting on it fail). */
const WORKER_START_LIMIT_MS = 60_000;
/** Parsed once by a new worker before it takes queries: fills the prediction caches for common shapes. */
export const WARM_UP_QUERY =
  "MATCH (a:Label {key: 1})-[r:TYPE*1..2]->(b) WHERE a.x > $p AND b.y CONTAINS 's' WITH a, count(b) AS c ORDER BY c DESC SKIP 1 LIMIT 2 RETURN a.name, c";

function startWorker(): ParserWorker {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const grammar = require(workerData.grammarPath);
    const antlr4 = require(workerData.runtimePath).default;
    // parseCore's text, as the process runs it: under tsx (npm run dev, the PGlite scenarios) esbuild's
    // keepNames wraps its inner functions in __name(), a helper outside that text.
    const __name = (target) => target;
    const parseCore = ${parseCore.toString()};
    try { parseCore(grammar, antlr4, workerData.warmUp, workerData.maxNesting); } catch (error) { /* warming only */ }
    parentPort.on('message', ({ id, text, maxNesting, timeLimitMs }) => {
      try {
        parentPort.postMessage({ id, result: parseCore(grammar, antlr4, text, maxNesting, timeLimitMs) });
      } catch (error) {
        parentPort.postMessage({ id, error: String(error && error.stack || error) });
      }
    });
    parentPort.postMessage({ ready: true });`;
  const created = new Worker(source, {
    eval: true,
    workerData: {
      grammarPath: require.resolve('@neo4j-cypher/antlr4-simple'),
      runtimePath: require.resolve('@neo4j-cypher/antlr4-browser'),
      warmUp: WARM_UP_QUERY,
      maxNesting: MAX_NESTING,
    },
  });
  const handle: ParserWorker = { worker: created, ready: false, queue: [] };
  created.on('message', (message: { ready?: true; id?: number; result?: CoreResult; error?: string }) => {
    if (message.ready) {
      handle.ready = true;
      clearTimeout(handle.startTimer);
      dispatch(handle);
      // The current worker is loaded: now its spare may load (not both at once at a start).
      if (handle === current) ensureSpare();
      // A spare now loaded takes the queries waiting behind a slow one.
      else if (handle === spare && current) isolate(current);
      return;
    }
    const index = handle.queue.findIndex((job) => job.id === message.id);
    if (index < 0) return;
    const [job] = handle.queue.splice(index, 1);
    clearTimeout(job.timer);
    clearTimeout(job.isolateTimer);
    if (message.result) job.resolve(message.result);
    else job.reject(new Error(`Cypher parser worker failed: ${message.error}`));
    if (handle.retired) {
      recycle(handle);
      return;
    }
    if (handle.queue.length === 0) created.unref();
    dispatch(handle);
  });
  const fail = (error: Error) => {
    if (current === handle) current = null;
    if (spare === handle) spare = null;
    clearTimeout(handle.startTimer);
    for (const job of handle.queue.splice(0)) {
      clearTimeout(job.timer);
      clearTimeout(job.isolateTimer);
      job.reject(error);
    }
  };
  created.on('error', fail);
  created.on('exit', () => fail(new Error('Cypher parser worker stopped')));
  handle.startTimer = setTimeout(() => {
    fail(new Error(`Cypher parser worker did not load the grammar within ${WORKER_START_LIMIT_MS} ms`));
    void created.terminate();
  }, WORKER_START_LIMIT_MS);
  handle.startTimer.unref();
  // After the listeners (adding a 'message' listener refs the port again): an idle worker never
  // keeps the process alive; one with queries to answer does (send).
  created.unref();
  return handle;
}

/** Gives the worker the first query of its queue, once it is ready and free, and starts that query's clock. */
function dispatch(handle: ParserWorker): void {
  const job = handle.queue[0];
  if (!handle.ready || !job || job.startedAt !== undefined) return;
  job.startedAt = Date.now();
  handle.worker.postMessage({ id: job.id, text: job.text, maxNesting: MAX_NESTING, timeLimitMs: job.timeoutMs });
  if (job.timeoutMs > ISOLATE_AFTER_MS) {
    job.isolateTimer = setTimeout(() => isolate(handle), ISOLATE_AFTER_MS);
    job.isolateTimer.unref();
  }
  job.timer = setTimeout(() => {
    // The worker did not stop the parse at the limit: it is ended; the queries behind go to the next one.
    if (current === handle) current = null;
    if (spare === handle) spare = null;
    const [refused, ...waiting] = handle.queue.splice(0);
    clearTimeout(refused.isolateTimer);
    void handle.worker.terminate();
    refused.reject(new CypherTooComplexError(`checking the query took longer than ${refused.timeoutMs} ms`, 1, 1));
    if (waiting.length === 0) {
      // (A retired worker ended so: the current one gets a spare again.)
      ensureSpare();
      return;
    }
    let next: ParserWorker;
    try {
      next = workerNow();
    } catch (error) {
      for (const other of waiting) other.reject(error as Error);
      return;
    }
    for (const other of waiting) send(next, other);
  }, job.timeoutMs + WORKER_GRACE_MS);
}

/**
 * The first query of `handle` has parsed for ISOLATE_AFTER_MS: the queries waiting behind it move
 * to the spare worker, when one is loaded (otherwise they wait: a worker still loading would not
 * answer sooner), and the slow query stays alone on its worker, retired.
 */
function isolate(handle: ParserWorker): void {
  const first = handle.queue[0];
  if (handle !== current || handle.queue.length < 2 || !spare?.ready || first?.startedAt === undefined) return;
  // (A timer may fire a little early.)
  if (Date.now() - first.startedAt < ISOLATE_AFTER_MS - 10 || first.timeoutMs <= ISOLATE_AFTER_MS) return;
  const waiting = handle.queue.splice(1);
  handle.retired = true;
  current = spare;
  spare = null;
  for (const job of waiting) send(current, job);
}

/** A retired worker answered its slow query: it is the spare again (or ends, when a loaded spare exists). */
function recycle(handle: ParserWorker): void {
  handle.retired = false;
  handle.worker.unref();
  if (spare?.ready) {
    void handle.worker.terminate();
    return;
  }
  if (spare) void spare.worker.terminate();
  spare = handle;
  if (current) isolate(current);
}

/** Starts loading a spare worker when there is none (never fails: without one, queries still parse). */
function ensureSpare(): void {
  if (spare || !current) return;
  try {
    spare = startWorker();
  } catch {
    spare = null;
  }
}

function workerNow(): ParserWorker {
  if (current) return current;
  // The spare takes over (loaded, or at least loading for longer than a new one would be).
  if (spare) {
    current = spare;
    spare = null;
    if (current.ready) ensureSpare();
    return current;
  }
  return (current = startWorker());
}

function send(handle: ParserWorker, job: ParseJob): void {
  job.timer = undefined;
  job.isolateTimer = undefined;
  job.startedAt = undefined;
  if (handle.queue.length === 0) handle.worker.ref();
  handle.queue.push(job);
  dispatch(handle);
  // Sent behind a query that already parses for long: moves on at once.
  isolate(handle);
}

/**
 * Parses like parseCypher, in a worker thread, within `timeoutMs` of parsing (see ParserWorker):
 * a parse that takes longer throws CypherTooComplexError. Falls back to parsing in this thread
 * when no worker can start.
 */
export async function parseCypherWithin(text: string, timeoutMs: number): Promise<ParsedCypher> {
  const owner = parseOwner.getStore();
  if (owner !== undefined) await turnOf(owner);
  try {
    let handle: ParserWorker;
    try {
      handle = workerNow();
    } catch {
      return parseCypher(text);
    }
    const result = await new Promise<CoreResult>((resolve, reject) => send(handle, { id: nextId++, text, timeoutMs, resolve, reject }));
    return finish(text, result);
  } finally {
    if (owner !== undefined) endTurn(owner);
  }
}

/**
 * Whose queries are parsed (the user of a Cypher request, set by src/services/graph/cypher-limits.ts
 * around the request): one query of an owner is with the workers at a time, the owner's next ones
 * wait here (their clocks start when they are sent). So one user's parallel queries that are too
 * complex never hold more than one worker and never queue on the spare ahead of other users'.
 */
const parseOwner = new AsyncLocalStorage<string>();
/** Owners with a query at the workers, and the resumptions of their queries waiting for it. */
const ownersAtWork = new Map<string, Array<() => void>>();

/** Runs `task` with its parses attributed to `owner` (see parseOwner). */
export function asParseOwner<T>(owner: string, task: () => T): T {
  return parseOwner.run(owner, task);
}

async function turnOf(owner: string): Promise<void> {
  const waiting = ownersAtWork.get(owner);
  if (!waiting) {
    ownersAtWork.set(owner, []);
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn(owner: string): void {
  const next = ownersAtWork.get(owner)?.shift();
  if (next) next();
  else ownersAtWork.delete(owner);
}

/** Whether the current worker and its spare have loaded the grammar (tests, diagnostics). */
export function parserWorkersReady(): { current: boolean; spare: boolean } {
  return { current: current?.ready ?? false, spare: spare?.ready ?? false };
}

/** Ends the parser worker and its spare (tests: the next query starts a new one, as after a start of the service). */
export async function stopParserWorker(): Promise<void> {
  const handles = [current, spare];
  current = null;
  spare = null;
  for (const handle of handles) if (handle) await handle.worker.terminate();
}

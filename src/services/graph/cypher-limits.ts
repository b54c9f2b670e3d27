import type { AppDeps, ServiceContext } from '../../core/context';
import { AppError } from '../../errors';
import { asParseOwner } from '../../cypher/parser';

/**
 * Limits of POST /data/cypher, so that one user's Cypher cannot take the service from the others:
 *
 * - at most cypher.maxConcurrentPerUser queries of one user and cypher.maxConcurrent of everyone
 *   run at once (the latter below database.poolMax, so sign-in, sessions, /ready and every other
 *   request keep connections of the pool); a query beyond either is answered at once with 429
 *   CYPHER_CONCURRENCY_LIMIT and Retry-After (it never waits for a slot, so it never holds a
 *   request or a connection while waiting);
 * - a user whose queries were refused as too complex to check (400 CYPHER_TOO_COMPLEX: each such
 *   refusal holds a parser worker for the whole parse time limit and ends it) cypher.maxTooComplex
 *   times within cypher.tooComplexWindowMs gets 429 CYPHER_TOO_COMPLEX_REPEATED for every query
 *   until the oldest of those refusals leaves the window: his loop stops costing the others.
 *
 * - the queries of one user are parsed one after the other (src/cypher/parser.ts, asParseOwner):
 *   his parallel queries too complex to check hold one parser worker, not several.
 *
 * The counters live in this process, one set per app (AppDeps).
 */
export class CypherConcurrencyError extends AppError {
  constructor(limit: number, per: 'user' | 'service') {
    super(
      429,
      'CYPHER_CONCURRENCY_LIMIT',
      per === 'user'
        ? `You already have ${limit} Cypher queries running; wait for one to finish`
        : `The service already runs ${limit} Cypher queries; try again shortly`,
      { retryAfterSeconds: 1, limit, per },
    );
  }
}

export class CypherTooComplexRepeatedError extends AppError {
  constructor(count: number, windowMs: number, retryAfterSeconds: number) {
    super(
      429,
      'CYPHER_TOO_COMPLEX_REPEATED',
      `${count} of your queries were refused as too complex within ${Math.ceil(windowMs / 1000)} s; try again in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    );
  }
}

class CypherLimiter {
  private running = 0;
  private readonly runningByUser = new Map<string, number>();
  /** Times (ms) of each user's recent CYPHER_TOO_COMPLEX refusals, oldest first. */
  private readonly refusals = new Map<string, number[]>();

  constructor(
    private readonly limits: { maxConcurrent: number; maxConcurrentPerUser: number; maxTooComplex: number; tooComplexWindowMs: number },
  ) {}

  async run<T>(userId: string, task: () => Promise<T>): Promise<T> {
    this.checkRefusals(userId);
    const mine = this.runningByUser.get(userId) ?? 0;
    if (mine >= this.limits.maxConcurrentPerUser) throw new CypherConcurrencyError(this.limits.maxConcurrentPerUser, 'user');
    if (this.running >= this.limits.maxConcurrent) throw new CypherConcurrencyError(this.limits.maxConcurrent, 'service');
    this.running += 1;
    this.runningByUser.set(userId, mine + 1);
    try {
      return await task();
    } catch (error) {
      if (error instanceof AppError && error.code === 'CYPHER_TOO_COMPLEX') this.recordRefusal(userId);
      throw error;
    } finally {
      this.running -= 1;
      const left = (this.runningByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.runningByUser.set(userId, left);
      else this.runningByUser.delete(userId);
    }
  }

  private recent(userId: string, now: number): number[] {
    const times = (this.refusals.get(userId) ?? []).filter((at) => now - at < this.limits.tooComplexWindowMs);
    if (times.length > 0) this.refusals.set(userId, times);
    else this.refusals.delete(userId);
    return times;
  }

  private checkRefusals(userId: string): void {
    const now = Date.now();
    const times = this.recent(userId, now);
    if (times.length < this.limits.maxTooComplex) return;
    const oldest = times[times.length - this.limits.maxTooComplex];
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + this.limits.tooComplexWindowMs - now) / 1000));
    throw new CypherTooComplexRepeatedError(times.length, this.limits.tooComplexWindowMs, retryAfterSeconds);
  }

  private recordRefusal(userId: string): void {
    const times = this.recent(userId, Date.now());
    times.push(Date.now());
    // Only the last maxTooComplex count.
    this.refusals.set(userId, times.slice(-this.limits.maxTooComplex));
  }
}

const limiters = new WeakMap<AppDeps, CypherLimiter>();

function limiterOf(deps: AppDeps): CypherLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    const { cypher, database } = deps.config;
    limiter = new CypherLimiter({
      maxConcurrent: cypher.maxConcurrent ?? Math.max(1, database.poolMax - 4),
      maxConcurrentPerUser: cypher.maxConcurrentPerUser,
      maxTooComplex: cypher.maxTooComplex,
      tooComplexWindowMs: cypher.tooComplexWindowMs,
    });
    limiters.set(deps, limiter);
  }
  return limiter;
}

/** Runs one Cypher request of ctx.user within the limits above (429 beyond them). */
export function withinCypherLimits<T>(ctx: ServiceContext, task: () => Promise<T>): Promise<T> {
  const userId = ctx.user?.id ?? `anonymous:${ctx.ip}`;
  // The parser takes one query of a user at a time (src/cypher/parser.ts, asParseOwner).
  return limiterOf(ctx.deps).run(userId, () => asParseOwner(`user:${userId}`, task));
}

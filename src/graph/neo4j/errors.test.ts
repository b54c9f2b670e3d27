import { mapNeo4jError } from './errors';

const fail = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('mapNeo4jError', () => {
  it('neo4j:// against a server without routing (single 3.5): 503 that names bolt://', () => {
    const mapped = mapNeo4jError(fail('ServiceUnavailable', "Server at db:7687 can't perform routing. Make sure you are connecting to a causal cluster")) as Error & { status?: number };
    expect(mapped.status).toBe(503);
    expect(mapped.message).toMatch(/bolt:\/\//);
  });

  it('server-side transaction time limits of 4.x and 5.x → 504', () => {
    for (const code of ['Neo.ClientError.Transaction.TransactionTimedOut', 'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration']) {
      expect(mapNeo4jError(fail(code))).toMatchObject({ status: 504, code: 'GRAPH_TIMEOUT' });
    }
    // the driver turns Neo.TransientError.Transaction.Terminated into a ClientError code
    expect(mapNeo4jError(fail('Neo.ClientError.Transaction.Terminated', 'The transaction has been terminated ... timed out'))).toMatchObject({ status: 504 });
  });

  it('when a deadlock outlasts the driver\'s retries, then 503 GRAPH_CONTENTION with a retry delay, not a 500', () => {
    expect(mapNeo4jError(fail('Neo.TransientError.Transaction.DeadlockDetected'))).toMatchObject({ status: 503, code: 'GRAPH_CONTENTION', extra: { retryAfterSeconds: 1 } });
  });
});

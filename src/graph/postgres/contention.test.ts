import type { Knex } from 'knex';
import { GraphContentionError } from '../../errors';
import { isContention, retryOnContention } from './contention';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const root = {} as Knex;
const transaction = { isTransaction: true } as unknown as Knex.Transaction;

describe('retryOnContention', () => {
  test('when a unit of work loses a deadlock, then it runs again and its result is returned', async () => {
    let calls = 0;
    const result = await retryOnContention(
      root,
      async () => {
        calls += 1;
        if (calls < 3) throw deadlock();
        return 'done';
      },
      { baseDelayMs: 1 },
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  test('when every attempt loses, then it gives up after the bounded attempts with 503 GRAPH_CONTENTION and a retry delay', async () => {
    let calls = 0;
    const failing = retryOnContention(
      root,
      async () => {
        calls += 1;
        throw deadlock();
      },
      { attempts: 3, baseDelayMs: 1 },
    );
    await expect(failing).rejects.toBeInstanceOf(GraphContentionError);
    await expect(failing).rejects.toMatchObject({ status: 503, code: 'GRAPH_CONTENTION', extra: { retryAfterSeconds: 1 } });
    expect(calls).toBe(3);
  });

  test('when the work runs in a transaction the caller owns, then it is not retried (the transaction is lost)', async () => {
    let calls = 0;
    await expect(
      retryOnContention(transaction, async () => {
        calls += 1;
        throw deadlock();
      }),
    ).rejects.toBeInstanceOf(GraphContentionError);
    expect(calls).toBe(1);
  });

  test('when the work fails otherwise, then the error passes unchanged and nothing is retried', async () => {
    let calls = 0;
    const other = Object.assign(new Error('unique violation'), { code: '23505' });
    await expect(
      retryOnContention(root, async () => {
        calls += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
    expect(isContention({ code: '40001' })).toBe(true);
  });
});

import type { VersionedUser } from './credential-cache';
import { CredentialCache } from './credential-cache';
import { hashPassword, verifyPassword } from './passwords';
import { UnauthorizedError } from '../errors';
import type { AuthenticatedUser } from '../core/authenticated-user';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const alice: AuthenticatedUser = {
  id: '7',
  username: 'alice',
  name: 'Alice',
  email: 'alice@example.test',
  locale: 'en',
  mustChangePassword: false,
  permissions: new Set(),
  groupIds: [],
};

let storedHash: string;
beforeAll(async () => {
  storedHash = await hashPassword('right-password');
});

/** A verifier with real scrypt (the production cost), counting the hashes it computes. */
function verifier(options: { version?: () => string } = {}) {
  const counter = { hashes: 0 };
  const verify = (password: string) => async (): Promise<VersionedUser> => {
    counter.hashes += 1;
    if (!(await verifyPassword(password, storedHash))) throw new UnauthorizedError('Invalid username or password', 'INVALID_CREDENTIALS');
    return { user: alice, version: options.version?.() ?? '1' };
  };
  return { counter, verify };
}

describe('CredentialCache', () => {
  test('when 50 requests arrive at once with the same expired credential, then one scrypt computation answers them all', async () => {
    const cache = new CredentialCache(300);
    const { counter, verify } = verifier();
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    expect(counter.hashes).toBe(1);
    await sleep(350); // expired

    const results = await Promise.all(
      Array.from({ length: 50 }, () => cache.authenticate('basic', 'alice\0right-password', verify('right-password'))),
    );

    expect(counter.hashes).toBe(2);
    expect(cache.verifications).toBe(2);
    expect(results.every((r) => r.userId === '7')).toBe(true);
    // And the fresh entry answers without hashing.
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    expect(counter.hashes).toBe(2);
  });

  test('when 50 requests arrive at once with a wrong password, then they share one computation and all are refused, and nothing is cached', async () => {
    const cache = new CredentialCache(60_000);
    const { counter, verify } = verifier();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => cache.authenticate('basic', 'alice\0wrong', verify('wrong'))),
    );
    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof UnauthorizedError)).toBe(true);
    expect(counter.hashes).toBe(1);
    await expect(cache.authenticate('basic', 'alice\0wrong', verify('wrong'))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(counter.hashes).toBe(2);
  });

  test('when wrong passwords are tried while the right one is cached, then the right one keeps answering from the cache', async () => {
    const cache = new CredentialCache(60_000);
    const { counter, verify } = verifier();
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    const wrong = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => cache.authenticate('basic', `alice\0wrong-${i}`, verify(`wrong-${i}`))),
    );
    expect(wrong.every((o) => o.status === 'rejected')).toBe(true);
    const hashes = counter.hashes;
    expect(await cache.authenticate('basic', 'alice\0right-password', verify('right-password'))).toEqual({ userId: '7' });
    expect(counter.hashes).toBe(hashes);
  });

  test('when a credential is used shortly before it expires, then it is verified again in the background and never expires under use', async () => {
    const cache = new CredentialCache(2000, { refreshAheadMs: 1000 });
    const { counter, verify } = verifier();
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    await sleep(1100); // inside the refresh window: answered from the cache, refreshed behind it
    const answer = await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    expect(answer).toEqual({ userId: '7' });
    expect(counter.hashes).toBe(2);
    await sleep(1000); // past the first entry's expiry: the refreshed entry (or the refresh itself) answers
    expect(await cache.authenticate('basic', 'alice\0right-password', verify('right-password'))).toMatchObject({ userId: '7' });
    expect(counter.hashes).toBe(2);
  });

  test('when a background refresh is refused (the password changed), then that entry is dropped and the next request is refused', async () => {
    // Refreshed ahead from 3 s on (the window is at most half the lifetime), expired after 6 s: a
    // loaded machine's late timers stay inside the window (600 / 300 ms expired under load before
    // the refusing call).
    const cache = new CredentialCache(6000, { refreshAheadMs: 3000 });
    const { verify } = verifier();
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    await sleep(3100);
    const refusing = async (): Promise<VersionedUser> => {
      throw new UnauthorizedError('Invalid username or password', 'INVALID_CREDENTIALS');
    };
    expect(await cache.authenticate('basic', 'alice\0right-password', refusing)).toEqual({ userId: '7' });
    await sleep(10);
    await expect(cache.authenticate('basic', 'alice\0right-password', refusing)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  test('when the user is invalidated while a verification runs, then its result is not cached and later requests verify again', async () => {
    const cache = new CredentialCache(60_000);
    const { counter, verify } = verifier();
    const running = cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    cache.forgetUser('7');
    await running;
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    expect(counter.hashes).toBe(2);
  });

  test('when cached versions are compared with the database, then users whose version changed or who are gone are dropped', async () => {
    const cache = new CredentialCache(60_000);
    let version = '1';
    const { counter, verify } = verifier({ version: () => version });
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    expect(cache.resync(new Map([['7', '1']]))).toBe(0);
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    expect(counter.hashes).toBe(1);
    version = '2';
    expect(cache.resync(new Map([['7', '2']]))).toBe(1);
    await cache.authenticate('basic', 'alice\0right-password', verify('right-password'));
    expect(counter.hashes).toBe(2);
    expect(cache.resync(new Map())).toBe(1);
  });
});

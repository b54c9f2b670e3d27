import { SessionCache, sessionKey } from './session-cache';

describe('SessionCache', () => {
  const future = () => Date.now() + 60_000;

  test('when the cache is not active (a server store without its listener), then it stores and answers nothing', () => {
    const cache = new SessionCache();
    cache.put('s1', '{}', '1', future(), cache.epoch);
    expect(cache.get('s1')).toBeUndefined();
    cache.setListening(true);
    cache.put('s1', '{}', '1', future(), cache.epoch);
    expect(cache.get('s1')).toBe('{}');
    cache.setListening(false);
    expect(cache.size).toBe(0);
    expect(cache.get('s1')).toBeUndefined();
  });

  test('when a row was read before an invalidation, then it is not stored', () => {
    const cache = new SessionCache(true);
    const epoch = cache.epoch;
    cache.forgetKeys([sessionKey('other')]);
    cache.put('s1', '{}', '1', future(), epoch);
    expect(cache.get('s1')).toBeUndefined();
  });

  test('when a notification names the md5 of a session id, or the user is forgotten, then that entry goes', () => {
    const cache = new SessionCache(true);
    cache.put('s1', '{"a":1}', '1', future(), cache.epoch);
    cache.put('s2', '{"a":2}', '2', future(), cache.epoch);
    cache.put('s3', '{"a":3}', '2', future(), cache.epoch);
    cache.forgetKeys([sessionKey('s1')]);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBe('{"a":2}');
    cache.forgetUser('2');
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')).toBeUndefined();
  });

  test('when the stored expiry has passed, then the entry is not answered', () => {
    const cache = new SessionCache(true);
    cache.put('s1', '{}', '1', Date.now() + 1000, cache.epoch);
    expect(cache.get('s1', Date.now() + 2000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

import { readAhead } from './read-ahead';

describe('readAhead', () => {
  it('when the caller works on an item, then the source already prepares the next one, and every item comes in order', async () => {
    const events: string[] = [];
    async function* source(): AsyncGenerator<number> {
      for (let i = 1; i <= 3; i++) {
        events.push(`prepare ${i}`);
        yield i;
      }
    }
    const seen: number[] = [];
    for await (const item of readAhead(source())) {
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`write ${item}`);
      seen.push(item);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(events).toEqual(['prepare 1', 'prepare 2', 'write 1', 'prepare 3', 'write 2', 'write 3']);
  });

  it('when the source fails, then the failure reaches the caller at the item that failed, after the earlier ones', async () => {
    async function* source(): AsyncGenerator<number> {
      yield 1;
      throw new Error('broken at 2');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source())) seen.push(item);
      })(),
    ).rejects.toThrow('broken at 2');
    expect(seen).toEqual([1]);
  });

  it('when the caller stops early, then the source is closed (its finally runs) and no rejection is left unhandled', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<number> {
      try {
        for (let i = 1; ; i++) yield i;
      } finally {
        closed = true;
      }
    }
    await expect(
      (async () => {
        for await (const item of readAhead(source())) if (item === 2) throw new Error('write failed');
      })(),
    ).rejects.toThrow('write failed');
    expect(closed).toBe(true);
  });
});

import { csvChunks } from './download';

/** A row source that records how many rows were asked for, as an adapter's stream would be read. */
function source(count: number): { rows: AsyncGenerator<unknown[]>; asked: () => number } {
  let asked = 0;
  async function* rows(): AsyncGenerator<unknown[]> {
    yield ['id', 'name'];
    for (let i = 1; i <= count; i++) {
      asked++;
      yield [i, `node ${i}`];
    }
  }
  return { rows: rows(), asked: () => asked };
}

describe('csvChunks', () => {
  test('when the header goes alone, then the first chunk is the header line and no row was read for it', async () => {
    const { rows, asked } = source(1000);
    const chunks = csvChunks(rows, 64 * 1024, { headerAlone: true });
    const first = await chunks.next();
    expect(first.value).toBe('id,name\r\n');
    expect(asked()).toBe(0);
    let rest = '';
    for await (const chunk of chunks) rest += chunk;
    expect(rest.split('\r\n')).toHaveLength(1001);
    expect(rest.startsWith('1,node 1\r\n')).toBe(true);
  });

  test('when the header does not go alone, then the first chunk fills with rows up to the chunk size', async () => {
    const { rows, asked } = source(1000);
    const first = await csvChunks(rows, 100).next();
    expect(first.value?.startsWith('id,name\r\n1,node 1\r\n')).toBe(true);
    expect(first.value?.length).toBeGreaterThanOrEqual(100);
    expect(asked()).toBeGreaterThan(1);
  });
});

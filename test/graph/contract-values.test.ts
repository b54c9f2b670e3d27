import { BadRequestError } from '../../src/errors';
import { UNRESTRICTED, type GraphStore } from '../../src/graph/graph-store';
import { IntegralFloat, toJsonText } from '../../src/exact-json';
import { describeEachBackend } from '../support/graph-backends';

/**
 * The GraphStore contract for property values (issue 7 items 11 and 12), on every reachable
 * backend: 64-bit integers (BigInt beyond 2^53) are stored, compared, sorted and read back
 * exactly; values only one backend could store are refused by every write, import included.
 */
describeEachBackend('GraphStore property values', (backend) => {
  let store: GraphStore;

  beforeAll(async () => {
    store = backend.store;
  });

  const BIG = 9007199254740993n;
  const MIN = -9223372036854775808n;
  const MAX = 9223372036854775807n;

  it('when nodes carry integers beyond 2^53, then they read back as the same BigInt (JSON digits unchanged), filter and sort exactly', async () => {
    const created = [];
    for (const [key, n] of [
      ['big', BIG],
      ['min', MIN],
      ['max', MAX],
      ['neighbour', 9007199254740992n],
      ['small', 7],
    ] as const) {
      created.push(await store.createNode({ labels: ['Big'], properties: { key, n, list: [n, 1] } }, UNRESTRICTED));
    }
    expect(toJsonText([created[0].properties.n, created[0].properties.list])).toBe('[9007199254740993,[9007199254740993,1]]');
    const [read] = await store.getNodes([created[2].id], UNRESTRICTED);
    expect(read.properties.n).toBe(MAX);
    expect(toJsonText(read.properties.list)).toBe(`[${MAX},1]`);

    const equal = await store.findNodes({ filter: { property: 'n', operator: '=', value: BIG } }, UNRESTRICTED);
    expect(equal.items.map((n) => n.properties.key)).toEqual(['big']);
    const greater = await store.findNodes({ filter: { property: 'n', operator: '>', value: 9007199254740992n } }, UNRESTRICTED);
    expect(greater.items.map((n) => n.properties.key).sort()).toEqual(['big', 'max']);
    const sorted = await store.findNodes({ filter: { label: 'Big' }, sort: [{ property: 'n', direction: 'desc' }] }, UNRESTRICTED);
    expect(sorted.items.map((n) => n.properties.key)).toEqual(['max', 'big', 'neighbour', 'small', 'min']);

    const updated = await store.updateNode(created[4].id, { properties: { n: MIN } }, UNRESTRICTED);
    expect(updated?.properties.n).toBe(MIN);
  });

  it('when a relationship carries an integer beyond 2^53 and a whole float, then getRelationships and directRelationships read both back exactly, in id order', async () => {
    const a = await store.createNode({ labels: ['BigEnd'], properties: {} }, UNRESTRICTED);
    const b = await store.createNode({ labels: ['BigEnd'], properties: {} }, UNRESTRICTED);
    const first = await store.createRelationship(
      { type: 'BIG_LINK', startNodeId: a.id, endNodeId: b.id, properties: { n: BIG, f: new IntegralFloat(2) } },
      UNRESTRICTED,
    );
    const second = await store.createRelationship({ type: 'BIG_LINK', startNodeId: b.id, endNodeId: a.id, properties: {} }, UNRESTRICTED);
    if (!first || !second) throw new Error('the relationships were not created');
    const byId = await store.getRelationships([second.id, first.id], UNRESTRICTED);
    const among = await store.directRelationships([a.id], [b.id], UNRESTRICTED);
    for (const read of [byId, among]) {
      expect(read.map((r) => r.id)).toEqual([first.id, second.id]);
      expect(read[0]).toMatchObject({ type: 'BIG_LINK', startNodeId: a.id, endNodeId: b.id });
      expect(read[0].properties.n).toBe(BIG);
      expect(read[0].properties.f).toBeInstanceOf(IntegralFloat);
      expect(toJsonText(read[0].properties.f)).toBe('2.0');
      expect(read[1].properties).toEqual({});
    }
  });

  it('when an empty list is stored, then it reads back as an empty list', async () => {
    const node = await store.createNode({ labels: ['Empty'], properties: { none: [] } }, UNRESTRICTED);
    const [read] = await store.getNodes([node.id], UNRESTRICTED);
    expect(read.properties).toEqual({ none: [] });
  });

  it.each([
    ['a map', { a: 1 }],
    ['a list of mixed kinds', [1, 'a']],
    ['a list of lists', [[1], [2]]],
    ['a list holding null', ['a', null]],
  ])('when a batch imports %s, then BadRequestError PROPERTY_VALUE_NOT_PORTABLE and nothing is written', async (_what, value) => {
    const attempt = store.importBatch({
      nodes: [
        { key: 'ok', labels: ['Imported'], properties: { fine: 1 } },
        { key: 'odd', labels: ['Imported'], properties: { odd: value } },
      ],
      relationships: [],
    });
    await expect(attempt).rejects.toBeInstanceOf(BadRequestError);
    await expect(attempt).rejects.toMatchObject({ code: 'PROPERTY_VALUE_NOT_PORTABLE', extra: { property: 'odd' } });
    const found = await store.findNodes({ filter: { label: 'Imported' } }, UNRESTRICTED);
    expect(found.total).toBe(0);
  });

  it('when a batch imports a relationship with a map, then it is refused the same way', async () => {
    const attempt = store.importBatch({
      nodes: [{ key: 'a', labels: ['Imported'], properties: {} }],
      relationships: [{ type: 'SELF', start: { key: 'a' }, end: { key: 'a' }, properties: { odd: { x: 1 } } }],
    });
    await expect(attempt).rejects.toMatchObject({ code: 'PROPERTY_VALUE_NOT_PORTABLE', extra: { property: 'odd' } });
  });
});

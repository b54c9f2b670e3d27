import { compute, packGraph } from './algorithms';

// Two triangles joined by one bridge (c-d), and a lone node.
const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'z'];
const rels = [
  ['a', 'b'],
  ['b', 'c'],
  ['c', 'a'],
  ['c', 'd'],
  ['d', 'e'],
  ['e', 'f'],
  ['f', 'd'],
  ['a', 'b'],
].map(([s, t], i) => ({ id: String(i), startNodeId: s, endNodeId: t }));
const edges = packGraph(ids, rels);
const byId = (values: Float64Array) => Object.fromEntries(ids.map((id, i) => [id, values[i]]));

describe('graph algorithms on the canvas', () => {
  test('when the degree is computed, then every relationship counts, parallel ones too', () => {
    expect(byId(compute('degree', ids, edges))).toEqual({ a: 3, b: 3, c: 3, d: 3, e: 2, f: 2, z: 0 });
  });

  test('when betweenness is computed, then the bridge ends are the most central', () => {
    const b = byId(compute('betweenness', ids, edges));
    expect(b.c).toBeGreaterThan(b.a);
    expect(b.d).toBeGreaterThan(b.e);
    expect(b.z).toBe(0);
  });

  test('when PageRank is computed, then the values sum to 1', () => {
    const values = compute('pagerank', ids, edges);
    expect(values.reduce((sum, v) => sum + v, 0)).toBeCloseTo(1, 5);
  });

  test('when Louvain and connected components run, then the triangles are two communities in one component and the lone node its own', () => {
    const community = byId(compute('community', ids, edges));
    expect(community.a).toBe(community.b);
    expect(community.d).toBe(community.f);
    expect(community.a).not.toBe(community.d);
    const component = byId(compute('component', ids, edges));
    expect(component).toEqual({ a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, z: 1 });
  });
});

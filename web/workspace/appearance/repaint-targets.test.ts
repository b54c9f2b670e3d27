import Graph from 'graphology';
import { repaintTargets } from './analysis-layer';

/** a -> b -> c, c -> d, and e to z alone (26 nodes: up to 3 moved nodes are walked one by one, more in one pass over the edges). */
function graph(): Graph {
  const g = new Graph({ multi: true, type: 'directed' });
  for (let c = 97; c <= 122; c++) g.addNode(String.fromCharCode(c), { x: 0, y: 0 });
  g.addDirectedEdgeWithKey('ab', 'a', 'b');
  g.addDirectedEdgeWithKey('bc', 'b', 'c');
  g.addDirectedEdgeWithKey('cd', 'c', 'd');
  return g;
}

const drawing = (parts: Partial<Parameters<typeof repaintTargets>[0]> = {}) => ({
  hidden: new Set<string>(),
  colors: new Map<string, string>(),
  sizes: new Map<string, number>(),
  widths: new Map<string, number>(),
  edgeCaptions: new Map<string, string>(),
  ...parts,
});

const sorted = (targets: { nodes: string[]; edges: string[]; labels: boolean }) => ({
  nodes: [...targets.nodes].sort(),
  edges: [...targets.edges].sort(),
  labels: targets.labels,
});

describe('repaintTargets: what a style or filter change repaints', () => {
  test('nothing changed: nothing repainted', () => {
    const same = drawing({ colors: new Map([['a', '#fff']]) });
    expect(repaintTargets(same, same, graph())).toEqual({ nodes: [], edges: [], labels: false });
  });

  test('a node hidden and another shown: both, with their edges, and the captions laid out again', () => {
    const before = drawing({ hidden: new Set(['a']) });
    const after = drawing({ hidden: new Set(['d']) });
    expect(sorted(repaintTargets(before, after, graph()))).toEqual({ nodes: ['a', 'd'], edges: ['ab', 'cd'], labels: true });
  });

  test('recoloured nodes: those nodes only, no edge, captions kept where they are', () => {
    const before = drawing({
      colors: new Map([
        ['a', '#111'],
        ['b', '#222'],
      ]),
    });
    const after = drawing({
      colors: new Map([
        ['a', '#111'],
        ['b', '#333'],
        ['e', '#444'],
      ]),
    });
    expect(sorted(repaintTargets(before, after, graph()))).toEqual({ nodes: ['b', 'e'], edges: [], labels: false });
  });

  test('resized nodes: with their edges (an arrow sits on its end), captions laid out again', () => {
    const before = drawing({ sizes: new Map([['c', 4]]) });
    const after = drawing({ sizes: new Map([['c', 9]]) });
    expect(sorted(repaintTargets(before, after, graph()))).toEqual({ nodes: ['c'], edges: ['bc', 'cd'], labels: true });
  });

  test('many nodes moved (one pass over the edges) gives the same edges as a few (a pass per node)', () => {
    const before = drawing();
    const after = drawing({ hidden: new Set(['a', 'b', 'c', 'd']) });
    expect(sorted(repaintTargets(before, after, graph()))).toEqual({
      nodes: ['a', 'b', 'c', 'd'],
      edges: ['ab', 'bc', 'cd'],
      labels: true,
    });
  });

  test('edge widths and captions: those edges, once each; ids no longer in the graph left out', () => {
    const before = drawing({ widths: new Map([['ab', 1]]), edgeCaptions: new Map([['gone', 'x']]) });
    const after = drawing({ widths: new Map([['ab', 3]]), edgeCaptions: new Map([['ab', 'knows']]) });
    expect(sorted(repaintTargets(before, after, graph()))).toEqual({ nodes: [], edges: ['ab'], labels: false });
  });
});

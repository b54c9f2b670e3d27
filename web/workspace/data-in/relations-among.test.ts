import { amongIds, MAX_IDS } from './relations-among';

describe('data in', () => {
  test('when nodes are added, then one request asks for the new nodes against every node on the canvas, each id once', () => {
    expect(amongIds(['3', '4', '3'], ['1', '2', '3'])).toEqual({ sourceIds: ['3', '4'], targetIds: ['3', '4', '1', '2'] });
  });

  test('when more ids than the endpoint takes are on the canvas, then the lists stop at its bound with the new nodes first', () => {
    const canvas = Array.from({ length: MAX_IDS + 5 }, (_, i) => String(i));
    const { sourceIds, targetIds } = amongIds(['new'], canvas);
    expect(sourceIds).toEqual(['new']);
    expect(targetIds).toHaveLength(MAX_IDS);
    expect(targetIds[0]).toBe('new');
  });
});

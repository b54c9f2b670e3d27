import { EDGE_CAPTION_FEW, EDGE_CAPTION_RATIO, edgeCaptionsShown } from './edge-captions';

describe('relationship captions on edges', () => {
  test('when many relationships are seen from afar, then their types are not written; zoomed in, they are', () => {
    expect(edgeCaptionsShown(1, 200)).toBe(false);
    expect(edgeCaptionsShown(EDGE_CAPTION_RATIO + 0.01, 200)).toBe(false);
    expect(edgeCaptionsShown(EDGE_CAPTION_RATIO, 200)).toBe(true);
    expect(edgeCaptionsShown(0.1, 200)).toBe(true);
  });

  test('when the canvas holds few relationships, then their types are written at any zoom', () => {
    expect(edgeCaptionsShown(1, EDGE_CAPTION_FEW)).toBe(true);
    expect(edgeCaptionsShown(3, 1)).toBe(true);
    expect(edgeCaptionsShown(1, EDGE_CAPTION_FEW + 1)).toBe(false);
  });
});

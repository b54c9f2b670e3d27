import { boxOf, cameraToShow, visibleBox } from './fit';

/** Sigma's mapping for a 1000 × 500 viewport: framed (0, 0) at the centre, 500 px per framed unit, y up. */
const mapping = { origin: { x: 500, y: 250 }, scale: { x: 500, y: -500 } };
const viewport = { width: 1000, height: 500 };
const toViewport = (p: { x: number; y: number }, camera: { x: number; y: number; ratio: number }) => ({
  x: mapping.origin.x + (mapping.scale.x * (p.x - camera.x)) / camera.ratio,
  y: mapping.origin.y + (mapping.scale.y * (p.y - camera.y)) / camera.ratio,
});

describe('camera arithmetic', () => {
  test('when a box is shown with panels on both sides, then its corners land inside the room left, centred there', () => {
    const box = { minX: 0.1, minY: 0.2, maxX: 0.9, maxY: 0.6 };
    const insets = { left: 300, right: 100, top: 0, bottom: 0 };
    const camera = cameraToShow(box, mapping, viewport, insets, 20);
    const a = toViewport({ x: box.minX, y: box.maxY }, camera);
    const b = toViewport({ x: box.maxX, y: box.minY }, camera);
    expect(a.x).toBeGreaterThanOrEqual(320 - 1e-6);
    expect(b.x).toBeLessThanOrEqual(880 + 1e-6);
    expect(a.y).toBeGreaterThanOrEqual(20 - 1e-6);
    expect(b.y).toBeLessThanOrEqual(480 + 1e-6);
    // Centred in the room between the panels: (320 + 880) / 2.
    expect((a.x + b.x) / 2).toBeCloseTo(600, 6);
    // One side touches the room's edge: the box is as large as it can be.
    expect(Math.min(a.x - 320, 880 - b.x, a.y - 20, 480 - b.y)).toBeCloseTo(0, 6);
  });

  test('when the visible box of a camera is shown again in a viewport of another shape, then it is all inside', () => {
    const camera = { x: 0.3, y: -0.1, ratio: 0.4 };
    const seen = visibleBox(camera, mapping, viewport);
    const tall = { width: 390, height: 600 };
    const tallMapping = { origin: { x: 195, y: 300 }, scale: { x: 390, y: -390 } };
    const again = cameraToShow(seen, tallMapping, tall, { left: 0, right: 0, top: 0, bottom: 0 }, 0);
    const corner = (x: number, y: number) => ({
      x: tallMapping.origin.x + (tallMapping.scale.x * (x - again.x)) / again.ratio,
      y: tallMapping.origin.y + (tallMapping.scale.y * (y - again.y)) / again.ratio,
    });
    for (const p of [corner(seen.minX, seen.minY), corner(seen.maxX, seen.maxY)]) {
      expect(p.x).toBeGreaterThanOrEqual(-1e-6);
      expect(p.x).toBeLessThanOrEqual(390 + 1e-6);
      expect(p.y).toBeGreaterThanOrEqual(-1e-6);
      expect(p.y).toBeLessThanOrEqual(600 + 1e-6);
    }
  });

  test('when there is one point or none, then the ratio given is kept and no box is made of nothing', () => {
    expect(
      cameraToShow({ minX: 0.5, minY: 0.5, maxX: 0.5, maxY: 0.5 }, mapping, viewport, { left: 0, right: 0, top: 0, bottom: 0 }, 10, 0.7)
        .ratio,
    ).toBe(0.7);
    expect(boxOf([])).toBeNull();
    expect(
      boxOf([
        { x: 1, y: 2 },
        { x: -1, y: Number.NaN },
        { x: 3, y: -4 },
      ]),
    ).toEqual({ minX: 1, minY: -4, maxX: 3, maxY: 2 });
  });
});

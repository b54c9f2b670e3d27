import { pointsInside, rectangle } from './geometry';

const points = [
  { id: 'a', x: 5, y: 5 },
  { id: 'b', x: 15, y: 5 },
  { id: 'c', x: 5, y: 15 },
];

describe('area selection', () => {
  test('when a box is drawn in any direction, then the points inside it are chosen', () => {
    expect(pointsInside(points, rectangle({ x: 0, y: 0 }, { x: 10, y: 10 }))).toEqual(['a']);
    expect(pointsInside(points, rectangle({ x: 20, y: 10 }, { x: 0, y: 0 }))).toEqual(['a', 'b']);
  });

  test('when a lasso is drawn, then only the points inside the polygon are chosen, and a line chooses nothing', () => {
    const triangle = [
      { x: 0, y: 0 },
      { x: 30, y: 0 },
      { x: 0, y: 30 },
    ];
    expect(pointsInside(points, triangle)).toEqual(['a', 'b', 'c']);
    const thin = [
      { x: 0, y: 0 },
      { x: 12, y: 0 },
      { x: 0, y: 12 },
    ];
    expect(pointsInside(points, thin)).toEqual(['a']);
    expect(
      pointsInside(points, [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ]),
    ).toEqual([]);
  });
});

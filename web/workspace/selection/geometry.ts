/** Which points lie inside a rectangle or a lasso polygon (viewport coordinates). Pure. */
export interface Point {
  x: number;
  y: number;
}

export function rectangle(a: Point, b: Point): Point[] {
  return [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }];
}

/** Ray casting; points on an edge may fall either way. */
export function insidePolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function pointsInside<T extends Point & { id: string }>(points: readonly T[], polygon: readonly Point[]): string[] {
  if (polygon.length < 3) return [];
  return points.filter((point) => insidePolygon(point, polygon)).map((point) => point.id);
}

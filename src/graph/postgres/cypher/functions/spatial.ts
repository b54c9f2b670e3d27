import type { CstNode } from '../../../../cypher/parser';
import type { Expr } from '../context';
import { cypherError, unsupported } from '../context';
import { literalJson } from '../values';
import { isTypedJson } from './temporal-model';

/**
 * point() and distance() of Cypher on PostgreSQL, computed while translating (their arguments are
 * literals or parameters), and the components of a point known then; a point is the typed JSON of
 * docs/values.md, {"$type": "Point", "_value": "SRID=7203;POINT (1.0 2.0)"}. Arguments known only
 * when the query runs are refused (the components of such a point: gas_temporal_component).
 */

interface Point {
  srid: number;
  coords: number[];
}

const CRS: Record<number, { name: string; dimensions: number; geographic: boolean }> = {
  7203: { name: 'cartesian', dimensions: 2, geographic: false },
  9157: { name: 'cartesian-3d', dimensions: 3, geographic: false },
  4326: { name: 'wgs-84', dimensions: 2, geographic: true },
  4979: { name: 'wgs-84-3d', dimensions: 3, geographic: true },
};

/** Neo4j's earth radius for distance() on WGS-84 (metres). */
const EARTH_RADIUS = 6378140.0;

const floatText = (v: number) => (Number.isInteger(v) ? (Object.is(v, -0) ? '-0.0' : `${v}.0`) : String(v));

function pointJson(p: Point): { $type: string; _value: string } {
  const coords = p.coords.map(floatText).join(' ');
  return { $type: 'Point', _value: `SRID=${p.srid};POINT ${p.coords.length === 3 ? 'Z ' : ''}(${coords})` };
}

function parsePoint(value: unknown): Point | undefined {
  if (!isTypedJson(value) || value.$type !== 'Point') return undefined;
  const m = /^SRID=(\d+);POINT (?:Z )?\(([^ )]+) ([^ )]+)(?: ([^ )]+))?\)$/.exec(value._value);
  if (!m) return undefined;
  return { srid: Number(m[1]), coords: [m[2], m[3], m[4]].filter((c) => c !== undefined).map(Number) };
}

function pointFromMap(n: CstNode, map: Record<string, unknown>): Point {
  const num = (k: string) => {
    const v = map[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number') return v;
    if (typeof v === 'bigint') return Number(v);
    throw cypherError(n, `Type mismatch: the point component ${k} must be a number`);
  };
  const geographic = map.longitude !== undefined || map.latitude !== undefined;
  const coords = (geographic ? ['longitude', 'latitude', 'height'] : ['x', 'y', 'z']).map(num);
  if (coords[0] === undefined || coords[1] === undefined) throw cypherError(n, 'A point needs x and y, or longitude and latitude');
  const values = coords.filter((c): c is number => c !== undefined);
  let srid = geographic ? (values.length === 3 ? 4979 : 4326) : values.length === 3 ? 9157 : 7203;
  const crs = map.crs;
  if (typeof crs === 'string') {
    const found = Object.entries(CRS).find(([, c]) => c.name === crs.toLowerCase());
    if (!found) throw cypherError(n, `Unknown coordinate reference system: ${crs}`);
    srid = Number(found[0]);
  }
  const s = num('srid');
  if (s !== undefined) srid = s;
  const info = CRS[srid];
  if (!info) throw cypherError(n, `Unknown coordinate reference system: SRID ${srid}`);
  if (info.dimensions !== values.length) throw cypherError(n, `A point of ${info.name} has ${info.dimensions} coordinates`);
  if (info.geographic && (Math.abs(values[1]) > 90 || Math.abs(values[0]) > 180))
    throw cypherError(n, 'A WGS-84 point has a longitude within ±180 and a latitude within ±90');
  return { srid, coords: values };
}

function distance(a: Point, b: Point): number | null {
  if (a.srid !== b.srid) return null;
  if (!CRS[a.srid].geographic) return Math.sqrt(a.coords.reduce((sum, c, i) => sum + (c - b.coords[i]) ** 2, 0));
  const rad = Math.PI / 180;
  const [lon1, lat1] = a.coords.map((c) => c * rad);
  const [lon2, lat2] = b.coords.map((c) => c * rad);
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  const ground = 2 * EARTH_RADIUS * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
  if (a.coords.length === 3) return Math.sqrt(ground ** 2 + (a.coords[2] - b.coords[2]) ** 2);
  return ground;
}

export function spatialCall(n: CstNode, lower: 'point' | 'distance', args: Expr[]): Expr {
  const expected = lower === 'point' ? 1 : 2;
  if (args.length !== expected) throw cypherError(n, `${lower}() takes ${expected} argument${expected === 1 ? '' : 's'}`);
  const values = args.map((a) => {
    if (!a.constant) throw unsupported(n, `${lower}() of a value known only when the query runs`);
    return a.constant.value;
  });
  if (values.some((v) => v === null)) return { sql: literalJson(null), type: 'value', constant: { value: null } };
  if (lower === 'point') {
    const map = values[0];
    if (isTypedJson(map) || typeof map !== 'object' || Array.isArray(map)) throw cypherError(n, 'Type mismatch: point() expects a map');
    const value = pointJson(pointFromMap(n, map as Record<string, unknown>));
    return { sql: literalJson(value), type: 'value', constant: { value } };
  }
  const [a, b] = values.map(parsePoint);
  if (!a || !b) throw cypherError(n, 'Type mismatch: distance() expects two points');
  const d = distance(a, b);
  if (d === null) return { sql: literalJson(null), type: 'value', constant: { value: null } };
  return { sql: literalJson(d, true), type: 'value', constant: { value: d } };
}

/** `.x`, `.latitude`, `.crs`, ... of a point known when translating (undefined: not one). */
export function pointProperty(target: Expr, key: string, at: CstNode): Expr | undefined {
  const p = parsePoint(target.constant?.value);
  if (!p) return undefined;
  const info = CRS[p.srid];
  const index = (info.geographic ? ['longitude', 'latitude', 'height'] : ['x', 'y', 'z']).indexOf(key);
  if (key === 'srid') return { sql: literalJson(p.srid), type: 'value', constant: { value: p.srid } };
  if (key === 'crs') return { sql: literalJson(info.name), type: 'value', constant: { value: info.name } };
  if (index < 0 || index >= p.coords.length) throw cypherError(at, `A point has no component ${key}`);
  const v = p.coords[index];
  return { sql: literalJson(v, true), type: 'value', constant: { value: v } };
}

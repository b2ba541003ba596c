// GeoJSON (RFC 7946) as BrAPI uses it: a Feature whose geometry is a Point or a simple Polygon, coordinates in
// WGS84 decimal degrees (longitude, latitude, optional altitude). Stored and returned unchanged; checked here so a
// malformed geometry is a 400 naming the field instead of a record no map can draw.
import { BadRequestError } from '../errors.js';
import { wgs84Point } from '../graph/spatial.js';

type Position = number[];

export function validateGeoJson(value: unknown, where: string): void {
  if (value === null || value === undefined) return;
  if (!isObject(value)) throw new BadRequestError(`${where} must be a GeoJSON Feature object.`);
  if (value.type !== undefined && value.type !== null && value.type !== 'Feature') {
    throw new BadRequestError(`${where}.type must be "Feature"; got ${JSON.stringify(value.type)}.`);
  }
  const geometry = value.geometry;
  if (!isObject(geometry)) throw new BadRequestError(`${where}.geometry must be a Point or Polygon geometry object.`);
  const at = `${where}.geometry`;
  if (geometry.type === 'Point') {
    position(geometry.coordinates, `${at}.coordinates`);
  } else if (geometry.type === 'Polygon') {
    polygon(geometry.coordinates, `${at}.coordinates`);
  } else {
    throw new BadRequestError(`${at}.type must be "Point" or "Polygon"; got ${JSON.stringify(geometry.type)}.`);
  }
}

/**
 * The spatial properties kept beside a GeoJSON field so area searches can use them (a point index serves the Point):
 * `<field>Point` for a Point geometry, `<field>Ring` (the outer boundary as points) for a Polygon; null removes them.
 */
export function spatialProps(field: string, value: unknown): Record<string, unknown> {
  const geometry = isObject(value) && isObject(value.geometry) ? value.geometry : undefined;
  const point = geometry?.type === 'Point' ? toPoint(geometry.coordinates as Position) : null;
  const ring = geometry?.type === 'Polygon' ? (geometry.coordinates as Position[][])[0].map(toPoint) : null;
  return { [`${field}Point`]: point, [`${field}Ring`]: ring };
}

const toPoint = ([longitude, latitude]: Position) => wgs84Point(longitude, latitude);

/**
 * A search area as the area filter applies it: the polygon's bounding box (which a point index can serve), its
 * edges as [x1, y1, x2, y2] over every ring (the even-odd rule then respects holes) and its vertices.
 */
export interface SearchArea {
  west: number;
  south: number;
  east: number;
  north: number;
  edges: number[][];
  vertices: number[][];
}

/**
 * The BrAPI search area: a GeoJSON Feature whose geometry is a Polygon (the bare geometry is taken too). A polygon
 * crossing the antimeridian is not supported: its box would span the other way round the globe.
 */
export function searchArea(value: unknown, where: string): SearchArea {
  const area = isObject(value) && value.type === 'Polygon' ? { type: 'Feature', geometry: value } : value;
  validateGeoJson(area, where);
  const geometry = (area as { geometry: { type: string; coordinates: Position[][] } }).geometry;
  if (geometry.type !== 'Polygon') throw new BadRequestError(`${where}.geometry must be a Polygon: an area to search in.`);
  const rings = geometry.coordinates;
  const vertices = rings.flatMap((ring) => ring.slice(0, -1).map(([x, y]) => [x, y]));
  const xs = vertices.map((v) => v[0]);
  const ys = vertices.map((v) => v[1]);
  return {
    west: Math.min(...xs), south: Math.min(...ys), east: Math.max(...xs), north: Math.max(...ys),
    edges: rings.flatMap((ring) => ring.slice(0, -1).map((p, i) => [p[0], p[1], ring[i + 1][0], ring[i + 1][1]])),
    vertices,
  };
}

function position(value: unknown, where: string): Position {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3 || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new BadRequestError(`${where} must be [longitude, latitude] or [longitude, latitude, altitude] in decimal numbers.`);
  }
  const [lon, lat] = value as Position;
  if (lon < -180 || lon > 180) throw new BadRequestError(`${where}: longitude ${lon} is outside -180..180.`);
  if (lat < -90 || lat > 90) throw new BadRequestError(`${where}: latitude ${lat} is outside -90..90.`);
  return value as Position;
}

/** An array of linear rings (outer boundary first): each closed, at least 4 positions, not crossing itself. */
function polygon(value: unknown, where: string): void {
  if (!Array.isArray(value) || value.length === 0) throw new BadRequestError(`${where} must be a list of linear rings.`);
  value.forEach((raw, r) => {
    const at = `${where}[${r}]`;
    if (!Array.isArray(raw) || raw.length < 4) throw new BadRequestError(`${at} must be a linear ring of at least 4 positions.`);
    const ring = raw.map((p, i) => position(p, `${at}[${i}]`));
    const [first, last] = [ring[0], ring[ring.length - 1]];
    // Closed on longitude and latitude (the spec's own example repeats the first point with another altitude).
    if (first[0] !== last[0] || first[1] !== last[1]) {
      throw new BadRequestError(`${at} must be closed: its last position must repeat the first.`);
    }
    if (selfIntersects(ring)) throw new BadRequestError(`${at} crosses itself; only simple polygons are allowed.`);
  });
}

/** Whether two non-adjacent edges of a closed ring intersect (O(n²); rings of plots and fields are small). */
function selfIntersects(ring: Position[]): boolean {
  const edges = ring.length - 1;
  for (let i = 0; i < edges; i++) {
    for (let j = i + 1; j < edges; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === edges - 1);
      if (!adjacent && segmentsIntersect(ring[i], ring[i + 1], ring[j], ring[j + 1])) return true;
    }
  }
  return false;
}

function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4 && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) return true;
  return (o1 === 0 && onSegment(a, c, b)) || (o2 === 0 && onSegment(a, d, b))
    || (o3 === 0 && onSegment(c, a, d)) || (o4 === 0 && onSegment(c, b, d));
}

function orient(p: Position, q: Position, r: Position): number {
  return Math.sign((q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]));
}

function onSegment(p: Position, q: Position, r: Position): boolean {
  return q[0] <= Math.max(p[0], r[0]) && q[0] >= Math.min(p[0], r[0]) && q[1] <= Math.max(p[1], r[1]) && q[1] >= Math.min(p[1], r[1]);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

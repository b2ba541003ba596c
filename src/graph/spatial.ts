// Spatial values as Neo4j stores them. A GeoJSON position is longitude, latitude (RFC 7946), which is Neo4j's
// WGS-84 point (SRID 4326, x = longitude, y = latitude); altitude is left out, since area searches are 2D.
import neo4j from 'neo4j-driver';

const WGS84 = 4326;

export type StoredPoint = InstanceType<typeof neo4j.types.Point>;

export function wgs84Point(longitude: number, latitude: number): StoredPoint {
  return new neo4j.types.Point(WGS84, longitude, latitude);
}

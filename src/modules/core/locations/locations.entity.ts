import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import { validateGeoJson } from '../../../entities/geojson.js';
import type { EntityDef } from '../../../entities/types.js';
import { namedRef, relatedFilters } from '../../../entities/declare.js';

// A location belongs to the programs whose studies took place there (study -> trial -> program).
const PROGRAM = '<-[:AT_LOCATION]-(:Study)-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->';

export const locationEntity: EntityDef = {
  path: 'locations',
  label: 'Location',
  idField: 'locationDbId',
  module: 'Core',
  schema: 'Location',
  jsonFields: ['additionalInfo', 'externalReferences', 'coordinates'],
  refs: [namedRef('parentLocationDbId', 'WITHIN', { label: 'Location', idProp: 'locationDbId' }, 'parentLocationName', 'locationName')],
  filters: {
    locationDbId: { kind: 'eq', prop: 'locationDbId' },
    locationName: { kind: 'eq', prop: 'locationName' },
    locationType: { kind: 'eq', prop: 'locationType' },
    ...relatedFilters('-[:WITHIN]->', 'Location', { parentLocationDbId: 'locationDbId', parentLocationName: 'locationName' }),
    // A location has no crop of its own: the crop of the programs that use it.
    ...relatedFilters(PROGRAM, 'Program', ['commonCropName', 'programDbId', 'programName']),
    abbreviation: { kind: 'eq', prop: 'abbreviation' },
    countryCode: { kind: 'eq', prop: 'countryCode' },
    countryName: { kind: 'eq', prop: 'countryName' },
    instituteAddress: { kind: 'eq', prop: 'instituteAddress' },
    instituteName: { kind: 'eq', prop: 'instituteName' },
    // The altitude of a Point location (the third coordinate); a polygon or a 2D point has none and never matches.
    altitudeMin: { kind: 'min', prop: 'altitude', type: 'number' },
    altitudeMax: { kind: 'max', prop: 'altitude', type: 'number' },
    // POST /search/locations: the locations inside a GeoJSON Polygon (points) or meeting it (polygons).
    coordinates: { kind: 'area', field: 'coordinates' },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['locationName', 'locationType'],
  geo: ['coordinates'],
  // The GeoJSON is stored and returned exactly as sent.
  validate: (record, where) => validateGeoJson(record.coordinates, `${where}.coordinates`),
  derive: (record) => ({ ...deriveExternalReferences(record), ...deriveAltitude(record) }),
};

/** `altitude`: the third coordinate of a Point in `coordinates`, recomputed whenever coordinates are written. */
function deriveAltitude(record: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(record, 'coordinates')) return {};
  const geometry = (record.coordinates as { geometry?: { type?: unknown; coordinates?: unknown } } | null)?.geometry;
  const position = geometry?.type === 'Point' && Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
  return { altitude: typeof position[2] === 'number' ? position[2] : null };
}

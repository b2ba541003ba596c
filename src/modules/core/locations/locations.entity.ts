import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import { validateGeoJson } from '../../../entities/geojson.js';
import type { EntityDef } from '../../../entities/types.js';

// A location belongs to the programs whose studies took place there (study -> trial -> program).
const PROGRAM = '<-[:AT_LOCATION]-(:Study)-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->';

export const locationEntity: EntityDef = {
  path: 'locations',
  label: 'Location',
  idField: 'locationDbId',
  module: 'Core',
  schema: 'Location',
  jsonFields: ['additionalInfo', 'externalReferences', 'coordinates'],
  refs: [
    {
      field: 'parentLocationDbId',
      rel: 'WITHIN',
      target: { label: 'Location', idProp: 'locationDbId' },
      nameField: 'parentLocationName',
      nameExpr: 't.locationName',
    },
  ],
  filters: {
    locationDbId: { kind: 'eq', prop: 'locationDbId' },
    locationName: { kind: 'eq', prop: 'locationName' },
    locationType: { kind: 'eq', prop: 'locationType' },
    parentLocationDbId: { kind: 'related', path: '-[:WITHIN]->', label: 'Location', prop: 'locationDbId' },
    parentLocationName: { kind: 'related', path: '-[:WITHIN]->', label: 'Location', prop: 'locationName' },
    // A location has no crop of its own: the crop of the programs that use it.
    commonCropName: { kind: 'related', path: PROGRAM, label: 'Program', prop: 'commonCropName' },
    programDbId: { kind: 'related', path: PROGRAM, label: 'Program', prop: 'programDbId' },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['locationName', 'locationType'],
  // The GeoJSON is stored and returned exactly as sent.
  validate: (record, where) => validateGeoJson(record.coordinates, `${where}.coordinates`),
  derive: deriveExternalReferences,
};

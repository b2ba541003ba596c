// Image metadata; the bytes (PUT /images/{imageDbId}/imagecontent) live on a separate node, see routes.ts.
import { relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import { validateGeoJson } from '../../../entities/geojson.js';
import type { EntityDef } from '../../../entities/types.js';

const UNIT = { label: 'ObservationUnit', idProp: 'observationUnitDbId' };
const UNIT_PROGRAM = '-[:IN_STUDY]->(:Study)-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->';
/** An image's program: that of the unit it shows, or of the units of the observations it depicts. */
const PROGRAM = [`-[:OF_UNIT]->(:ObservationUnit)${UNIT_PROGRAM}`, `-[:DEPICTS]->(:Observation)-[:OF_UNIT]->(:ObservationUnit)${UNIT_PROGRAM}`];

export const imageEntity: EntityDef = {
  path: 'images',
  label: 'Image',
  idField: 'imageDbId',
  module: 'Phenotyping',
  schema: 'Image',
  jsonFields: ['additionalInfo', 'externalReferences', 'imageLocation'],
  refs: [
    { field: 'observationUnitDbId', rel: 'OF_UNIT', target: UNIT },
    { field: 'observationDbIds', rel: 'DEPICTS', target: { label: 'Observation', idProp: 'observationDbId' }, many: true },
  ],
  filters: {
    imageDbId: { kind: 'eq', prop: 'imageDbId' },
    imageName: { kind: 'eq', prop: 'imageName' },
    ...relatedFilters('-[:OF_UNIT]->', 'ObservationUnit', ['observationUnitDbId']),
    ...relatedFilters('-[:DEPICTS]->', 'Observation', ['observationDbId']),
    // Tags of the image: any of them.
    descriptiveOntologyTerm: { kind: 'contains', prop: 'descriptiveOntologyTerms' },
    // An image has no crop of its own: its program's.
    ...relatedFilters(PROGRAM, 'Program', ['commonCropName', 'programDbId', 'programName']),
    ...externalReferenceFilters,
    // Search members (POST /search/images) without a list parameter of their own.
    imageFileName: { kind: 'eq', prop: 'imageFileName' },
    mimeType: { kind: 'eq', prop: 'mimeType' },
    imageFileSizeMin: { kind: 'min', prop: 'imageFileSize', type: 'integer' },
    imageFileSizeMax: { kind: 'max', prop: 'imageFileSize', type: 'integer' },
    imageHeightMin: { kind: 'min', prop: 'imageHeight', type: 'integer' },
    imageHeightMax: { kind: 'max', prop: 'imageHeight', type: 'integer' },
    imageWidthMin: { kind: 'min', prop: 'imageWidth', type: 'integer' },
    imageWidthMax: { kind: 'max', prop: 'imageWidth', type: 'integer' },
    // Inclusive instants, compared in UTC.
    imageTimeStampRangeStart: { kind: 'min', prop: 'imageTimeStampUtc', type: 'datetime' },
    imageTimeStampRangeEnd: { kind: 'max', prop: 'imageTimeStampUtc', type: 'datetime' },
    // The images taken inside a GeoJSON Polygon (or whose own polygon meets it).
    imageLocation: { kind: 'area', field: 'imageLocation' },
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['imageName'],
  instants: ['imageTimeStamp'],
  geo: ['imageLocation'],
  // The GeoJSON is stored and returned exactly as sent.
  validate: (record, where) => validateGeoJson(record.imageLocation, `${where}.imageLocation`),
  derive: deriveExternalReferences,
};

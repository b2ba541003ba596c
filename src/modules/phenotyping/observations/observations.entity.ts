// An observation is one value of one variable on one observation unit:
// (:Observation)-[:OF_UNIT]->(:ObservationUnit), -[:OF_VARIABLE]->(:ObservationVariable), -[:IN_SEASON]->(:Season).
// Germplasm and study (and trial, program, location) are the unit's: shown and filtered through it, never stored.
import { namedRef, relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import { validateGeoJson } from '../../../entities/geojson.js';
import type { EntityDef, FilterSpec } from '../../../entities/types.js';
import { levelFilters, UNIT_LABEL } from '../observationunits/level-filters.js';
import { checkObservations } from './checks.js';

/** Observation -> its unit, and paths through the unit (each ends before the target node). */
const UNIT = '-[:OF_UNIT]->';
const VIA_UNIT = `${UNIT}(:ObservationUnit)`;
const STUDY = `${VIA_UNIT}-[:IN_STUDY]->`;
const TRIAL = `${STUDY}(:Study)-[:IN_TRIAL]->`;
const PROGRAM = `${TRIAL}(:Trial)-[:IN_PROGRAM]->`;
const LOCATION = `${STUDY}(:Study)-[:AT_LOCATION]->`;
const GERMPLASM = `${VIA_UNIT}-[:OF_GERMPLASM]->`;

/** The unit's level filters, applied through OF_UNIT. */
const throughUnit = (names: string[]): Record<string, FilterSpec> =>
  Object.fromEntries(names.map((name) => [name, { kind: 'through', path: UNIT, label: UNIT_LABEL, filter: levelFilters[name] }]));

export const observationEntity: EntityDef = {
  path: 'observations',
  label: 'Observation',
  idField: 'observationDbId',
  module: 'Phenotyping',
  schema: 'Observation',
  jsonFields: ['additionalInfo', 'externalReferences', 'geoCoordinates', 'season'],
  refs: [
    namedRef('observationUnitDbId', 'OF_UNIT', { label: 'ObservationUnit', idProp: 'observationUnitDbId' }, 'observationUnitName'),
    namedRef('observationVariableDbId', 'OF_VARIABLE', { label: 'ObservationVariable', idProp: 'observationVariableDbId' }, 'observationVariableName'),
    // v2.1 `season` is an object {seasonDbId, seasonName, year}: stored as sent, mirrored by IN_SEASON (its name and
    // year, when sent, must be the season's: checks.ts).
    {
      field: 'season',
      rel: 'IN_SEASON',
      target: { label: 'Season', idProp: 'seasonDbId' },
      key: 'seasonDbId',
      shows: { seasonName: 't.seasonName', year: 't.year' },
    },
  ],
  // The unit's germplasm and study. A body may repeat them, but a germplasmDbId/germplasmName/studyDbId that is
  // not the unit's (or sent without a unit) is a 400 naming it: an observation cannot move its unit to another
  // germplasm or study, and silently storing a contradiction would let the two disagree.
  computed: {
    germplasmDbId: `head([(n)${GERMPLASM}(g:Germplasm) | g.germplasmDbId])`,
    germplasmName: `head([(n)${GERMPLASM}(g:Germplasm) | g.germplasmName])`,
    studyDbId: `head([(n)${STUDY}(s:Study) | s.studyDbId])`,
  },
  filters: {
    observationDbId: { kind: 'eq', prop: 'observationDbId' },
    ...relatedFilters(UNIT, 'ObservationUnit', ['observationUnitDbId']),
    ...relatedFilters('-[:OF_VARIABLE]->', 'ObservationVariable', ['observationVariableDbId', 'observationVariableName', 'observationVariablePUI']),
    ...relatedFilters('-[:IN_SEASON]->', 'Season', ['seasonDbId']),
    // Inclusive instants, compared in UTC on the derived observationTimeStampUtc (a date-only end takes in that day).
    observationTimeStampRangeStart: { kind: 'min', prop: 'observationTimeStampUtc', type: 'datetime' },
    observationTimeStampRangeEnd: { kind: 'max', prop: 'observationTimeStampUtc', type: 'datetime' },
    ...relatedFilters(GERMPLASM, 'Germplasm', ['germplasmDbId', 'germplasmName']),
    ...relatedFilters(STUDY, 'Study', ['studyDbId', 'studyName']),
    ...relatedFilters(TRIAL, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(PROGRAM, 'Program', ['programDbId', 'programName']),
    ...relatedFilters(LOCATION, 'Location', ['locationDbId', 'locationName']),
    // The unit's level (observationUnitLevel*), its relationships (observationUnitLevelRelationship*), and the search
    // members observationLevels / observationLevelRelationships (objects; `observationLevel` is also the table's
    // deprecated level-name parameter): exactly as GET /observationunits matches them.
    ...throughUnit([
      'observationUnitLevelName', 'observationUnitLevelOrder', 'observationUnitLevelCode', 'observationUnitLevelRelationshipName',
      'observationUnitLevelRelationshipOrder', 'observationUnitLevelRelationshipCode', 'observationUnitLevelRelationshipDbId',
      'observationLevel', 'observationLevelRelationship',
    ]),
    // The crop of the unit's study, else of the program running it.
    commonCropName: {
      kind: 'expr',
      expr: `coalesce(head([(n)${STUDY}(s:Study) | s.commonCropName]), head([(n)${PROGRAM}(p:Program) | p.commonCropName]))`,
    },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update', 'bulkUpdate'],
  indexes: [],
  instants: ['observationTimeStamp'],
  validate: (record, where) => validateGeoJson(record.geoCoordinates, `${where}.geoCoordinates`),
  derive: deriveExternalReferences,
  // The value is stored as sent; checks.ts holds it to the variable's scale and the season to its node.
  afterCreate: (tx, _records, ids) => checkObservations(tx, ids, (i) => `body[${i}]`),
  afterUpdate: (tx, _records, ids) => checkObservations(tx, ids, (i) => `observation "${ids[i]}"`),
};

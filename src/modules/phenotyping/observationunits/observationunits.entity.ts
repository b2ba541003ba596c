// An observation unit is anything observed (a field, block, plot, plant, ...): (:ObservationUnit)-[:IN_STUDY]->(:Study),
// -[:OF_GERMPLASM]->(:Germplasm), -[:OF_CROSS]->(:Cross), -[:FROM_SEED_LOT]->(:SeedLot), and -[:PART_OF]->(:ObservationUnit)
// for every relationship of its position naming a unit (hierarchy.ts). Its trial, program and location are its
// study's: shown and filtered through the graph, never stored.
import { namedRef, relatedFilters } from '../../../entities/declare.js';
import { BadRequestError } from '../../../errors.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import { validateGeoJson } from '../../../entities/geojson.js';
import type { EntityDef, FilterSpec } from '../../../entities/types.js';
import { levelFilters } from './level-filters.js';
import { checkHierarchy } from './hierarchy.js';
import { observationsOfUnits } from '../observations/queries.js';

/** Paths from a unit (each ends before the target node). */
const STUDY = '-[:IN_STUDY]->';
const VIA_STUDY = `${STUDY}(:Study)`;
const TRIAL = `${VIA_STUDY}-[:IN_TRIAL]->`;
const PROGRAM = `${TRIAL}(:Trial)-[:IN_PROGRAM]->`;
const LOCATION = `${VIA_STUDY}-[:AT_LOCATION]->`;
const OBSERVED = '<-[:OF_UNIT]-(:Observation)';

const through = (path: string, label: string, prop: string) => `head([(n)${path}(t:${label}) | t.${prop}])`;

export const observationUnitEntity: EntityDef = {
  path: 'observationunits',
  label: 'ObservationUnit',
  idField: 'observationUnitDbId',
  module: 'Phenotyping',
  schema: 'ObservationUnit',
  jsonFields: ['additionalInfo', 'externalReferences', 'observationUnitPosition', 'treatments'],
  refs: [
    namedRef('studyDbId', 'IN_STUDY', { label: 'Study', idProp: 'studyDbId' }, 'studyName'),
    namedRef('germplasmDbId', 'OF_GERMPLASM', { label: 'Germplasm', idProp: 'germplasmDbId' }, 'germplasmName'),
    namedRef('crossDbId', 'OF_CROSS', { label: 'Cross', idProp: 'crossDbId' }, 'crossName'),
    namedRef('seedLotDbId', 'FROM_SEED_LOT', { label: 'SeedLot', idProp: 'seedLotDbId' }, 'seedLotName'),
  ],
  computed: {
    trialDbId: through(TRIAL, 'Trial', 'trialDbId'),
    trialName: through(TRIAL, 'Trial', 'trialName'),
    programDbId: through(PROGRAM, 'Program', 'programDbId'),
    programName: through(PROGRAM, 'Program', 'programName'),
    locationDbId: through(LOCATION, 'Location', 'locationDbId'),
    locationName: through(LOCATION, 'Location', 'locationName'),
  },
  filters: {
    observationUnitDbId: { kind: 'eq', prop: 'observationUnitDbId' },
    observationUnitName: { kind: 'eq', prop: 'observationUnitName' },
    ...relatedFilters(STUDY, 'Study', ['studyDbId', 'studyName']),
    ...relatedFilters(TRIAL, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(PROGRAM, 'Program', ['programDbId', 'programName']),
    ...relatedFilters(LOCATION, 'Location', ['locationDbId', 'locationName']),
    // The study's seasons, and those of the unit's observations (a perennial unit is observed over several).
    seasonDbId: { kind: 'related', path: [`${VIA_STUDY}-[:IN_SEASON]->`, `${OBSERVED}-[:IN_SEASON]->`], label: 'Season', prop: 'seasonDbId' },
    ...relatedFilters('-[:OF_GERMPLASM]->', 'Germplasm', ['germplasmDbId', 'germplasmName']),
    // The crop of the unit's study, else of the program running it.
    commonCropName: { kind: 'expr', expr: `coalesce(${through(STUDY, 'Study', 'commonCropName')}, ${through(PROGRAM, 'Program', 'commonCropName')})` },
    ...levelFilters,
    // Units with observations of these variables (search members).
    ...relatedFilters(`${OBSERVED}-[:OF_VARIABLE]->`, 'ObservationVariable', ['observationVariableDbId', 'observationVariableName', 'observationVariablePUI']),
    ...externalReferenceFilters,
  },
  views: { includeObservations: { default: false, fields: ['observations'], load: observationsOfUnits } },
  operations: ['list', 'get', 'create', 'update', 'bulkUpdate'],
  indexes: ['observationUnitName', 'levelName', 'levelCode'],
  // Observations are not part of ObservationUnitNewRequest: they are written through /observations. A unit sent back
  // as read (observations null or empty) is fine; observations inside it would not be stored, so they are refused.
  normalize: ({ observations, ...record }) =>
    (observations === undefined || observations === null || (Array.isArray(observations) && !observations.length) ? record : { ...record, observations }),
  validate: (record, where) => {
    if (record.observations !== undefined) {
      throw new BadRequestError(`${where}.observations: a unit's observations are written through POST /observations (each naming its observationUnitDbId), not inside the unit; nothing was written.`);
    }
    const position = record.observationUnitPosition as { geoCoordinates?: unknown } | null | undefined;
    validateGeoJson(position?.geoCoordinates, `${where}.observationUnitPosition.geoCoordinates`);
  },
  derive: deriveExternalReferences,
  afterCreate: (tx, _records, ids) => checkHierarchy(tx, ids, (i) => `body[${i}]`),
  // An update is checked when it moves the unit or changes its position (BRAVA's empty PUT changes nothing).
  afterUpdate: (tx, records, ids) => {
    const touched = ids.filter((_, i) => ['observationUnitPosition', 'studyDbId'].some((f) => Object.hasOwn(records[i], f)));
    return checkHierarchy(tx, touched, (i) => `observation unit "${touched[i]}"`, { children: true });
  },
};

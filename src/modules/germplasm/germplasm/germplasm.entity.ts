import { namedRef } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import { validateGeoJson } from '../../../entities/geojson.js';
import type { EntityDef, FilterSpec } from '../../../entities/types.js';
import { pedigreeString, pedigreeStringRead, withRecorded } from '../pedigree/pedigree-string.js';
import type { PurdyEdge } from '../pedigree/purdy.js';

interface Synonym {
  synonym?: string | null;
}

/** Germplasm -> the studies it grows in: through its observation units. */
const IN_STUDY = '<-[:OF_GERMPLASM]-(:ObservationUnit)-[:IN_STUDY]->';

/**
 * Germplasm -> the programs that use it, as paths ending before `(r:Program)`: grown in a study of one of the
 * program's trials; a potential parent of one of its crossing projects; a parent of a planned or made cross of one
 * of those projects; held in one of its seed lots.
 */
const GERMPLASM_PROGRAM_PATHS = [
  `${IN_STUDY}(:Study)-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->`,
  '<-[:POTENTIAL_PARENT]-(:CrossingProject)-[:IN_PROGRAM]->',
  '<-[:FIRST_PARENT|SECOND_PARENT]-()-[:IN_PROJECT]->(:CrossingProject)-[:IN_PROGRAM]->',
  '<-[:CONTAINS]-(:SeedLot)-[:IN_PROGRAM]->',
];

/** Germplasm -> the trials it grows in: through the studies of its observation units. */
const IN_TRIAL = `${IN_STUDY}(:Study)-[:IN_TRIAL]->`;

const via = (toGermplasm: string) => (toGermplasm ? `${toGermplasm}(:Germplasm)` : '');

/**
 * A program property (programDbId, programName) of an entity that reaches its germplasm by `toGermplasm` (e.g. an
 * attribute value's OF_GERMPLASM; empty for the germplasm itself).
 */
export function programThroughGermplasm(toGermplasm = '', prop = 'programDbId'): FilterSpec {
  return { kind: 'related', path: GERMPLASM_PROGRAM_PATHS.map((p) => via(toGermplasm) + p), label: 'Program', prop };
}

/** A study property (studyDbId, studyName) of the studies the germplasm reached by `toGermplasm` grows in. */
export function studyThroughGermplasm(toGermplasm = '', prop = 'studyDbId'): FilterSpec {
  return { kind: 'related', path: via(toGermplasm) + IN_STUDY, label: 'Study', prop };
}

/** A trial property (trialDbId, trialName) of the trials the germplasm reached by `toGermplasm` grows in. */
export function trialThroughGermplasm(toGermplasm = '', prop = 'trialDbId'): FilterSpec {
  return { kind: 'related', path: via(toGermplasm) + IN_TRIAL, label: 'Trial', prop };
}

export const germplasmEntity: EntityDef = {
  path: 'germplasm',
  label: 'Germplasm',
  idField: 'germplasmDbId',
  module: 'Germplasm',
  schema: 'Germplasm',
  jsonFields: ['additionalInfo', 'externalReferences', 'donors', 'germplasmOrigin', 'storageTypes', 'synonyms', 'taxonIds'],
  refs: [namedRef('breedingMethodDbId', 'BRED_BY', { label: 'BreedingMethod', idProp: 'breedingMethodDbId' }, 'breedingMethodName')],
  filters: {
    germplasmDbId: { kind: 'eq', prop: 'germplasmDbId' },
    germplasmName: { kind: 'eq', prop: 'germplasmName' },
    germplasmPUI: { kind: 'eq', prop: 'germplasmPUI' },
    accessionNumber: { kind: 'eq', prop: 'accessionNumber' },
    collection: { kind: 'eq', prop: 'collection' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    genus: { kind: 'eq', prop: 'genus' },
    species: { kind: 'eq', prop: 'species' },
    synonym: { kind: 'contains', prop: 'synonymNames' },
    binomialName: { kind: 'expr', expr: "n.genus + ' ' + n.species" },
    familyCode: { kind: 'eq', prop: 'familyCode' },
    parentDbId: { kind: 'related', path: '-[:PARENT]->', label: 'Germplasm', prop: 'germplasmDbId' },
    progenyDbId: { kind: 'related', path: '<-[:PARENT]-', label: 'Germplasm', prop: 'germplasmDbId' },
    instituteCode: { kind: 'eq', prop: 'instituteCode' },
    studyDbId: studyThroughGermplasm(),
    studyName: studyThroughGermplasm('', 'studyName'),
    trialDbId: trialThroughGermplasm(),
    trialName: trialThroughGermplasm('', 'trialName'),
    programDbId: programThroughGermplasm(),
    programName: programThroughGermplasm('', 'programName'),
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['germplasmName', 'germplasmPUI', 'accessionNumber', 'commonCropName', 'collection', 'familyCode'],
  // Each origin's coordinates are GeoJSON (MIAPPE DM-52..54): a malformed geometry is a 400 naming the member.
  validate: (record, where) => {
    const origins = record.germplasmOrigin;
    if (!Array.isArray(origins)) return;
    origins.forEach((origin, i) => {
      if (origin && typeof origin === 'object') validateGeoJson((origin as Record<string, unknown>).coordinates, `${where}.germplasmOrigin[${i}].coordinates`);
    });
  },
  // `pedigree` shows the Purdy string of the germplasm's parents in the graph, as GET /pedigree's pedigreeString does.
  fromGraph: {
    read: pedigreeStringRead,
    // A germplasm without PARENT relationships (every germplasm POST /germplasm creates) has no Purdy edges.
    unlinked: [],
    show: (record, edges, props) => {
      if (!Object.hasOwn(record, 'pedigree')) return;
      const { shown, recordedDiffers } = pedigreeString(props.germplasmDbId as string, edges as PurdyEdge[], props);
      record.pedigree = shown;
      if (Object.hasOwn(record, 'additionalInfo')) record.additionalInfo = withRecorded(record.additionalInfo, recordedDiffers);
    },
  },
  derive: (record) => ({
    ...deriveExternalReferences(record),
    ...(Object.hasOwn(record, 'synonyms') ? { synonymNames: synonymNames(record.synonyms as Synonym[] | null) } : {}),
  }),
};

function synonymNames(synonyms: Synonym[] | null): string[] | null {
  const names = (synonyms ?? []).map((s) => s.synonym).filter((s): s is string => typeof s === 'string');
  return names.length ? names : null;
}

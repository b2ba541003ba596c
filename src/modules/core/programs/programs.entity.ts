import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, RefSpec } from '../../../entities/types.js';
import { PERSON_NAME } from '../people/people.entity.js';
import { namedRef } from '../../../entities/declare.js';

// The v2.1 files spell the standard program type STANARD in the query parameter and search request, STANDARD in
// the Program record. We store and return STANDARD, and take either spelling in filters and bodies.
const PROGRAM_TYPE_ALIASES: Record<string, string> = { STANARD: 'STANDARD' };

export const programEntity: EntityDef = {
  path: 'programs',
  label: 'Program',
  idField: 'programDbId',
  module: 'Core',
  schema: 'Program',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    {
      field: 'leadPersonDbId',
      rel: 'LED_BY',
      target: { label: 'Person', idProp: 'personDbId' },
      nameField: 'leadPersonName',
      nameExpr: PERSON_NAME,
    },
  ],
  filters: {
    programDbId: { kind: 'eq', prop: 'programDbId' },
    programName: { kind: 'eq', prop: 'programName' },
    abbreviation: { kind: 'eq', prop: 'abbreviation' },
    programType: { kind: 'eq', prop: 'programType', aliases: PROGRAM_TYPE_ALIASES },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    objective: { kind: 'eq', prop: 'objective' },
    leadPersonDbId: { kind: 'related', path: '-[:LED_BY]->', label: 'Person', prop: 'personDbId' },
    // The lead person's display name, as the record shows it in leadPersonName.
    leadPersonName: { kind: 'expr', expr: `head([(n)-[:LED_BY]->(t:Person) | ${PERSON_NAME}])` },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['programName', 'commonCropName'],
  normalize: (record) =>
    typeof record.programType === 'string' && PROGRAM_TYPE_ALIASES[record.programType]
      ? { ...record, programType: PROGRAM_TYPE_ALIASES[record.programType] }
      : record,
  derive: deriveExternalReferences,
};

/** The program a record belongs to (trials, crossing projects, seed lots): (n)-[:IN_PROGRAM]->(:Program). */
export const inProgram: RefSpec = namedRef('programDbId', 'IN_PROGRAM', { label: programEntity.label, idProp: programEntity.idField }, 'programName');

import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';

/**
 * Paths from a person to the programs it belongs to: the program it leads, or the program of a trial or study that
 * names it as a contact. Lists reach their owner's programs through these too.
 */
export const PERSON_PROGRAM_PATHS = [
  '<-[:LED_BY]-',
  '<-[:HAS_CONTACT]-(:Trial)-[:IN_PROGRAM]->',
  '<-[:HAS_CONTACT]-(:Study)-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->',
];

/** Person's display name, over `t` (the target of a reference); programs and lists show it. */
export const PERSON_NAME = "trim(coalesce(t.firstName, '') + ' ' + coalesce(t.lastName, ''))";

export const personEntity: EntityDef = {
  path: 'people',
  label: 'Person',
  idField: 'personDbId',
  module: 'Core',
  schema: 'Person',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [],
  filters: {
    personDbId: { kind: 'eq', prop: 'personDbId' },
    firstName: { kind: 'eq', prop: 'firstName' },
    lastName: { kind: 'eq', prop: 'lastName' },
    userID: { kind: 'eq', prop: 'userID' },
    middleName: { kind: 'eq', prop: 'middleName' },
    emailAddress: { kind: 'eq', prop: 'emailAddress' },
    mailingAddress: { kind: 'eq', prop: 'mailingAddress' },
    phoneNumber: { kind: 'eq', prop: 'phoneNumber' },
    programDbId: { kind: 'related', path: PERSON_PROGRAM_PATHS, label: 'Program', prop: 'programDbId' },
    // A person has no crop of its own: it is the crop of its programs.
    commonCropName: { kind: 'related', path: PERSON_PROGRAM_PATHS, label: 'Program', prop: 'commonCropName' },
    programName: { kind: 'related', path: PERSON_PROGRAM_PATHS, label: 'Program', prop: 'programName' },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['firstName', 'lastName', 'userID'],
  derive: deriveExternalReferences,
};

import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, RefSpec } from '../../../entities/types.js';
import { relatedFilters } from '../../../entities/declare.js';

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

/**
 * A record's contacts (trials, studies): contacts[] stay stored whole (orcid, institute, type as sent); the
 * relationships to the people they name make them walkable, and show each person's current name and email.
 */
export const contactsRef: RefSpec = {
  field: 'contacts',
  rel: 'HAS_CONTACT',
  target: { label: 'Person', idProp: 'personDbId' },
  many: true,
  key: 'contactDbId',
  // The person's name and email as they are now (a person without first and last name keeps the name sent).
  shows: { name: `CASE WHEN t.firstName IS NULL AND t.lastName IS NULL THEN null ELSE ${PERSON_NAME} END`, email: 't.emailAddress' },
};

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
    // A person has no crop of its own: it is the crop of its programs.
    ...relatedFilters(PERSON_PROGRAM_PATHS, 'Program', ['programDbId', 'commonCropName', 'programName']),
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['firstName', 'lastName', 'userID'],
  derive: deriveExternalReferences,
};

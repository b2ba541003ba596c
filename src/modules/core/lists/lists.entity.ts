import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { PERSON_NAME, PERSON_PROGRAM_PATHS } from '../people/people.entity.js';
import { relatedFilters } from '../../../entities/declare.js';
import { BadRequestError } from '../../../errors.js';

// A list holds no program or crop of its own (its `data` are bare DbIds of any type, not relationships): it belongs
// to the programs of its owner.
const OWNER_PROGRAM_PATHS = PERSON_PROGRAM_PATHS.map((path) => `-[:OWNED_BY]->(:Person)${path}`);

export const listEntity: EntityDef = {
  path: 'lists',
  label: 'List',
  idField: 'listDbId',
  module: 'Core',
  schema: 'ListDetails',
  listSchema: 'ListSummary',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    {
      field: 'listOwnerPersonDbId',
      rel: 'OWNED_BY',
      target: { label: 'Person', idProp: 'personDbId' },
      nameField: 'listOwnerName',
      nameExpr: PERSON_NAME,
    },
  ],
  filters: {
    listDbId: { kind: 'eq', prop: 'listDbId' },
    listName: { kind: 'eq', prop: 'listName' },
    listType: { kind: 'eq', prop: 'listType' },
    listSource: { kind: 'eq', prop: 'listSource' },
    ...relatedFilters(OWNER_PROGRAM_PATHS, 'Program', ['programDbId', 'commonCropName', 'programName']),
    listOwnerPersonDbId: { kind: 'related', path: '-[:OWNED_BY]->', label: 'Person', prop: 'personDbId' },
    // The owner's display name, as the record shows it in listOwnerName.
    listOwnerName: { kind: 'expr', expr: `head([(n)-[:OWNED_BY]->(t:Person) | ${PERSON_NAME}])` },
    // Inclusive instants, compared in UTC (a date-only end takes in that day).
    dateCreatedRangeStart: { kind: 'min', prop: 'dateCreatedUtc', type: 'datetime' },
    dateCreatedRangeEnd: { kind: 'max', prop: 'dateCreatedUtc', type: 'datetime' },
    dateModifiedRangeStart: { kind: 'min', prop: 'dateModifiedUtc', type: 'datetime' },
    dateModifiedRangeEnd: { kind: 'max', prop: 'dateModifiedUtc', type: 'datetime' },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['listName', 'listType', 'listSource'],
  instants: ['dateCreated', 'dateModified'],
  onCreate: (record) => ({ dateCreated: new Date().toISOString(), data: [], ...record }),
  normalize: withListSize,
  derive: deriveExternalReferences,
};

/**
 * listSize always counts `data`: a record naming `data` gets its size (null clears it: 0), so the stored count never
 * disagrees with the items. A listSize sent with another count, or without `data`, is refused rather than dropped (one
 * that is not an integer, or beyond 2^53, stays for the request validation to name). Every write also stamps
 * dateModified unless the body sets it. POST /lists/{listDbId}/data keeps both up to date the same way.
 */
function withListSize(record: Record<string, unknown>): Record<string, unknown> {
  const { listSize, ...rest } = record;
  if (!Object.hasOwn(rest, 'dateModified')) rest.dateModified = new Date().toISOString();
  if (Object.hasOwn(rest, 'data')) rest.listSize = Array.isArray(rest.data) ? rest.data.length : 0;
  if (listSize !== undefined && listSize !== null && !Number.isSafeInteger(listSize)) rest.listSize = listSize;
  else if (listSize !== undefined && listSize !== null && listSize !== rest.listSize) {
    throw new BadRequestError(Object.hasOwn(rest, 'data')
      ? `listSize ${listSize} is not the number of items in data (${rest.listSize}): listSize counts data; leave it out or send ${rest.listSize}.`
      : `listSize ${listSize} without data: listSize counts the items of data, so it is set by sending data; leave it out.`);
  }
  return rest;
}

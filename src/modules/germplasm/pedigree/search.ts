// POST /search/pedigree body -> the same input GET /pedigree takes: plural search members become the filter
// names (each a list: any of its values), the recursion and array-control members pass through.
import { BadRequestError } from '../../../errors.js';
import type { Paging } from '../../../http/types.js';

const MEMBERS: Record<string, string> = {
  accessionNumbers: 'accessionNumber',
  binomialNames: 'binomialName',
  collections: 'collection',
  commonCropNames: 'commonCropName',
  externalReferenceIDs: 'externalReferenceID',
  externalReferenceIds: 'externalReferenceId',
  externalReferenceSources: 'externalReferenceSource',
  familyCodes: 'familyCode',
  genus: 'genus',
  germplasmDbIds: 'germplasmDbId',
  germplasmNames: 'germplasmName',
  germplasmPUIs: 'germplasmPUI',
  instituteCodes: 'instituteCode',
  programDbIds: 'programDbId',
  programNames: 'programName',
  species: 'species',
  studyDbIds: 'studyDbId',
  studyNames: 'studyName',
  synonyms: 'synonym',
  trialDbIds: 'trialDbId',
  trialNames: 'trialName',
};

export function searchToFilters(body: Record<string, unknown>, maxPageSize: number): { input: Record<string, unknown>; paging?: Partial<Paging> } {
  const input: Record<string, unknown> = {};
  const paging: Partial<Paging> = {};
  for (const [member, value] of Object.entries(body)) {
    if (member === 'page' || member === 'pageSize') {
      if (value === undefined || value === null) continue;
      if (!Number.isSafeInteger(value) || (value as number) < (member === 'page' ? 0 : 1)) {
        throw new BadRequestError(`${member} must be ${member === 'page' ? 'a non-negative' : 'a positive'} integer.`);
      }
      if (member === 'pageSize' && (value as number) > maxPageSize) throw new BadRequestError(`pageSize must be at most ${maxPageSize}.`);
      paging[member] = value as number;
    } else if (Object.hasOwn(MEMBERS, member)) {
      if (value !== null && !Array.isArray(value)) throw new BadRequestError(`${member} must be an array.`);
      input[MEMBERS[member]] = value;
    } else {
      input[member] = value;
    }
  }
  return { input, paging: Object.keys(paging).length ? paging : undefined };
}

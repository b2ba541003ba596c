// The name-suggestion extension in the OpenAPI document /docs renders: the official envelope, parameters and error
// responses, its own inline entry schema. Its query parameters are the route's checks too (src/openapi/extension-contract.ts).
import type { ExtensionOperation } from '../../../openapi/document.js';
import { MAX_CANDIDATES } from './query.js';
import { EXTENSIONS_TAG, dataResult, ok, readErrors } from '../../../openapi/extension.js';

export const GERMPLASM_SUGGESTIONS_PATH = '/extensions/germplasm-suggestions';
export const DEFAULT_SUGGESTIONS = 30;
export const MAX_SUGGESTIONS = 100;
export const MAX_TEXT_LENGTH = 200;

const suggestion = {
  type: 'object',
  required: ['germplasmDbId', 'germplasmName', 'commonCropName', 'accessionNumber', 'matchedSynonym'],
  properties: {
    germplasmDbId: { type: 'string' },
    germplasmName: { type: 'string', nullable: true },
    commonCropName: { type: 'string', nullable: true },
    accessionNumber: { type: 'string', nullable: true },
    matchedSynonym: { type: 'string', nullable: true, description: 'The synonym that matched, when the germplasm was found by a synonym rather than by its name or DbId.' },
  },
};

/** The call's one contract: /docs shows it and the route checks its query parameters against it. */
export const germplasmSuggestionOperation: ExtensionOperation = {
  path: GERMPLASM_SUGGESTIONS_PATH,
  method: 'get',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: germplasm suggested for the characters typed so far',
    description:
      'Not part of BrAPI (which has no prefix or substring filter on names). Finds germplasm one of whose names ' +
      '(germplasmName, a synonym, the accession number or the DbId) has words starting with each typed word, ' +
      'case-insensitively, through a full-text index. Ranked: the exact name, then an exact DbId, synonym or ' +
      'accession number, then names starting with the text, then DbIds or synonyms starting with it, then names ' +
      `with a word starting with it, then the rest; shorter names first. At most ${MAX_CANDIDATES} matches are ` +
      'ranked (totalCount says how many).',
    parameters: [
      { name: 'text', in: 'query', required: true, description: `What was typed: 1 to ${MAX_TEXT_LENGTH} characters, not only spaces.`, schema: { type: 'string', minLength: 1, maxLength: MAX_TEXT_LENGTH, pattern: '\\S' } },
      { name: 'commonCropName', in: 'query', required: false, description: 'Only germplasm of this crop.', schema: { type: 'string' } },
      { $ref: '#/components/parameters/page' },
      { name: 'pageSize', in: 'query', required: false, description: `Suggestions per page (default ${DEFAULT_SUGGESTIONS}, at most ${MAX_SUGGESTIONS}).`, schema: { type: 'integer', minimum: 1, maximum: MAX_SUGGESTIONS } },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: ok(dataResult(suggestion)),
      ...readErrors,
    },
  },
};

export const germplasmSuggestionOperations: ExtensionOperation[] = [germplasmSuggestionOperation];

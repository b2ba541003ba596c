// The germplasm merge in the OpenAPI document /docs renders.
import type { ExtensionOperation } from '../../../openapi/document.js';
import { EXTENSIONS_TAG, errorResponses, ok } from '../../../openapi/extension.js';

export const germplasmMergeOperation: ExtensionOperation = {
  path: '/extensions/germplasm/{germplasmDbId}/merge',
  method: 'post',
  module: 'Germplasm',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: merge a duplicate germplasm into this one',
    description:
      'Not part of BrAPI. In one transaction: the duplicate\'s PARENT relationships (as parent and as child, with their ' +
      'parentType) move to this germplasm and are recorded in its pedigree history; every other relationship to the ' +
      'duplicate (observation units, samples, attribute values, seed lot contents, crosses, planned crosses, crossing ' +
      'projects, germplasm lists) names this germplasm instead; the duplicate\'s name and synonyms become synonyms and its ' +
      'external references are added; the duplicate is deleted. Refused with nothing changed: 409 when one is an ancestor ' +
      'of the other, they are of two crops, both have parents and the sets differ (both are named), a germplasm has both ' +
      'as parents, or the duplicate is a cross\'s family germplasm; 403 when the caller may not change both; 404 for an ' +
      'unknown germplasmDbId, 400 for an unknown duplicateDbId. A merge cannot be undone.',
    parameters: [
      { name: 'germplasmDbId', in: 'path', required: true, description: 'The germplasm that survives.', schema: { type: 'string' } },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', required: ['duplicateDbId'], properties: { duplicateDbId: { type: 'string', minLength: 1, description: 'The germplasm merged into this one, then deleted.' } } },
        },
      },
    },
    responses: {
      200: ok({
        type: 'object',
        required: ['survivorDbId', 'duplicateDbId', 'changeId', 'parentChanges', 'moved', 'lists', 'synonymsAdded', 'germplasm'],
        properties: {
          survivorDbId: { type: 'string' },
          duplicateDbId: { type: 'string', description: 'Deleted.' },
          changeId: { type: 'string', description: 'The pedigree history change recording the merge (a MERGED entry of the survivor) and the PARENT relationships it moved.' },
          parentChanges: { type: 'integer', description: 'PARENT relationships recorded as removed or added.' },
          moved: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Relationships moved to the survivor, by kind ("OF_GERMPLASM from ObservationUnit").' },
          lists: { type: 'array', items: { type: 'string' }, description: 'Germplasm lists that now name the survivor.' },
          synonymsAdded: { type: 'array', items: { type: 'string' } },
          germplasm: { $ref: '#/components/schemas/Germplasm' },
        },
      }),
      ...errorResponses,
      409: { description: 'Conflict: the merge is refused; the message says why.', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
  },
};

export const germplasmMergeOperations: ExtensionOperation[] = [germplasmMergeOperation];

// The duplicate-cross look-up in the OpenAPI document /docs renders.
import type { ExtensionOperation } from '../../../openapi/document.js';
import { EXTENSIONS_TAG, errorResponses, ok } from '../../../openapi/extension.js';

const existing = { type: 'array', items: { type: 'object', required: ['germplasmDbId', 'germplasmName'], properties: { germplasmDbId: { type: 'string' }, germplasmName: { type: 'string', nullable: true } } } };

const germplasmDbId = { type: 'string', minLength: 1 };

export const DUPLICATE_CROSSES_PATH = '/extensions/duplicate-crosses';

export const duplicateCrossOperation: ExtensionOperation = {
  path: DUPLICATE_CROSSES_PATH,
  method: 'post',
  module: 'Germplasm',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: germplasm already made from the female x male pairs of a crossing block',
    description:
      'Not part of BrAPI. For each pair, the germplasm with that FEMALE and that MALE parent (sameOrientation) and ' +
      'those of the reciprocal cross (reciprocal); a pair of one germplasm with itself finds its SELF children. ' +
      'A read (no write role needed). Unknown DbIds: 404 naming them.',
    parameters: [{ $ref: '#/components/parameters/authorizationHeader' }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['crosses'],
            properties: {
              crosses: {
                type: 'array',
                minItems: 1,
                items: { type: 'object', required: ['femaleDbId', 'maleDbId'], properties: { femaleDbId: germplasmDbId, maleDbId: germplasmDbId } },
              },
            },
          },
        },
      },
    },
    responses: {
      200: ok({
        type: 'object',
        required: ['crossCount', 'duplicateCount', 'data'],
        properties: {
          crossCount: { type: 'integer' },
          duplicateCount: { type: 'integer', description: 'Pairs with at least one existing germplasm.' },
          data: {
            type: 'array',
            items: {
              type: 'object',
              required: ['femaleDbId', 'maleDbId', 'sameOrientation', 'reciprocal'],
              properties: { femaleDbId: { type: 'string' }, maleDbId: { type: 'string' }, sameOrientation: existing, reciprocal: existing },
            },
          },
        },
      }),
      ...errorResponses,
    },
  },
};

export const duplicateCrossOperations: ExtensionOperation[] = [duplicateCrossOperation];

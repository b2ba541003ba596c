// The pedigree quality report in the OpenAPI document /docs renders.
import type { ExtensionOperation } from '../../../openapi/document.js';
import { QUALITY_CHECKS } from './quality.js';
import { EXTENSIONS_TAG, delimited, errorResponses, ok } from '../../../openapi/extension.js';

const finding = {
  type: 'object',
  required: ['check', 'germplasmDbId', 'germplasmName', 'relatedDbIds', 'reason'],
  properties: {
    check: { type: 'string', enum: [...QUALITY_CHECKS] },
    germplasmDbId: { type: 'string' },
    germplasmName: { type: 'string', nullable: true },
    relatedDbIds: { type: 'array', items: { type: 'string' }, description: 'The other germplasm concerned: the parent, the duplicates.' },
    reason: { type: 'string' },
  },
};

export const pedigreeQualityOperations: ExtensionOperation[] = [{
  path: '/extensions/pedigree-quality',
  method: 'get',
  module: 'Germplasm',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: the pedigree quality report of a crop, a program or the whole database',
    description:
      'Not part of BrAPI. One row per finding: PARENT_SET (a parent set the upload rules refuse), CROSSING_YEAR (a ' +
      'crossingYear before a parent\'s), DUPLICATE_CROSS (the same FEMALE x MALE pair, either orientation), ' +
      'SIMILAR_NAME (names of one crop equal but for case, spaces and punctuation), UNKNOWN_PARENTS (no parent), ' +
      'UNKNOWN_PARENT (one parent of a cross missing), CROSS_CROP (a parent of another crop). JSON, or CSV/TSV.',
    parameters: [
      { name: 'commonCropName', in: 'query', description: 'Only germplasm of this crop.', schema: { type: 'string', minLength: 1 } },
      { name: 'programDbId', in: 'query', description: 'Only germplasm of this program (grown in its trials, named by its crossing projects, held in its seed lots).', schema: { type: 'string', minLength: 1 } },
      { name: 'check', in: 'query', description: 'Only these checks (repeat the parameter); default all.', schema: { type: 'array', items: { type: 'string', enum: [...QUALITY_CHECKS] } }, style: 'form', explode: true },
      { name: 'format', in: 'query', description: 'json (default), csv or tsv: check, germplasmDbId, germplasmName, relatedDbIds (;-separated), reason.', schema: { type: 'string', enum: ['json', 'csv', 'tsv'] } },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: ok({
        type: 'object',
        required: ['germplasmCount', 'findingCount', 'counts', 'data'],
        properties: {
          commonCropName: { type: 'string', nullable: true },
          programDbId: { type: 'string', nullable: true },
          germplasmCount: { type: 'integer', description: 'Germplasm checked.' },
          findingCount: { type: 'integer' },
          counts: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Findings per check.' },
          data: { type: 'array', items: finding },
        },
      }, delimited),
      ...errorResponses,
    },
  },
}];

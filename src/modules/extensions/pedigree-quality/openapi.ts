// The pedigree quality report in the OpenAPI document /docs renders.
import type { ExtensionOperation } from '../../../openapi/document.js';
import { QUALITY_CHECKS, SEVERITIES } from './quality.js';
import { EXTENSIONS_TAG, delimited, errorResponses, ok } from '../../../openapi/extension.js';

const finding = {
  type: 'object',
  required: ['severity', 'check', 'germplasmDbId', 'germplasmName', 'relatedDbIds', 'reason'],
  properties: {
    severity: { type: 'string', enum: [...SEVERITIES] },
    check: { type: 'string', enum: [...QUALITY_CHECKS] },
    germplasmDbId: { type: 'string' },
    germplasmName: { type: 'string', nullable: true },
    relatedDbIds: { type: 'array', items: { type: 'string' }, description: 'The other germplasm concerned: the parent, the duplicates.' },
    reason: { type: 'string' },
  },
};

export const pedigreeQualityOperation: ExtensionOperation = {
  path: '/extensions/pedigree-quality',
  method: 'get',
  module: 'Germplasm',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: the pedigree quality report of a crop, a program or the whole database',
    description:
      'Not part of BrAPI. One row per finding, ranked by severity. ERROR: CYCLE (the germplasm is its own ancestor), ' +
      'PARENT_SET (a parent set the upload rules refuse), CROSSING_YEAR (a crossingYear before a parent\'s). WARNING: ' +
      'CROSS_CROP (a parent of another crop), DUPLICATE_CROSS (the same FEMALE x MALE pair, either orientation, and ' +
      'the same name but for case and punctuation or the same crossing year and crossing project: likely one cross ' +
      'recorded twice), SIMILAR_NAME (names of one crop equal but for case, spaces and punctuation), UNKNOWN_PARENT ' +
      '(one parent of a cross missing). INFO: SISTER_LINES (other lines of the same pair that are not likely ' +
      'duplicates), UNKNOWN_PARENTS (no parent). JSON: the summary counts, then one page of findings (page, ' +
      'pageSize; metadata.pagination counts the findings). CSV/TSV: the whole report.',
    parameters: [
      { name: 'commonCropName', in: 'query', description: 'Only germplasm of this crop.', schema: { type: 'string', minLength: 1 } },
      { name: 'programDbId', in: 'query', description: 'Only germplasm of this program (grown in its trials, named by its crossing projects, held in its seed lots).', schema: { type: 'string', minLength: 1 } },
      { name: 'check', in: 'query', description: 'Only these checks (repeat the parameter); default all.', schema: { type: 'array', items: { type: 'string', enum: [...QUALITY_CHECKS] } }, style: 'form', explode: true },
      { name: 'page', in: 'query', description: 'The page of findings (0-based; JSON only).', schema: { type: 'integer', minimum: 0 } },
      { name: 'pageSize', in: 'query', description: 'Findings per page (default 1000; JSON only).', schema: { type: 'integer', minimum: 1 } },
      { name: 'format', in: 'query', description: 'json (default), csv or tsv: check, germplasmDbId, germplasmName, relatedDbIds (;-separated), reason, severity; every finding.', schema: { type: 'string', enum: ['json', 'csv', 'tsv'] } },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: ok({
        type: 'object',
        required: ['germplasmCount', 'findingCount', 'severityCounts', 'counts', 'summary', 'data'],
        properties: {
          commonCropName: { type: 'string', nullable: true },
          programDbId: { type: 'string', nullable: true },
          germplasmCount: { type: 'integer', description: 'Germplasm checked.' },
          findingCount: { type: 'integer' },
          severityCounts: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Findings per severity (all pages).' },
          counts: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Findings per check (all pages).' },
          summary: {
            type: 'array',
            description: 'Findings per check, in the order of the report (all pages).',
            items: { type: 'object', required: ['check', 'severity', 'count'], properties: { check: { type: 'string', enum: [...QUALITY_CHECKS] }, severity: { type: 'string', enum: [...SEVERITIES] }, count: { type: 'integer' } } },
          },
          data: { type: 'array', items: finding, description: 'One page of findings.' },
        },
      }, delimited),
      ...errorResponses,
    },
  },
};

export const pedigreeQualityOperations: ExtensionOperation[] = [pedigreeQualityOperation];

// The kinship extension in the OpenAPI document /docs renders (official envelope and errors; the result inline).
import type { ExtensionOperation } from '../../../openapi/document.js';
import { delimited, errorResponses, getAndPost, ok } from '../../../openapi/extension.js';
import { KINSHIP_METHODS } from './kinship.js';
import { MATRICES, MAX_KINSHIP_GERMPLASM } from './params.js';

export const KINSHIP_PATH = '/extensions/kinship';

const ids = { type: 'array', minItems: 1, maxItems: MAX_KINSHIP_GERMPLASM, items: { type: 'string', minLength: 1 } };
const method = {
  type: 'string',
  enum: [...KINSHIP_METHODS],
  description: '"pedigree" (default): founders non-inbred (Malécot\'s coancestry, Henderson\'s A). "inbred": every line fully inbred, the coefficient of parentage of self-pollinated crops.',
};
const square = { type: 'array', items: { type: 'array', items: { type: 'number' } } };
const result = {
  type: 'object',
  required: ['method', 'germplasmDbIds', 'germplasmNames', 'coancestry', 'relationship', 'inbreeding', 'ancestorCount'],
  properties: {
    method: { type: 'string' },
    germplasmDbIds: { type: 'array', items: { type: 'string' }, description: 'The germplasm asked for, repeats dropped, in the order asked.' },
    germplasmNames: { type: 'array', items: { type: 'string', nullable: true } },
    coancestry: { ...square, description: 'f, in the order of germplasmDbIds.' },
    relationship: { ...square, description: 'A = 2f.' },
    inbreeding: { type: 'array', items: { type: 'number' } },
    ancestorCount: { type: 'integer', description: 'Germplasm of the pedigree read besides those asked for.' },
  },
};
const shape = [
  { name: 'format', in: 'query', description: 'json (default), or csv/tsv: one square matrix with a header row of DbIds (also by Accept).', schema: { type: 'string', enum: ['json', 'csv', 'tsv'] } },
  { name: 'matrix', in: 'query', description: 'The matrix of a csv/tsv answer: coancestry (default) or relationship.', schema: { type: 'string', enum: [...MATRICES] } },
  { $ref: '#/components/parameters/authorizationHeader' },
];
const summary = 'Extension: the kinship (coancestry and relationship) matrix of germplasm from the stored pedigree';
const description = `Not part of BrAPI. Up to ${MAX_KINSHIP_GERMPLASM} germplasm; one traversal reads them and all their ancestors. ` +
  'k POPULATION parents count 1/k each; a CLONAL child is its parent.';
const responses = { 200: ok(result, delimited), ...errorResponses };

export const kinshipOperations: ExtensionOperation[] = getAndPost({
  path: KINSHIP_PATH,
  module: 'Germplasm',
  summary,
  description,
  postDescription: `${description} The POST is a read (no write role needed).`,
  query: [
    { name: 'germplasmDbId', in: 'query', required: true, description: 'The germplasm; repeat the parameter for several.', schema: ids, style: 'form', explode: true },
    { name: 'method', in: 'query', schema: method },
  ],
  shared: shape,
  body: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['germplasmDbIds'], properties: { germplasmDbIds: ids, method } } } } },
  responses,
});

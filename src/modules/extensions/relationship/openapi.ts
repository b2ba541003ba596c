// The relationship extension (inbreeding, A-inverse) in the OpenAPI document /docs renders: envelope, parameters and
// error responses are the official components; result schemas are inline.
import type { ExtensionOperation } from '../../../openapi/document.js';
import { errorResponses, getAndPost, ok } from '../../../openapi/extension.js';
import { INVERSE_TABLES } from './params.js';

export const INBREEDING_PATH = '/extensions/inbreeding';
export const INVERSE_PATH = '/extensions/relationship-inverse';
export const GENERATIONS_PATH = '/extensions/generations';

const text = { schema: { type: 'string' } };
const method = {
  name: 'method',
  in: 'query',
  description: '"pedigree" (default): founders non-inbred, the numerator relationship (Henderson 1976). "inbred": every line fully inbred (F = 1), the coefficient of parentage of self-pollinated crops.',
  schema: { type: 'string', enum: ['pedigree', 'inbred'] },
};
const ids = {
  name: 'germplasmDbId',
  in: 'query',
  description: 'Germplasm whose pedigree (themselves and all their ancestors) is used; repeat the parameter for several. None: the whole database.',
  schema: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
  style: 'form',
  explode: true,
};
const body = {
  required: false,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          germplasmDbIds: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 }, description: 'Absent: the whole database.' },
          method: { type: 'string', enum: ['pedigree', 'inbred'] },
        },
      },
    },
  },
};
const format = (values: string[], description: string) => ({ name: 'format', in: 'query', description, schema: { type: 'string', enum: values } });

const inbreedingResult = {
  type: 'object',
  required: ['method', 'germplasmCount', 'data'],
  properties: {
    method: { type: 'string' },
    germplasmCount: { type: 'integer' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['germplasmDbId', 'germplasmName', 'inbreeding'],
        properties: { germplasmDbId: { type: 'string' }, germplasmName: { type: 'string', nullable: true }, inbreeding: { type: 'number' } },
      },
    },
  },
};
const inverseResult = {
  type: 'object',
  required: ['method', 'rows', 'germplasm', 'triplets'],
  properties: {
    method: { type: 'string' },
    rows: { type: 'integer', description: 'Order of A-inverse: distinct genotypes (germplasm genetically identical to another share its row).' },
    germplasm: {
      type: 'array',
      description: 'Every germplasm of the pedigree, parents first, with its 1-based row.',
      items: {
        type: 'object',
        required: ['germplasmDbId', 'germplasmName', 'row', 'inbreeding', 'identicalTo'],
        properties: {
          germplasmDbId: { type: 'string' },
          germplasmName: { type: 'string', nullable: true },
          row: { type: 'integer' },
          inbreeding: { type: 'number' },
          identicalTo: { type: 'string', nullable: true, description: 'A CLONAL child (and, for method "inbred", a SELF child): the germplasm whose row it shares.' },
        },
      },
    },
    triplets: {
      type: 'array',
      description: 'Non-zero cells of the lower triangle, [row, column, value] with row >= column, sorted by row then column.',
      items: { type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 },
    },
  },
};

function pair(path: string, summary: string, description: string, parameters: object[], result: object, delimited: Record<string, object>): ExtensionOperation[] {
  return getAndPost({
    path, module: 'Germplasm', summary, description,
    postDescription: `${description} The POST is a read (no write role needed).`,
    query: [ids, method],
    shared: [...parameters, { $ref: '#/components/parameters/authorizationHeader' }],
    body,
    responses: { 200: ok(result, delimited), ...errorResponses },
  });
}

const generationsResult = {
  type: 'object',
  required: ['germplasmCount', 'data'],
  properties: {
    germplasmCount: { type: 'integer' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['germplasmDbId', 'germplasmName', 'maxGenerations', 'completeGenerations', 'equivalentGenerations', 'completeness', 'generationCode'],
        properties: {
          germplasmDbId: { type: 'string' },
          germplasmName: { type: 'string', nullable: true },
          maxGenerations: { type: 'integer' },
          completeGenerations: { type: 'integer' },
          equivalentGenerations: { type: 'number', description: 'Equivalent complete generations (Maignel et al. 1996).' },
          completeness: { type: 'number', description: 'Pedigree completeness index over 5 generations (MacCluer et al. 1983).' },
          generationCode: { type: 'string', nullable: true, description: 'F1, F2, ..., BC1F1, BC1F2, ... where the graph shows it.' },
        },
      },
    },
  },
};

export const generationsOperations = pair(
  GENERATIONS_PATH,
  'Extension: generations, pedigree completeness and filial / backcross codes',
  'Not part of BrAPI. For every germplasm of the pedigree read: maximum, complete and equivalent complete ' +
    'generations, the pedigree completeness index, and a generation code (F3, BC1F2) where the graph shows it. ' +
    'The method parameter does not change them.',
  [format(['json', 'csv', 'tsv'], 'json (default), or csv/tsv with the same columns.')],
  generationsResult,
  { 'text/csv': text, 'text/tsv': text },
);
export const inbreedingOperations = pair(
  INBREEDING_PATH,
  'Extension: inbreeding coefficients of the whole pedigree or of germplasm and their ancestors',
  'Not part of BrAPI. F of every germplasm of the pedigree read (Meuwissen & Luo 1992), in time linear in the ' +
    'pedigree. k POPULATION parents count 1/k each; a CLONAL child has its parent\'s F.',
  [format(['json', 'csv', 'tsv'], 'json (default), or csv/tsv: germplasmDbId, germplasmName, inbreeding.')],
  inbreedingResult,
  { 'text/csv': text, 'text/tsv': text },
);
export const inverseOperations = pair(
  INVERSE_PATH,
  'Extension: the inverse relationship matrix (A-inverse) as sparse triplets',
  'Not part of BrAPI. A-inverse of the whole pedigree, or of the given germplasm and all their ancestors, by ' +
    'Henderson\'s rules with Meuwissen & Luo\'s inbreeding (Henderson 1976; Quaas 1976). Germplasm genetically ' +
    'identical to another (singular A) share its row. format=giv answers the triplets as ASReml reads them.',
  [
    format(['json', 'csv', 'tsv', 'giv'], 'json (default); csv/tsv: row, column, value (or the germplasm table); giv: "row column value" lines without header.'),
    { name: 'table', in: 'query', description: 'Delimited answers: triplets (default), or germplasm (row, germplasmDbId, germplasmName, inbreeding, identicalTo).', schema: { type: 'string', enum: [...INVERSE_TABLES] } },
  ],
  inverseResult,
  { 'text/csv': text, 'text/tsv': text, 'text/plain': text },
);

export const relationshipOperations: ExtensionOperation[] = [...generationsOperations, ...inbreedingOperations, ...inverseOperations];

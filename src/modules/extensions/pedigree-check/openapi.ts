// The pedigree-check extensions in the OpenAPI document /docs renders (official components for the envelope and
// errors; the result shapes inline).
import type { ExtensionOperation } from '../../../openapi/document.js';
import { GRM_PATH, PEDIGREE_CHECK_PATH } from './routes.js';
import { dataResult, errorResponses, ok } from '../../../openapi/extension.js';

const evidence = (count: string) => ({
  type: 'object', nullable: true,
  properties: { markers: { type: 'integer' }, [count]: { type: 'integer' }, rate: { type: 'number', nullable: true } },
});
const candidate = { type: 'object', properties: { germplasmDbId: { type: 'string' }, germplasmName: { type: 'string', nullable: true }, trio: evidence('inconsistent'), pair: evidence('opposingHomozygotes') } };
const check = {
  type: 'object',
  properties: {
    germplasmDbId: { type: 'string' }, germplasmName: { type: 'string', nullable: true }, callSetDbId: { type: 'string' },
    trio: evidence('inconsistent'),
    parents: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          parentDbId: { type: 'string' }, parentName: { type: 'string', nullable: true }, parentType: { type: 'string' }, genotyped: { type: 'boolean' },
          verdict: { type: 'string', enum: ['CONSISTENT', 'INCONSISTENT', 'INCONCLUSIVE'] }, reason: { type: 'string' },
          pair: evidence('opposingHomozygotes'), candidates: { type: 'array', items: candidate },
        },
      },
    },
  },
};
const query = (name: string, description: string, type = 'string', array = false) =>
  ({ name, in: 'query', required: false, description, schema: array ? { type: 'array', items: { type } } : { type } });

export const pedigreeCheckOperations: ExtensionOperation[] = [{
  path: PEDIGREE_CHECK_PATH,
  method: 'get',
  module: 'Genotyping',
  operation: {
    tags: ['Genotyping'],
    summary: 'Extension: the recorded pedigree checked against marker genotypes (inbred crops)',
    description: 'Not part of BrAPI. Every germplasm genotyped in the variant set with a genotyped parent: the Mendelian ' +
      'inconsistency rate of its trio, the opposing homozygotes of each parent-offspring pair, a verdict per parent with ' +
      'its reason, and the best-matching genotyped lines in place of a parent the markers contradict. POST takes the same ' +
      'members as a body (germplasmDbIds a list).',
    parameters: [
      { ...query('variantSetDbId', 'The variant set whose genotypes are compared.'), required: true },
      query('germplasmDbId', 'Check only these offspring.', 'string', true),
      query('maxRate', 'Highest inconsistency rate of a passing test (default 0.03).', 'number'),
      query('candidates', 'Candidates listed for a contradicted parent (default 3).', 'integer'),
      query('minMarkers', 'Fewest markers called in all lines of a test for a verdict (default 50).', 'integer'),
      { $ref: '#/components/parameters/page' },
      { $ref: '#/components/parameters/pageSize' },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: ok(dataResult(check)),
      ...errorResponses,
    },
  },
}, {
  path: GRM_PATH,
  method: 'get',
  module: 'Genotyping',
  operation: {
    tags: ['Genotyping'],
    summary: 'Extension: genomic relationship matrix (VanRaden 2008) beside the pedigree relationship',
    description: 'Not part of BrAPI. G = ZZ\' / 2 sum p(1-p) over the markers of the variant set (allele frequencies from all ' +
      'its lines, a missing call set to its mean), and the pedigree relationship A (kinship extension), in the order ' +
      'asked. POST takes { variantSetDbId, germplasmDbIds, method }.',
    parameters: [
      { ...query('variantSetDbId', 'The variant set whose genotypes are used.'), required: true },
      { ...query('germplasmDbId', 'The germplasm, all genotyped in the variant set.', 'string', true), required: true },
      query('method', 'Pedigree method of A: pedigree (default) or inbred.'),
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: {
      200: ok({ type: 'object', properties: {
        variantSetDbId: { type: 'string' }, germplasmDbIds: { type: 'array', items: { type: 'string' } },
        germplasmNames: { type: 'array', items: { type: 'string', nullable: true } }, markers: { type: 'integer' },
        genomicRelationship: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        pedigreeRelationship: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        pedigreeMethod: { type: 'string' },
      } }),
      ...errorResponses,
    },
  },
}];

// The pedigree-check extensions in the OpenAPI document /docs renders (official components for the envelope and
// errors; the result shapes inline).
import type { ExtensionOperation } from '../../../openapi/document.js';
import { dataResult, errorResponses, getAndPost, ok } from '../../../openapi/extension.js';
import { KINSHIP_METHODS } from '../kinship/kinship.js';
import { MAX_KINSHIP_GERMPLASM } from '../kinship/params.js';

export const PEDIGREE_CHECK_PATH = '/extensions/pedigree-check';
export const GRM_PATH = '/extensions/genomic-relationship';

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
// Bounds as the routes check them (a schema-valid request is never refused for its form).
const query = (name: string, description: string, schema: object) => ({ name, in: 'query', required: false, description, schema });
const id = { type: 'string', minLength: 1 };
const ids = { type: 'array', minItems: 1, items: id };
const count = { type: 'integer', minimum: 0, maximum: 100_000 };

type Param = ReturnType<typeof query> & { required?: boolean };

/**
 * The GET with its query parameters and the POST taking the same members as a body (germplasmDbId as the list
 * germplasmDbIds); both reads.
 */
function checkCall(path: string, summary: string, description: string, members: Param[], paged: boolean, result: object): ExtensionOperation[] {
  const bodyName = (name: string) => (name === 'germplasmDbId' ? 'germplasmDbIds' : name);
  const body = {
    type: 'object',
    required: members.filter((m) => m.required).map((m) => bodyName(m.name)),
    properties: Object.fromEntries(members.map((m) => [bodyName(m.name), { ...m.schema, description: m.description }])),
  };
  return getAndPost({
    path, module: 'Genotyping', summary, description,
    postDescription: `${description} The POST takes the same members as a body and is a read.`,
    query: members,
    shared: [
      ...(paged ? [{ $ref: '#/components/parameters/page' }, { $ref: '#/components/parameters/pageSize' }] : []),
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    body: { required: true, content: { 'application/json': { schema: body } } },
    responses: { 200: ok(result), ...errorResponses },
  });
}

export const checkOperations = checkCall(
  PEDIGREE_CHECK_PATH,
  'Extension: the recorded pedigree checked against marker genotypes (inbred crops)',
  'Not part of BrAPI. Every germplasm genotyped in the variant set with a genotyped parent: the Mendelian ' +
    'inconsistency rate of its trio, the opposing homozygotes of each parent-offspring pair, a verdict per parent with ' +
    'its reason, and the best-matching genotyped lines in place of a parent the markers contradict.',
  [
    { ...query('variantSetDbId', 'The variant set whose genotypes are compared.', id), required: true },
    query('germplasmDbId', 'Check only these offspring.', ids),
    query('maxRate', 'Highest inconsistency rate of a passing test (default 0.03).', { type: 'number', minimum: 0, maximum: 1 }),
    query('candidates', 'Candidates listed for a contradicted parent (default 3).', count),
    query('minMarkers', 'Fewest markers called in all lines of a test for a verdict (default 50).', count),
  ],
  true,
  dataResult(check),
);
export const grmOperations = checkCall(
  GRM_PATH,
  'Extension: genomic relationship matrix (VanRaden 2008) beside the pedigree relationship',
  'Not part of BrAPI. G = ZZ\' / 2 sum p(1-p) over the markers of the variant set (allele frequencies from all ' +
    'its lines, a missing call set to its mean), and the pedigree relationship A (kinship extension), in the order asked.',
  [
    { ...query('variantSetDbId', 'The variant set whose genotypes are used.', id), required: true },
    { ...query('germplasmDbId', 'The germplasm, all genotyped in the variant set.', { ...ids, maxItems: MAX_KINSHIP_GERMPLASM }), required: true },
    query('method', 'Pedigree method of A: pedigree (default) or inbred.', { type: 'string', enum: [...KINSHIP_METHODS] }),
  ],
  false,
  {
    type: 'object',
    properties: {
      variantSetDbId: { type: 'string' }, germplasmDbIds: { type: 'array', items: { type: 'string' } },
      germplasmNames: { type: 'array', items: { type: 'string', nullable: true } }, markers: { type: 'integer' },
      genomicRelationship: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
      pedigreeRelationship: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
      pedigreeMethod: { type: 'string' },
    },
  },
);

export const pedigreeCheckOperations: ExtensionOperation[] = [...checkOperations, ...grmOperations];

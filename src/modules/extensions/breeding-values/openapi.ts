// The breeding-values extension in the OpenAPI document /docs renders (official envelope and errors; the result inline).
import type { ExtensionOperation } from '../../../openapi/document.js';
import { EXTENSIONS_TAG, delimited, errorResponses, ok } from '../../../openapi/extension.js';
import { KINSHIP_METHODS } from '../kinship/kinship.js';
import { NESTED_FACTORS } from './design.js';
import { PCG_TOLERANCE } from './mme.js';
import { FACTOR_MAX_ENTRIES } from './ldl.js';
import { BLEND_DEFAULT, EXACT_LIMIT_DEFAULT, EXACT_LIMIT_MAX, PROBES_DEFAULT, REML_MAX_ITERATIONS_DEFAULT, REML_MAX_ITERATIONS_MAX, REML_TOLERANCE_DEFAULT } from './params.js';
import { FIXED_COLUMNS, GERMPLASM_COLUMNS, TABLES } from './present.js';
import { REML_ALGORITHMS } from './reml.js';
import { RELATIONSHIPS } from './relationship-model.js';

export const BREEDING_VALUES_PATH = '/extensions/breeding-values';

const ids = (what: string) => ({ type: 'array', minItems: 1, items: { type: 'string', minLength: 1 }, description: `Only records of these ${what}.` });
const nullableString = { type: 'string', nullable: true };

const body = {
  type: 'object',
  required: ['observationVariableDbId'],
  // The variances: heritability, or both variances, or neither (REML). Each rule's description is the 400 that breaks it.
  allOf: [
    { description: 'Give heritability, or additiveVariance and residualVariance, not both.', not: { required: ['heritability', 'additiveVariance'] } },
    { description: 'Give heritability, or additiveVariance and residualVariance, not both.', not: { required: ['heritability', 'residualVariance'] } },
    {
      description: 'additiveVariance and residualVariance go together: give both, or neither.',
      anyOf: [{ required: ['additiveVariance', 'residualVariance'] }, { not: { anyOf: [{ required: ['additiveVariance'] }, { required: ['residualVariance'] }] } }],
    },
    {
      description: 'relationship "genomic" and "single-step" need variantSetDbId (the genotypes G is built from); "pedigree" (the default) takes neither variantSetDbId nor blend.',
      anyOf: [
        { required: ['relationship', 'variantSetDbId'], properties: { relationship: { enum: ['genomic', 'single-step'] } } },
        { not: { anyOf: [{ required: ['variantSetDbId'] }, { required: ['blend'] }, { required: ['relationship'], properties: { relationship: { enum: ['genomic', 'single-step'] } } }] } },
      ],
    },
  ],
  properties: {
    observationVariableDbId: { type: 'string', minLength: 1, description: 'The trait: every numeric observation of this variable is a record, unless the filters below restrict them.' },
    studyDbIds: ids('studies'),
    trialDbIds: ids('trials'),
    programDbIds: ids('programs (through their trials)'),
    seasonDbIds: ids('seasons (the observation\'s season, else its study\'s)'),
    observationLevels: { ...ids('observation unit levels'), description: 'Only records on units of these level names (e.g. plot).' },
    fixedEffects: {
      type: 'array',
      items: { type: 'string', enum: ['study', ...NESTED_FACTORS] },
      description: 'The study (environment) is always fitted. rep and block: the codes of the units\' observationLevelRelationships of that level, nested within the study (block also within rep when both are fitted); the first code of each is the reference (0).',
    },
    heritability: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true, description: 'Given: the variance ratio is (1 - h2) / h2; sigma_e^2 is then Henderson\'s estimate at that ratio.' },
    additiveVariance: { type: 'number', minimum: 0, exclusiveMinimum: true, description: 'Given, with residualVariance. Neither these nor heritability: both estimated by REML (remlAlgorithm).' },
    residualVariance: { type: 'number', minimum: 0, exclusiveMinimum: true },
    method: { type: 'string', enum: [...KINSHIP_METHODS], description: 'The relationship matrix A: "pedigree" (default, founders non-inbred) or "inbred" (every line fully inbred), as the kinship extension.' },
    relationship: {
      type: 'string', enum: [...RELATIONSHIPS],
      description: 'The covariance of the genetic effects. "pedigree" (default): A from the stored pedigree. "genomic" (GBLUP): G_w of the ' +
        'germplasm genotyped in variantSetDbId only (VanRaden 2008, method 1); records of germplasm not genotyped there are left out and ' +
        'counted (relationship.excludedRecordCount). "single-step": H from the pedigree and the genotypes together (Legarra, Aguilar & ' +
        'Misztal 2009; Aguilar et al. 2010), every germplasm with a record or genotypes and their ancestors.',
    },
    variantSetDbId: { type: 'string', minLength: 1, description: 'The variant set whose calls G is built from (genomic and single-step); allele frequencies from all its genotyped germplasm.' },
    blend: {
      type: 'number', minimum: 0, maximum: 1, exclusiveMaximum: true,
      description: `w of G_w = (1 - w) G + w A22, the share of the pedigree relationship among the genotyped germplasm that makes G invertible (default ${BLEND_DEFAULT}).`,
    },
    remlAlgorithm: {
      type: 'string', enum: [...REML_ALGORITHMS],
      description: 'AI-REML (default; Gilmour, Thompson & Cullis 1995: Newton steps with the average information, a handful of rounds) or EM-REML (Henderson 1984: slower, tens to hundreds of rounds). Both reach the same estimates.',
    },
    maxIterations: { type: 'integer', minimum: 1, maximum: REML_MAX_ITERATIONS_MAX, description: `REML rounds at most (default ${REML_MAX_ITERATIONS_DEFAULT}).` },
    tolerance: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true, description: `REML stops when the largest relative change of a variance is below this (default ${REML_TOLERANCE_DEFAULT}).` },
    exactLimit: {
      type: 'integer', minimum: 0, maximum: EXACT_LIMIT_MAX,
      description: `Up to this many equations (default ${EXACT_LIMIT_DEFAULT}) the equations are factorised (sparse LDL\' with a minimum-degree order) where the factor fits (at most ${FACTOR_MAX_ENTRIES} entries): exact prediction error variances and REML traces from the sparse inverse subset. Beyond, or where the factor would not fit: PCG (relative residual ${PCG_TOLERANCE}), PEV approximated by sigma_e^2 / the equation\'s diagonal (a lower bound), REML traces estimated from random probes.`,
    },
    probes: { type: 'integer', minimum: 1, maximum: 200, description: `Hutchinson probes of the REML trace beyond exactLimit (default ${PROBES_DEFAULT}).` },
  },
};

const number = { type: 'number' };
const germplasmRow = {
  type: 'object',
  required: [...GERMPLASM_COLUMNS],
  properties: {
    germplasmDbId: { type: 'string' },
    germplasmName: nullableString,
    breedingValue: number,
    predictionErrorVariance: number,
    reliability: { type: 'number', description: '1 - PEV / ((1 + F) sigma_a^2).' },
    inbreeding: number,
    ownRecords: { type: 'integer' },
    progenyRecords: { type: 'integer', description: 'Records of its children.' },
    identicalTo: { ...nullableString, description: 'A clone shares the breeding value of the germplasm named here.' },
  },
};
const fixedEffect = {
  type: 'object',
  required: [...FIXED_COLUMNS],
  properties: {
    factor: { type: 'string', enum: ['study', ...NESTED_FACTORS] },
    studyDbId: { type: 'string' },
    studyName: nullableString,
    rep: nullableString,
    block: nullableString,
    estimate: number,
    reference: { type: 'boolean', description: 'The level set to 0 within its study (or study and rep).' },
    recordCount: { type: 'integer' },
  },
};
const reml = {
  type: 'object',
  nullable: true,
  description: 'REML (AI-REML, Gilmour, Thompson & Cullis 1995; or EM-REML, Henderson 1984) when the variances were estimated.',
  properties: {
    algorithm: { type: 'string', enum: [...REML_ALGORITHMS] },
    iterations: { type: 'integer' },
    emSteps: { type: 'integer', description: 'AI-REML rounds that took an EM step instead (a Newton step left the parameter space).' },
    converged: { type: 'boolean' },
    boundary: { type: 'boolean', description: 'The additive variance fell to zero.' },
    change: { type: 'number', description: 'The largest relative change of a variance in the last round.' },
    trace: { type: 'string', enum: ['exact', 'hutchinson'] },
    tolerance: number,
    probes: { type: 'integer', nullable: true },
  },
};
const result = {
  type: 'object',
  required: ['observationVariableDbId', 'recordCount', 'skippedRecordCount', 'relationship', 'germplasmCount', 'equations', 'variances', 'solver', 'predictionErrorVariance', 'fixedEffects', 'data'],
  properties: {
    observationVariableDbId: { type: 'string' },
    observationVariableName: nullableString,
    recordCount: { type: 'integer', description: 'Records fitted.' },
    skippedRecordCount: { type: 'integer', description: 'Matching observations without a numeric value (left out).' },
    relationship: {
      type: 'object',
      nullable: true,
      description: 'The relationship fitted, as asked (null when no record matched).',
      properties: {
        kind: { type: 'string', enum: [...RELATIONSHIPS] },
        variantSetDbId: nullableString,
        blend: { type: 'number', nullable: true, description: 'w of G_w = (1 - w) G + w A22.' },
        genotypedCount: { type: 'integer', nullable: true, description: 'Genotyped germplasm in G (clones once).' },
        markerCount: { type: 'integer', nullable: true, description: 'Markers G used (both alleles seen among the genotyped germplasm).' },
        excludedRecordCount: { type: 'integer', description: 'Records of germplasm without genotypes, left out of a genomic fit.' },
      },
    },
    germplasmCount: { type: 'integer', description: 'Germplasm modelled: with a record (pedigree) or genotypes (genomic) or either (single-step), and, but for genomic, all their ancestors.' },
    equations: { type: 'integer' },
    variances: {
      type: 'object',
      nullable: true,
      properties: { source: { type: 'string', enum: ['given', 'heritability', 'reml'] }, additive: number, residual: number, heritability: number, reml },
    },
    solver: {
      type: 'object',
      nullable: true,
      properties: { method: { type: 'string', enum: ['cholesky', 'pcg'] }, tolerance: { type: 'number', nullable: true }, iterations: { type: 'integer' }, relativeResidual: number },
    },
    predictionErrorVariance: { type: 'string', nullable: true, description: 'exact (the sparse inverse subset of the factorised equations), or diagonal (sigma_e^2 / the diagonal of the equations: a lower bound).' },
    fixedEffects: { type: 'array', items: fixedEffect },
    data: { type: 'array', items: germplasmRow, description: 'Parents before children.' },
  },
};

/** The fit's answer, with where its time went. */
const answered = {
  ...ok(result, delimited),
  headers: {
    'Server-Timing': {
      description: 'Where the time went, in ms per phase (W3C Server Timing): records, genotypes (genomic and single-step), pedigree, inverse, build, solve or reml, ' +
        'rows, present, handler; for a GET of a copy stored by another instance also read and unpack.',
      schema: { type: 'string' },
    },
  },
};

export const breedingValueOperation: ExtensionOperation = {
  path: BREEDING_VALUES_PATH,
  method: 'post',
  module: 'Phenotyping',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: estimated breeding values of a trait (pedigree, genomic or single-step BLUP, animal model) from the stored observations',
    description:
      'Not part of BrAPI; a read (no write role needed). y = Xb + Za + e with the study (and rep/block when asked) fixed, the ' +
      'germplasm random with covariance A sigma_a^2 from the stored pedigree (every germplasm with a record and all its ' +
      'ancestors); or, with relationship and variantSetDbId, G_w of the genotyped germplasm (genomic) or H of both (single-step). ' +
      'Variances given, or estimated by REML (AI or EM). Henderson\'s mixed-model equations with the relationship\'s inverse. ' +
      'More genotyped germplasm in the variant set than BRAPI_BREEDING_VALUES_MAX_GENOTYPED is a 400. ' +
      'A fit longer than the search wait answers 202 with a searchResultsDbId: GET /extensions/breeding-values/{searchResultsDbId}. ' +
      'A fit of more germplasm (with records, and their ancestors) than the server\'s limit (BRAPI_BREEDING_VALUES_MAX_GERMPLASM) is a 400.',
    parameters: [
      { name: 'format', in: 'query', description: 'json (default), or csv/tsv: one table (also by Accept).', schema: { type: 'string', enum: ['json', 'csv', 'tsv'] } },
      { name: 'table', in: 'query', description: 'The table of a csv/tsv answer: germplasm (default) or fixedEffects.', schema: { type: 'string', enum: [...TABLES] } },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: body } } },
    responses: { 200: answered, 202: { $ref: '#/components/responses/202AcceptedSearchResponse' }, ...errorResponses },
  },
};

export const breedingValueResultOperation: ExtensionOperation = {
  path: `${BREEDING_VALUES_PATH}/{searchResultsDbId}`,
  method: 'get',
  module: 'Phenotyping',
  operation: {
    tags: [EXTENSIONS_TAG],
    summary: 'Extension: the answer of a long breeding-value fit (POST answered 202 with this searchResultsDbId)',
    description:
      'Not part of BrAPI. 202 (the searchResultsDbId again) while the fit runs, then its answer as POST would have given ' +
      'it (JSON, or csv/tsv with table). 404 for an unknown or expired id, or one whose POST answered the fit itself.',
    parameters: [
      { name: 'searchResultsDbId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'format', in: 'query', description: 'json (default), or csv/tsv: one table (also by Accept).', schema: { type: 'string', enum: ['json', 'csv', 'tsv'] } },
      { name: 'table', in: 'query', description: 'The table of a csv/tsv answer: germplasm (default) or fixedEffects.', schema: { type: 'string', enum: [...TABLES] } },
      { $ref: '#/components/parameters/authorizationHeader' },
    ],
    responses: { 200: answered, 202: { $ref: '#/components/responses/202AcceptedSearchResponse' }, ...errorResponses },
  },
};

export const breedingValueOperations: ExtensionOperation[] = [breedingValueOperation, breedingValueResultOperation];

// The breeding-values request, from a POST body: the trait, which records, the model and how its variances are
// found. Every member is checked here (a 400 naming it); nothing reaches the model unchecked.
import { BadRequestError } from '../../../errors.js';
import { KINSHIP_METHODS, type KinshipMethod } from '../kinship/kinship.js';
import { NESTED_FACTORS, type NestedFactor } from './design.js';
import { REML_ALGORITHMS, type RemlAlgorithm } from './reml.js';

/** Largest mixed-model equations solved densely: exact PEVs and REML traces (about n^3 operations per solve). */
export const EXACT_LIMIT_DEFAULT = 1000;
export const EXACT_LIMIT_MAX = 2000;
export const REML_TOLERANCE_DEFAULT = 1e-8;
export const REML_MAX_ITERATIONS_DEFAULT = 500;
export const REML_MAX_ITERATIONS_MAX = 5000;
export const PROBES_DEFAULT = 20;

export const RECORD_FILTERS = ['studyDbIds', 'trialDbIds', 'programDbIds', 'seasonDbIds', 'observationLevels'] as const;
export type RecordFilter = (typeof RECORD_FILTERS)[number];

export type Variances =
  | { kind: 'given'; additive: number; residual: number }
  | { kind: 'heritability'; heritability: number }
  | { kind: 'reml' };

export interface BreedingValuesRequest {
  observationVariableDbId: string;
  filters: Record<RecordFilter, string[] | null>;
  fixedEffects: NestedFactor[];
  variances: Variances;
  method: KinshipMethod;
  remlAlgorithm: RemlAlgorithm;
  maxIterations: number;
  tolerance: number;
  exactLimit: number;
  probes: number;
}

export const REQUEST_MEMBERS = [
  'observationVariableDbId', ...RECORD_FILTERS, 'fixedEffects', 'heritability', 'additiveVariance', 'residualVariance',
  'method', 'remlAlgorithm', 'maxIterations', 'tolerance', 'exactLimit', 'probes',
];

const strings = (value: unknown, name: string): string[] | null => {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v === '')) throw new BadRequestError(`${name} must be a list of non-empty strings.`);
  if (!value.length) throw new BadRequestError(`${name} must name at least one value; leave it out for no restriction.`);
  return [...new Set(value as string[])];
};

const number = (value: unknown, name: string, check: (x: number) => boolean, what: string): number | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || !check(value)) throw new BadRequestError(`${name} must be ${what}; got ${JSON.stringify(value)}.`);
  return value;
};

const integer = (value: unknown, name: string, min: number, max: number, fallback: number): number =>
  number(value, name, (x) => Number.isInteger(x) && x >= min && x <= max, `a whole number from ${min} to ${max}`) ?? fallback;

export function breedingValuesRequest(body: Record<string, unknown>): BreedingValuesRequest {
  const variable = body.observationVariableDbId;
  if (typeof variable !== 'string' || variable === '') throw new BadRequestError('observationVariableDbId is required: the DbId of the trait\'s observation variable.');
  const filters = Object.fromEntries(RECORD_FILTERS.map((f) => [f, strings(body[f], f)])) as Record<RecordFilter, string[] | null>;
  const fixed = strings(body.fixedEffects, 'fixedEffects') ?? [];
  for (const f of fixed) {
    if (f === 'study') continue;
    if (!(NESTED_FACTORS as readonly string[]).includes(f)) throw new BadRequestError(`fixedEffects may hold ${['study', ...NESTED_FACTORS].join(', ')} (study is always fitted); got ${JSON.stringify(f)}.`);
  }
  const heritability = number(body.heritability, 'heritability', (x) => x > 0 && x < 1, 'a number between 0 and 1 (exclusive)');
  const additive = number(body.additiveVariance, 'additiveVariance', (x) => x > 0, 'a positive number');
  const residual = number(body.residualVariance, 'residualVariance', (x) => x > 0, 'a positive number');
  if ((additive === undefined) !== (residual === undefined)) throw new BadRequestError('additiveVariance and residualVariance go together: give both, or neither.');
  if (heritability !== undefined && additive !== undefined) throw new BadRequestError('Give heritability, or additiveVariance and residualVariance, not both.');
  const variances: Variances =
    additive !== undefined ? { kind: 'given', additive, residual: residual! } : heritability !== undefined ? { kind: 'heritability', heritability } : { kind: 'reml' };
  const method = body.method ?? 'pedigree';
  if (typeof method !== 'string' || !(KINSHIP_METHODS as readonly string[]).includes(method)) {
    throw new BadRequestError(`method must be one of ${KINSHIP_METHODS.join(', ')}; got ${JSON.stringify(body.method)}.`);
  }
  const remlAlgorithm = body.remlAlgorithm ?? REML_ALGORITHMS[0];
  if (typeof remlAlgorithm !== 'string' || !(REML_ALGORITHMS as readonly string[]).includes(remlAlgorithm)) {
    throw new BadRequestError(`remlAlgorithm must be one of ${REML_ALGORITHMS.join(', ')}; got ${JSON.stringify(body.remlAlgorithm)}.`);
  }
  return {
    observationVariableDbId: variable,
    filters,
    fixedEffects: NESTED_FACTORS.filter((f) => fixed.includes(f)),
    variances,
    method: method as KinshipMethod,
    remlAlgorithm: remlAlgorithm as RemlAlgorithm,
    maxIterations: integer(body.maxIterations, 'maxIterations', 1, REML_MAX_ITERATIONS_MAX, REML_MAX_ITERATIONS_DEFAULT),
    tolerance: number(body.tolerance, 'tolerance', (x) => x > 0 && x < 1, 'a number between 0 and 1 (exclusive)') ?? REML_TOLERANCE_DEFAULT,
    exactLimit: integer(body.exactLimit, 'exactLimit', 0, EXACT_LIMIT_MAX, EXACT_LIMIT_DEFAULT),
    probes: integer(body.probes, 'probes', 1, 200, PROBES_DEFAULT),
  };
}

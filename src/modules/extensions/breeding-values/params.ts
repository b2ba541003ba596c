// The breeding-values request, from a POST body: the trait, which records, the model and how its variances are
// found. Every member is checked from the operation's declaration (openapi.ts) before it gets here.
import type { KinshipMethod } from '../kinship/kinship.js';
import { NESTED_FACTORS, type NestedFactor } from './design.js';
import { REML_ALGORITHMS, type RemlAlgorithm } from './reml.js';
import type { Relationship } from './relationship-model.js';

/** Largest mixed-model equations factorised (exact PEVs and REML traces), where the factor fits ldl.ts's bounds;
 * beyond, PCG. The default leaves the choice to the factor's size alone. */
export const EXACT_LIMIT_MAX = 1_000_000;
export const EXACT_LIMIT_DEFAULT = EXACT_LIMIT_MAX;
export const REML_TOLERANCE_DEFAULT = 1e-8;
export const REML_MAX_ITERATIONS_DEFAULT = 500;
export const REML_MAX_ITERATIONS_MAX = 5000;
export const PROBES_DEFAULT = 20;
/** w of G_w = (1 - w) G + w A22 (Aguilar et al. 2010 used 0.05). */
export const BLEND_DEFAULT = 0.05;

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
  relationship: Relationship;
  /** The variant set of a genomic or single-step fit, else null. */
  variantSetDbId: string | null;
  blend: number;
}

const distinct = (value: unknown): string[] | null => (value === undefined ? null : [...new Set(value as string[])]);

/**
 * The typed request, with the defaults, from a body the operation's contract accepted (openapi.ts states every
 * member's type and bounds and the rules between the variances; the route checks it there first).
 */
export function breedingValuesRequest(body: Record<string, unknown>): BreedingValuesRequest {
  const fixed = (body.fixedEffects as string[] | undefined) ?? [];
  const [heritability, additive, residual] = [body.heritability, body.additiveVariance, body.residualVariance] as Array<number | undefined>;
  const variances: Variances =
    additive !== undefined ? { kind: 'given', additive, residual: residual! } : heritability !== undefined ? { kind: 'heritability', heritability } : { kind: 'reml' };
  return {
    observationVariableDbId: body.observationVariableDbId as string,
    filters: Object.fromEntries(RECORD_FILTERS.map((f) => [f, distinct(body[f])])) as Record<RecordFilter, string[] | null>,
    fixedEffects: NESTED_FACTORS.filter((f) => fixed.includes(f)),
    variances,
    method: (body.method ?? 'pedigree') as KinshipMethod,
    remlAlgorithm: (body.remlAlgorithm ?? REML_ALGORITHMS[0]) as RemlAlgorithm,
    maxIterations: (body.maxIterations as number | undefined) ?? REML_MAX_ITERATIONS_DEFAULT,
    tolerance: (body.tolerance as number | undefined) ?? REML_TOLERANCE_DEFAULT,
    exactLimit: (body.exactLimit as number | undefined) ?? EXACT_LIMIT_DEFAULT,
    probes: (body.probes as number | undefined) ?? PROBES_DEFAULT,
    relationship: (body.relationship ?? 'pedigree') as Relationship,
    variantSetDbId: (body.variantSetDbId as string | undefined) ?? null,
    blend: (body.blend as number | undefined) ?? BLEND_DEFAULT,
  };
}

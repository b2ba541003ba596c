// Pedigree BLUP of one trait: the animal model y = Xb + Za + e, a ~ N(0, A sigma_a^2), e ~ N(0, I sigma_e^2), from
// the records read and their pedigree. Pure computation, no database. The pedigree's A-inverse and inbreeding are
// the relationship extension's (one rule for SELF, CLONAL and POPULATION parents; clones share one animal row).
// Reliability: 1 - PEV / ((1 + F_i) sigma_a^2), the prediction error variance against the animal's own additive
// variance a_ii sigma_a^2 (a_ii = 1 + F_i; 2 under the "inbred" method; G_w,ii for a genotyped germplasm of a genomic
// or single-step fit: relationship-model.ts).
import { BadRequestError } from '../../../errors.js';
import type { PedigreeRecord } from '../kinship/kinship.js';
import { decompose } from '../relationship/inverse.js';
import type { UnusedParent } from '../relationship/origin.js';
import { buildDesign, type FixedLevel, type TraitRecord } from './design.js';
import type { GenomicInput } from './genomic.js';
import { assemble, factorable, PCG_TOLERANCE, pevFactors, residualSquares, solve, type Solution } from './mme.js';
import type { BreedingValuesRequest } from './params.js';
import { Phases } from './phases.js';
import { relationshipModel, type RelationshipInfo } from './relationship-model.js';
import { reml as fitReml, type RemlAlgorithm, type RemlResult } from './reml.js';

export interface GermplasmValue {
  germplasmDbId: string;
  germplasmName: string | null;
  breedingValue: number;
  predictionErrorVariance: number;
  reliability: number;
  inbreeding: number;
  ownRecords: number;
  progenyRecords: number;
  identicalTo: string | null;
}

export interface FixedEffect extends Omit<FixedLevel, 'column'> {
  estimate: number;
  reference: boolean;
}

export interface BreedingValues {
  recordCount: number;
  relationship: RelationshipInfo & {
    /** Records of germplasm outside the model (not genotyped, in a genomic fit), left out. */
    excludedRecordCount: number;
  };
  equations: number;
  variances: {
    source: 'given' | 'heritability' | 'reml';
    additive: number;
    residual: number;
    heritability: number;
    reml: Omit<RemlResult, 'solution' | 'additive' | 'residual' | 'pcgIterations'> & { algorithm: RemlAlgorithm; tolerance: number; probes: number | null } | null;
  };
  solver: { method: 'cholesky' | 'pcg'; tolerance: number | null; iterations: number; relativeResidual: number };
  pev: 'exact' | 'diagonal';
  fixedEffects: FixedEffect[];
  germplasm: GermplasmValue[];
  unusedParents: UnusedParent[];
}

/** Residual of each record around its study's mean: the starting variances of REML split it half and half. */
function startingVariance(records: TraitRecord[]): number {
  const sums = new Map<string, [number, number]>();
  for (const r of records) {
    const s = sums.get(r.studyDbId) ?? [0, 0];
    (s[0] += r.value), s[1]++;
    sums.set(r.studyDbId, s);
  }
  let ss = 0;
  for (const r of records) {
    const [sum, n] = sums.get(r.studyDbId)!;
    ss += (r.value - sum / n) ** 2;
  }
  const v = ss / Math.max(1, records.length - sums.size);
  return v > 0 ? v : 1;
}

/** `genomic`: the genotypes of a genomic or single-step fit (request.relationship), else null. */
export function fitBreedingValues(all: TraitRecord[], pedigree: PedigreeRecord[], request: BreedingValuesRequest, phases = new Phases(), genomic: GenomicInput | null = null): BreedingValues {
  const dec = phases.time('inverse', () => decompose(pedigree, request.method));
  const model = phases.time('inverse', () => relationshipModel(dec, request.relationship, request.blend, genomic));
  const modelled = new Set(model.germplasm.map((g) => g.germplasmDbId));
  const records = all.filter((r) => modelled.has(r.germplasmDbId));
  if (!records.length) {
    throw new BadRequestError(`None of the ${new Set(all.map((r) => r.germplasmDbId)).size} germplasm with records is genotyped in variant set ${request.variantSetDbId}: a genomic fit needs records of genotyped germplasm (relationship "single-step" also uses the others).`);
  }
  const design = buildDesign(records, model, request.fixedEffects);
  const eq = phases.time('build', () => assemble(design, model.inverse));
  // Factorised (exact PEVs and traces) up to exactLimit equations where the factor fits ldl.ts's bounds; else PCG.
  const exact = design.p + design.q <= request.exactLimit && phases.time('order', () => factorable(eq));
  const dof = records.length - design.p;
  const v = request.variances;
  if (v.kind !== 'given' && dof < 1) {
    throw new BadRequestError(`The ${records.length} records leave no degrees of freedom for the residual variance beside ${design.p} fixed-effect levels; give additiveVariance and residualVariance, or use more records.`);
  }
  // REML sees the data only through its N - p error contrasts (Patterson & Thompson 1971): one contrast's likelihood
  // depends on a single combination of the two variances, so every point of a line maximises it and any "estimate"
  // is the algorithm's path, not the data's.
  if (v.kind === 'reml' && dof < 2) {
    throw new BadRequestError(`The ${records.length} records leave 1 degree of freedom beside ${design.p} fixed-effect level(s): REML needs at least 2 to tell the additive variance from the residual; give additiveVariance and residualVariance (or heritability), or use more records.`);
  }

  let additive: number;
  let residual: number;
  let solution: Solution;
  let reml: BreedingValues['variances']['reml'] = null;
  const solving = performance.now();
  if (v.kind === 'given') {
    ({ additive, residual } = v);
    solution = solve(eq, residual / additive, exact);
  } else if (v.kind === 'heritability') {
    solution = solve(eq, (1 - v.heritability) / v.heritability, exact);
    // Henderson's estimate of sigma_e^2 at the given ratio; sigma_a^2 from the heritability.
    residual = residualSquares(eq, solution.x) / dof;
    additive = (residual * v.heritability) / (1 - v.heritability);
  } else {
    const start = startingVariance(records) / 2;
    const fit = fitReml(eq, { additive: start, residual: start }, { algorithm: request.remlAlgorithm, maxIterations: request.maxIterations, tolerance: request.tolerance, exact, probes: request.probes });
    ({ additive, residual, solution } = fit);
    reml = {
      algorithm: request.remlAlgorithm,
      iterations: fit.iterations,
      emSteps: fit.emSteps,
      converged: fit.converged,
      boundary: fit.boundary,
      change: fit.change,
      trace: fit.trace,
      tolerance: request.tolerance,
      probes: exact ? null : request.probes,
    };
  }
  phases.add(v.kind === 'reml' ? 'reml' : 'solve', performance.now() - solving);
  const rowsStarted = performance.now();
  const lambda = residual / additive;
  const pev = pevFactors(eq, lambda, solution.inverse);

  const own = new Map<string, number>();
  for (const r of records) own.set(r.germplasmDbId, (own.get(r.germplasmDbId) ?? 0) + 1);
  const progeny = new Map<string, number>();
  for (const g of pedigree) {
    const n = own.get(g.germplasmDbId) ?? 0;
    if (!n) continue;
    for (const parent of new Set(g.parents.map((x) => x.germplasmDbId))) if (parent !== g.germplasmDbId) progeny.set(parent, (progeny.get(parent) ?? 0) + n);
  }
  const germplasm = model.germplasm.map((g) => {
    const r = g.row - 1;
    const predictionErrorVariance = pev[r] * residual;
    return {
      germplasmDbId: g.germplasmDbId,
      germplasmName: g.germplasmName,
      breedingValue: solution.x[design.p + r],
      predictionErrorVariance,
      reliability: 1 - predictionErrorVariance / (model.diagonal[r] * additive),
      inbreeding: g.inbreeding,
      ownRecords: own.get(g.germplasmDbId) ?? 0,
      progenyRecords: progeny.get(g.germplasmDbId) ?? 0,
      identicalTo: g.identicalTo,
    };
  });
  const fixedEffects = design.levels.map(({ column, ...level }) => ({ ...level, estimate: column < 0 ? 0 : solution.x[column], reference: column < 0 }));
  phases.add('rows', performance.now() - rowsStarted);
  return {
    recordCount: records.length,
    relationship: { ...model.info, excludedRecordCount: all.length - records.length },
    equations: design.p + design.q,
    variances: { source: v.kind, additive, residual, heritability: additive / (additive + residual), reml },
    solver: { method: solution.solver, tolerance: solution.solver === 'pcg' ? PCG_TOLERANCE : null, iterations: solution.iterations, relativeResidual: solution.relativeResidual },
    pev: solution.inverse ? 'exact' : 'diagonal',
    fixedEffects,
    germplasm,
    unusedParents: dec.unusedParents,
  };
}

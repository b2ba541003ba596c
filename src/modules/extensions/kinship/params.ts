// The kinship request, from a POST body ({ germplasmDbIds, method }) or a GET query string (repeated germplasmDbId,
// method), and which matrix a delimited answer holds.
import { BadRequestError } from '../../../errors.js';
import { KINSHIP_METHODS, type KinshipMethod } from './kinship.js';

/** Most germplasm one request may name: the answer holds two n x n matrices (500: 250,000 cells each). */
export const MAX_KINSHIP_GERMPLASM = 500;

export const MATRICES = ['coancestry', 'relationship'] as const;
export type Matrix = (typeof MATRICES)[number];

export interface KinshipRequest {
  /** Distinct, in request order. */
  ids: string[];
  method: KinshipMethod;
  /** How many DbIds were named more than once (dropped). */
  duplicates: number;
}

/** Validates the germplasm list and method (400 naming the member or parameter). */
export function kinshipRequest(rawIds: unknown, rawMethod: unknown, names: { ids: string; method: string }): KinshipRequest {
  if (!Array.isArray(rawIds) || rawIds.some((id) => typeof id !== 'string' || id === '')) {
    throw new BadRequestError(`${names.ids} must be a list of germplasmDbIds (non-empty strings).`);
  }
  const ids = [...new Set(rawIds as string[])];
  if (ids.length === 0) throw new BadRequestError(`${names.ids} must name at least one germplasmDbId.`);
  if (ids.length > MAX_KINSHIP_GERMPLASM) {
    throw new BadRequestError(`${names.ids} names ${ids.length} germplasm; at most ${MAX_KINSHIP_GERMPLASM} per request.`);
  }
  const method = rawMethod ?? 'pedigree';
  if (typeof method !== 'string' || !(KINSHIP_METHODS as readonly string[]).includes(method)) {
    throw new BadRequestError(`${names.method} must be one of ${KINSHIP_METHODS.join(', ')}; got ${JSON.stringify(rawMethod)}.`);
  }
  return { ids, method: method as KinshipMethod, duplicates: rawIds.length - ids.length };
}

/** Which matrix a CSV/TSV answer holds: the coancestry f (default) or the additive relationship A = 2f. */
export function matrixOf(raw: unknown): Matrix {
  if (raw === undefined) return 'coancestry';
  if (typeof raw !== 'string' || !(MATRICES as readonly string[]).includes(raw)) throw new BadRequestError(`matrix must be one of ${MATRICES.join(', ')}.`);
  return raw as Matrix;
}

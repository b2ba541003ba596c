// The kinship request, from a POST body ({ germplasmDbIds, method }) or a GET query string (repeated germplasmDbId,
// method), as the operation's contract accepted it (openapi.ts: at least one DbId, at most MAX_KINSHIP_GERMPLASM, a
// known method), and which matrix a delimited answer holds.
import type { KinshipMethod } from './kinship.js';

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

/** The request: repeated DbIds counted once (in request order), the method by default "pedigree". */
export function kinshipRequest(rawIds: string[], method: string | undefined): KinshipRequest {
  const ids = [...new Set(rawIds)];
  return { ids, method: (method ?? 'pedigree') as KinshipMethod, duplicates: rawIds.length - ids.length };
}

// The request of the relationship extension, from a POST body ({ germplasmDbIds, method }) or a GET query string
// (repeated germplasmDbId, method), as the operation's contract accepted it (openapi.ts): no germplasm means the
// whole database.
import type { KinshipMethod } from '../kinship/kinship.js';

export interface RelationshipRequest {
  /** Distinct, in request order; null for the whole pedigree. */
  ids: string[] | null;
  method: KinshipMethod;
  /** How many DbIds were named more than once (dropped). */
  duplicates: number;
}

export const INVERSE_TABLES = ['triplets', 'germplasm'] as const;
export type InverseTable = (typeof INVERSE_TABLES)[number];

/** The request: repeated DbIds counted once (in request order), none meaning the whole pedigree; "pedigree" by default. */
export function relationshipRequest(rawIds: string[] | undefined, method: string | undefined): RelationshipRequest {
  const ids = rawIds ? [...new Set(rawIds)] : null;
  return { ids, method: (method ?? 'pedigree') as KinshipMethod, duplicates: rawIds && ids ? rawIds.length - ids.length : 0 };
}

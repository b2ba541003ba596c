// The request of the relationship extension, from a POST body ({ germplasmDbIds, method }) or a GET query string
// (repeated germplasmDbId, method): no germplasm means the whole database.
import { BadRequestError } from '../../../errors.js';
import { KINSHIP_METHODS, type KinshipMethod } from '../kinship/kinship.js';

export interface RelationshipRequest {
  /** Distinct, in request order; null for the whole pedigree. */
  ids: string[] | null;
  method: KinshipMethod;
  /** How many DbIds were named more than once (dropped). */
  duplicates: number;
}

export const INVERSE_TABLES = ['triplets', 'germplasm'] as const;
export type InverseTable = (typeof INVERSE_TABLES)[number];

/** Validates the germplasm list (absent: everything) and the method (400 naming the member or parameter). */
export function relationshipRequest(rawIds: unknown, rawMethod: unknown, names: { ids: string; method: string }): RelationshipRequest {
  let ids: string[] | null = null;
  let duplicates = 0;
  if (rawIds !== undefined && rawIds !== null) {
    if (!Array.isArray(rawIds) || rawIds.some((id) => typeof id !== 'string' || id === '')) {
      throw new BadRequestError(`${names.ids} must be a list of germplasmDbIds (non-empty strings); leave it out for the whole pedigree.`);
    }
    if (rawIds.length === 0) throw new BadRequestError(`${names.ids} must name at least one germplasmDbId; leave it out for the whole pedigree.`);
    ids = [...new Set(rawIds as string[])];
    duplicates = rawIds.length - ids.length;
  }
  const method = rawMethod ?? 'pedigree';
  if (typeof method !== 'string' || !(KINSHIP_METHODS as readonly string[]).includes(method)) {
    throw new BadRequestError(`${names.method} must be one of ${KINSHIP_METHODS.join(', ')}; got ${JSON.stringify(rawMethod)}.`);
  }
  return { ids, method: method as KinshipMethod, duplicates };
}

/** Which table a delimited A-inverse answer holds: the triplets (default) or the germplasm order. */
export function inverseTableOf(raw: unknown): InverseTable {
  if (raw === undefined) return 'triplets';
  if (typeof raw !== 'string' || !(INVERSE_TABLES as readonly string[]).includes(raw)) throw new BadRequestError(`table must be one of ${INVERSE_TABLES.join(', ')}.`);
  return raw as InverseTable;
}

// The reads of a genomic or single-step fit: the genotyped germplasm of the variant set (counted against the bound
// before any call is read) and their allele counts, as the marker check reads them (pedigree-check/genotypes.ts).
import { BadRequestError } from '../../../errors.js';
import type { Graph } from '../../../graph/port.js';
import { alleleFrequencies } from '../pedigree-check/grm.js';
import { dosages, genotypedSet, readGenotypes } from '../pedigree-check/genotypes.js';
import type { GenomicInput } from './genomic.js';

/**
 * The genotypes of every germplasm genotyped in `variantSetDbId` (404 unknown set; 400 none, or more than `max`: the
 * dense G_w, A22 and their inverses hold 4 n^2 numbers and take about n^3 operations).
 */
export async function readGenomicInput(graph: Graph, variantSetDbId: string, max: number): Promise<GenomicInput> {
  const { scope, records } = await genotypedSet(graph, variantSetDbId);
  if (!records.length) throw new BadRequestError(`Variant set ${variantSetDbId} has no call set of a germplasm: nothing to build G from.`);
  if (records.length > max) {
    throw new BadRequestError(`Too many genotyped germplasm for a genomic fit: variant set ${variantSetDbId} has ${records.length}, more than this server fits densely (${max}, BRAPI_BREEDING_VALUES_MAX_GENOTYPED).`);
  }
  const counts = (await readGenotypes(graph, scope, records.map((r) => r.column))).map(dosages);
  return { variantSetDbId, germplasmDbIds: records.map((r) => r.germplasmDbId), dosages: counts, frequencies: alleleFrequencies(counts) };
}

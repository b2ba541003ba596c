// PUT /calls: changes calls in place, all in one transaction or none. A call names its variant and call set and gives
// its genotype as GT text (genotypeValue, with / or |; "." missing). Its variant's row is rewritten whole (codec.ts);
// a call of higher ploidy than its row is refused.
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { ABSENT, parseGenotype, signed, unsigned } from './codec.js';

export interface CallUpdate {
  variantDbId: string;
  callSetDbId: string;
  genotypeValue: string;
}

/** The calls of a PUT body (a list of Call records), checked for the members a change needs. */
export function callUpdates(body: unknown): CallUpdate[] {
  if (!Array.isArray(body)) throw new BadRequestError('The body must be a list of Call records.');
  return body.map((c, i) => {
    const call = (c ?? {}) as Record<string, unknown>;
    for (const key of ['variantDbId', 'callSetDbId', 'genotypeValue']) {
      if (typeof call[key] !== 'string' || !call[key]) throw new BadRequestError(`body[${i}].${key} is required (a string).`);
    }
    return { variantDbId: call.variantDbId as string, callSetDbId: call.callSetDbId as string, genotypeValue: call.genotypeValue as string };
  });
}

export async function updateCalls(graph: Graph, updates: CallUpdate[]): Promise<void> {
  await graph.transaction(async (tx) => {
    const found = await tx.run<{ variantDbId: string; callSetDbId: string; variantFound: boolean; column: number | null; calls: Int8Array | null; ploidy: number; alleles: number }>(
      cypher('genotyping/rows-of-calls'), { calls: updates.map(({ variantDbId, callSetDbId }) => ({ variantDbId, callSetDbId })) });
    const rows = new Map<string, Uint8Array>();
    found.forEach((f, i) => {
      if (!f.variantFound) throw new NotFoundError(`No Variant has variantDbId "${f.variantDbId}".`);
      if (f.column === null || !f.calls) throw new BadRequestError(`body[${i}]: call set "${f.callSetDbId}" has no calls for variant "${f.variantDbId}".`);
      const row = rows.get(f.variantDbId) ?? Uint8Array.from(unsigned(f.calls));
      rows.set(f.variantDbId, row);
      let alleles: number[];
      try {
        alleles = parseGenotype(updates[i].genotypeValue, f.alleles);
      } catch (err) {
        throw new BadRequestError(`body[${i}].genotypeValue: ${(err as Error).message}`);
      }
      if (alleles.length > f.ploidy) throw new BadRequestError(`body[${i}].genotypeValue has ${alleles.length} alleles; calls of this variant have at most ${f.ploidy}.`);
      for (let k = 0; k < f.ploidy; k++) row[f.column * f.ploidy + k] = k < alleles.length ? alleles[k] : ABSENT;
    });
    await tx.run(cypher('genotyping/write-rows'), { rows: [...rows].map(([variantDbId, calls]) => ({ variantDbId, calls: signed(calls) })) });
  });
}

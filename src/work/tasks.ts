// The pure functions a worker thread may run, by name (pool.ts runs them; entry.ts is the worker's side). Each takes
// and returns structured-clonable values; a task is CPU-bound work moved off the service's one event loop.
import { fitBreedingValues } from '../modules/extensions/breeding-values/fit.js';
import type { TraitRecord } from '../modules/extensions/breeding-values/design.js';
import type { GenomicInput } from '../modules/extensions/breeding-values/genomic.js';
import type { BreedingValuesRequest } from '../modules/extensions/breeding-values/params.js';
import { Phases } from '../modules/extensions/breeding-values/phases.js';
import type { PedigreeRecord } from '../modules/extensions/kinship/kinship.js';

export const tasks = {
  /** A breeding-value fit, with the milliseconds of its phases (the caller's Server-Timing header). */
  breedingValues(records: TraitRecord[], pedigree: PedigreeRecord[], request: BreedingValuesRequest, genomic: GenomicInput | null = null) {
    const phases = new Phases();
    const fit = fitBreedingValues(records, pedigree, request, phases, genomic);
    return { fit, ms: phases.ms };
  },
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

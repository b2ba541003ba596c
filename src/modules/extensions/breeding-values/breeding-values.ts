// The breeding-values call's work between the route and the model: read the variable, its records and their
// pedigree; keep the records whose value is a number; fit (fit.ts) in a worker thread (src/work/pool.ts), so that a
// fit of minutes leaves the service free to answer other requests meanwhile.
import { BadRequestError, NotFoundError } from '../../../errors.js';
import type { Config } from '../../../config.js';
import type { Graph } from '../../../graph/port.js';
import { NUMBER } from '../../phenotyping/observations/checks.js';
import type { TraitRecord } from './design.js';
import { WorkerPool } from '../../../work/pool.js';
import type { BreedingValues } from './fit.js';
import type { GenomicInput } from './genomic.js';
import { readGenomicInput } from './genomic-input.js';
import type { BreedingValuesRequest } from './params.js';
import { Phases } from './phases.js';
import { readPedigreeOf, readRecords, readVariable } from './query.js';

export interface BreedingValuesAnswer {
  observationVariableDbId: string;
  observationVariableName: string | null;
  /** Observations of the variable that matched the filters but hold no number (left out). */
  skipped: number;
  /** Null when no record matched. */
  fit: BreedingValues | null;
}

/**
 * A fit's memory grows with its germplasm and records (the 100k synthetic pedigree's 90,283 germplasm with 100,000
 * records: 440 MB resident with variances given, REML's 20 probes add about 100 MB): past the limit the request is
 * refused rather than risk the process (the whole service) running out of memory.
 */
function tooLarge(what: string, max: number) {
  return new BadRequestError(`Too large a fit: ${what}, more than this server fits in one request (${max}, BRAPI_BREEDING_VALUES_MAX_GERMPLASM); narrow the records with studyDbIds, trialDbIds, programDbIds, seasonDbIds or observationLevels.`);
}

/** Fits waiting for a worker beyond those running (each holds its records meanwhile); more are a 503. */
const FITS_WAITING_MAX = 16;
const pools = new WeakMap<Config, WorkerPool>();

function fitting(config: Config): WorkerPool {
  let pool = pools.get(config);
  if (!pool) pools.set(config, (pool = new WorkerPool(config.breedingValuesWorkers, FITS_WAITING_MAX, 'breeding-value fits')));
  return pool;
}

/** The fit of `request`, of at most BRAPI_BREEDING_VALUES_MAX_GERMPLASM germplasm (a 400 beyond); `phases` collects where its time went. */
export async function computeBreedingValues(graph: Graph, config: Config, request: BreedingValuesRequest, phases = new Phases()): Promise<BreedingValuesAnswer> {
  const maxGermplasm = config.breedingValuesMaxGermplasm;
  const variable = await readVariable(graph, request.observationVariableDbId);
  if (!variable) throw new NotFoundError(`No observation variable has observationVariableDbId ${JSON.stringify(request.observationVariableDbId)}.`);
  const raw = await phases.timeAsync('records', () => readRecords(graph, request.observationVariableDbId, request.filters));
  const records: TraitRecord[] = [];
  for (const r of raw) {
    const text = typeof r.value === 'number' ? String(r.value) : typeof r.value === 'string' ? r.value.trim() : '';
    if (NUMBER.test(text)) records.push({ ...r, value: Number(text) });
  }
  const answer = { ...variable, skipped: raw.length - records.length };
  if (!records.length) return { ...answer, fit: null };
  const withRecords = [...new Set(records.map((r) => r.germplasmDbId))];
  if (withRecords.length > maxGermplasm) throw tooLarge(`${withRecords.length} germplasm have records`, maxGermplasm);
  let genomic: GenomicInput | null = null;
  if (request.relationship !== 'pedigree') {
    genomic = await phases.timeAsync('genotypes', () => readGenomicInput(graph, request.variantSetDbId!, config.breedingValuesMaxGenotyped));
  }
  // A genomic fit models the genotyped germplasm; single-step those with records or genotypes; each with its ancestors.
  const modelled = request.relationship === 'genomic' ? genomic!.germplasmDbIds
    : request.relationship === 'single-step' ? [...new Set([...withRecords, ...genomic!.germplasmDbIds])] : withRecords;
  const pedigree = await phases.timeAsync('pedigree', () => readPedigreeOf(graph, modelled));
  if (pedigree.length > maxGermplasm) throw tooLarge(`the ${modelled.length} germplasm ${request.relationship === 'pedigree' ? 'with records' : 'modelled'} and their ancestors are ${pedigree.length}`, maxGermplasm);
  const started = performance.now();
  const { fit, ms } = await fitting(config).run('breedingValues', records, pedigree, request, genomic);
  let own = 0;
  for (const [name, t] of Object.entries(ms)) (phases.add(name, t), (own += t));
  // Waiting for a free worker and copying the records in and the answer out.
  phases.add('worker', performance.now() - started - own);
  return { ...answer, fit };
}

// The breeding-values call's work between the route and the model: read the variable, its records and their
// pedigree; keep the records whose value is a number; fit (fit.ts).
import { NotFoundError } from '../../../errors.js';
import type { Graph } from '../../../graph/port.js';
import { NUMBER } from '../../phenotyping/observations/checks.js';
import type { TraitRecord } from './design.js';
import { fitBreedingValues, type BreedingValues } from './fit.js';
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

/** The fit of `request`; `phases` collects where its time went. */
export async function computeBreedingValues(graph: Graph, request: BreedingValuesRequest, phases = new Phases()): Promise<BreedingValuesAnswer> {
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
  const pedigree = await phases.timeAsync('pedigree', () => readPedigreeOf(graph, [...new Set(records.map((r) => r.germplasmDbId))]));
  return { ...answer, fit: fitBreedingValues(records, pedigree, request, phases) };
}

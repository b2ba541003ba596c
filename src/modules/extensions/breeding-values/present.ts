// The breeding-values answer: JSON in the BrAPI envelope (the fit's figures and one row per germplasm), or one of
// its two tables as CSV/TSV (table=germplasm, the default, or table=fixedEffects).
import { respondDelimited, type TableFormat } from '../../../http/formats.js';
import { respondOne } from '../../../http/envelope.js';
import type { BrapiContext } from '../../../http/types.js';
import type { BreedingValuesAnswer } from './breeding-values.js';

export const TABLES = ['germplasm', 'fixedEffects'] as const;
export type Table = (typeof TABLES)[number];

export const GERMPLASM_COLUMNS = [
  'germplasmDbId', 'germplasmName', 'breedingValue', 'predictionErrorVariance', 'reliability', 'inbreeding', 'ownRecords', 'progenyRecords', 'identicalTo',
] as const;
export const FIXED_COLUMNS = ['factor', 'studyDbId', 'studyName', 'rep', 'block', 'estimate', 'reference', 'recordCount'] as const;

const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function presentBreedingValues(ctx: BrapiContext, format: TableFormat, table: Table, answer: BreedingValuesAnswer): void {
  const fit = answer.fit;
  if (format !== 'application/json') {
    const rows = table === 'germplasm'
      ? [[...GERMPLASM_COLUMNS], ...(fit?.germplasm ?? []).map((g) => GERMPLASM_COLUMNS.map((c) => cell(g[c])))]
      : [[...FIXED_COLUMNS], ...(fit?.fixedEffects ?? []).map((f) => FIXED_COLUMNS.map((c) => cell(f[c])))];
    respondDelimited(ctx, format, rows);
    return;
  }
  respondOne(ctx, {
    observationVariableDbId: answer.observationVariableDbId,
    observationVariableName: answer.observationVariableName,
    recordCount: fit?.recordCount ?? 0,
    skippedRecordCount: answer.skipped,
    relationship: fit?.relationship ?? null,
    germplasmCount: fit?.germplasm.length ?? 0,
    equations: fit?.equations ?? 0,
    variances: fit?.variances ?? null,
    solver: fit?.solver ?? null,
    predictionErrorVariance: fit?.pev ?? null,
    fixedEffects: fit?.fixedEffects ?? [],
    data: (fit?.germplasm ?? []).map((g) => Object.fromEntries(GERMPLASM_COLUMNS.map((c) => [c, g[c]]))),
  });
}

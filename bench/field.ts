// Field data at field scale, through the service on a fresh database: a study of `units` plots with `variables`
// numerical variables is filled by POST /observations of `perPost` observations in one request (as a field app
// syncing a day's work), then read back by GET /observations?studyDbId= page by page and as its observation unit
// table (GET /observationunits/table), and as the observation table (GET /observations/table). Extra POSTs of the
// same size go to a second study, so the POST figure has several runs without changing the study that is read.
// Everything is generated here, deterministically (no randomness: plot i has entry i % ENTRIES, value from i and v).
import type { RunningServer } from '../src/server.js';
import { BENCH_TOKEN } from './db.js';
import { summarize, timed, type Summary } from './stats.js';

export const FIELD_TARGETS = { postMs: 5000, pageMs: 300 };

export interface FieldSize {
  /** Observations in the study that is read (units x variables). */
  observations: number;
  /** Observations in one POST. */
  perPost: number;
  /** Page size of the reads. */
  pageSize: number;
}

export const FIELD_FULL: FieldSize = { observations: 10_000, perPost: 5_000, pageSize: 1_000 };
export const FIELD_QUICK: FieldSize = { observations: 1_000, perPost: 500, pageSize: 100 };

const VARIABLES = 5;
const ENTRIES = 100;

export interface FieldResult extends FieldSize {
  units: number;
  variables: number;
  /** POST /observations of perPost observations in one request, each run. */
  post: Summary;
  /** GET /observations?studyDbId=&page= over every page, every round. */
  observationPages: Summary & { pages: number };
  /** GET /observationunits/table?studyDbId=&page= (a row per unit, a column per variable), every page, every round. */
  unitTablePages: Summary & { pages: number };
  /** GET /observations/table?studyDbId= (one row per unit and time, the whole study in one answer), every round. */
  observationTable: Summary & { rows: number };
}

async function call(running: RunningServer, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${running.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const created = async (running: RunningServer, path: string, records: object[], idField: string): Promise<string[]> =>
  ((await call(running, 'POST', path, records)).result.data as Array<Record<string, string>>).map((r) => r[idField]);

/** Plots of a study in a grid of 50 columns, two replicates (blocks) of the entries, in batches of 1000. */
async function plots(running: RunningServer, studyDbId: string, count: number, entries: string[], prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k;
      const block = String(1 + Math.floor(i / Math.max(1, Math.ceil(count / 2))));
      return {
        observationUnitName: `${prefix} plot ${i + 1}`,
        studyDbId,
        germplasmDbId: entries[i % entries.length],
        observationUnitPosition: {
          positionCoordinateX: String(1 + (i % 50)), positionCoordinateXType: 'GRID_COL',
          positionCoordinateY: String(1 + Math.floor(i / 50)), positionCoordinateYType: 'GRID_ROW',
          entryType: 'TEST',
          observationLevel: { levelName: 'plot', levelOrder: 2, levelCode: String(i + 1) },
          observationLevelRelationships: [{ levelName: 'block', levelOrder: 1, levelCode: block }],
        },
      };
    });
    ids.push(...(await created(running, '/observationunits', batch, 'observationUnitDbId')));
  }
  return ids;
}

/** One value per unit and variable, taken on `day` (2024-07-01 + day), for units [from, to). */
function observations(units: string[], variables: string[], from: number, to: number, day: number): object[] {
  const date = new Date(Date.UTC(2024, 6, 1 + day, 9)).toISOString();
  return units.slice(from, to).flatMap((unit, k) => variables.map((variable, v) => ({
    observationUnitDbId: unit,
    observationVariableDbId: variable,
    observationTimeStamp: date,
    value: String(20 + ((from + k) * 37 + v * 11) % 80),
    collector: 'bench',
  })));
}

export async function measureField(running: RunningServer, size: FieldSize, reps: number, log: (s: string) => void): Promise<FieldResult> {
  const units = size.observations / VARIABLES;
  const unitsPerPost = size.perPost / VARIABLES;
  if (!Number.isInteger(units) || !Number.isInteger(unitsPerPost) || units % unitsPerPost) throw new Error('field sizes must divide evenly');
  log(`field: a study of ${units} plots x ${VARIABLES} variables, POSTs of ${size.perPost} observations`);
  const [program] = await created(running, '/programs', [{ programName: 'Bench field program', commonCropName: 'Soybean' }], 'programDbId');
  const [trial] = await created(running, '/trials', [{ trialName: 'Bench field trial', programDbId: program }], 'trialDbId');
  const [study, spare] = await created(running, '/studies', [
    { studyName: 'Bench field study', trialDbId: trial }, { studyName: 'Bench field study (more POSTs)', trialDbId: trial },
  ], 'studyDbId');
  const entries = await created(running, '/germplasm', Array.from({ length: ENTRIES }, (_, i) => ({
    germplasmName: `Bench entry ${i + 1}`, commonCropName: 'Soybean', genus: 'Glycine', species: 'max',
  })), 'germplasmDbId');
  const variables = await created(running, '/variables', Array.from({ length: VARIABLES }, (_, v) => ({
    observationVariableName: `Bench trait ${v + 1}`,
    trait: { traitName: `Bench trait ${v + 1}` },
    method: { methodName: `Bench method ${v + 1}` },
    scale: { scaleName: `Bench scale ${v + 1}`, dataType: 'Numerical' },
  })), 'observationVariableDbId');
  const studyUnits = await plots(running, study, units, entries, 'Study');
  const spareUnits = await plots(running, spare, unitsPerPost, entries, 'Spare');

  // The read study is filled by the first POSTs; the further runs go to the spare study, a day apart each.
  const postMs: number[] = [];
  const runs = Math.max(units / unitsPerPost, Math.min(reps, 6));
  for (let run = 0; run < runs; run++) {
    const fill = run * unitsPerPost < units;
    const body = fill
      ? observations(studyUnits, variables, run * unitsPerPost, (run + 1) * unitsPerPost, 0)
      : observations(spareUnits, variables, 0, unitsPerPost, run);
    const { ms, value } = await timed(() => call(running, 'POST', '/observations', body));
    if (value.result.data.length !== size.perPost) throw new Error(`POST /observations answered ${value.result.data.length} of ${size.perPost}`);
    postMs.push(ms);
    log(`  POST /observations of ${size.perPost}: ${Math.round(ms)} ms${fill ? '' : ' (spare study)'}`);
  }

  // Every page once as a warm-up that checks the pages hold each observation once, then `reps` timed rounds.
  const pages = Math.ceil(size.observations / size.pageSize);
  const unitPages = Math.ceil(units / size.pageSize);
  const obsPage = (page: number) => `/observations?studyDbId=${study}&pageSize=${size.pageSize}&page=${page}`;
  const unitPage = (page: number) => `/observationunits/table?studyDbId=${study}&pageSize=${size.pageSize}&page=${page}`;
  const table = `/observations/table?studyDbId=${study}&pageSize=${units}`;
  const seen = new Set<string>();
  for (let page = 0; page < pages; page++) {
    const body = await call(running, 'GET', obsPage(page));
    if (body.metadata.pagination.totalCount !== size.observations) throw new Error(`the study holds ${body.metadata.pagination.totalCount} observations`);
    for (const o of body.result.data as Array<{ observationDbId: string }>) seen.add(o.observationDbId);
  }
  if (seen.size !== size.observations) throw new Error(`the pages of GET /observations hold ${seen.size} distinct observations`);
  const unitRows = (await call(running, 'GET', unitPage(0))).result.data.length as number;
  if (unitRows !== Math.min(units, size.pageSize)) throw new Error(`the unit table's first page has ${unitRows} rows`);
  const tableRows = (await call(running, 'GET', table)).result.data.length as number;
  if (tableRows !== units) throw new Error(`the observation table has ${tableRows} rows, not one per plot`);

  const obsMs: number[] = [];
  const unitMs: number[] = [];
  const tableMs: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    for (let page = 0; page < pages; page++) obsMs.push((await timed(() => call(running, 'GET', obsPage(page)))).ms);
    for (let page = 0; page < unitPages; page++) unitMs.push((await timed(() => call(running, 'GET', unitPage(page)))).ms);
    tableMs.push((await timed(() => call(running, 'GET', table))).ms);
  }
  const result: FieldResult = {
    ...size,
    units,
    variables: VARIABLES,
    post: summarize(postMs),
    observationPages: { ...summarize(obsMs), pages },
    unitTablePages: { ...summarize(unitMs), pages: unitPages },
    observationTable: { ...summarize(tableMs), rows: tableRows },
  };
  log(`  GET /observations, ${pages} pages of ${size.pageSize}: p50 ${result.observationPages.p50} ms, p95 ${result.observationPages.p95} ms, max ${result.observationPages.max} ms`);
  log(`  GET /observationunits/table, ${unitPages} pages of ${size.pageSize}: p50 ${result.unitTablePages.p50} ms, p95 ${result.unitTablePages.p95} ms`);
  log(`  GET /observations/table (${tableRows} rows): p50 ${result.observationTable.p50} ms, p95 ${result.observationTable.p95} ms`);
  return result;
}

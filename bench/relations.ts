// Relationship filters on the demo data: GET /germplasm?programDbId= (trialDbId, studyDbId) and POST /search/germplasm
// with the plural members, each against the same call with an id filter (germplasmDbId), all through the service and
// interleaved in one run. Beside them, the raw statement the list route builds and the per-candidate form it replaced
// (the pattern checked from every germplasm), on the service's connection, so new vs old is a ratio of this run too.
import { listQuery } from '../src/entities/cypher.js';
import { compileWhere, type CompiledFilter } from '../src/entities/filters.js';
import type { FilterSpec } from '../src/entities/types.js';
import { germplasmEntity } from '../src/modules/germplasm/germplasm/germplasm.entity.js';
import type { RunningServer } from '../src/server.js';
import { ratio, summarize, timed, type Summary } from './stats.js';

const PAGE_SIZE = 1000;
export const RELATION_TARGET_MS = 20;

export interface RelationResult {
  call: string;
  /** The filter and value, e.g. programDbId=program-soybean-main. */
  filter: string;
  matching: number;
  service: Summary;
  /** service p50 / the same call's id-filter p50. */
  overIdFilter: number;
  /** GET only: the route's statement and the per-candidate form it replaced, raw on the same connection. */
  raw?: Summary;
  perCandidate?: Summary;
  perCandidateOverRaw?: number;
}

type Call = { call: 'GET /germplasm' | 'POST /search/germplasm'; name: string; value: string; baseline: boolean };

/** For each relationship filter, the related node whose filter matches the most germplasm (ties: the least DbId). */
async function probes(running: RunningServer): Promise<Record<string, string>> {
  const out: Record<string, string> = { germplasmDbId: 'soy-williams-82' };
  for (const [name, label] of [['programDbId', 'Program'], ['trialDbId', 'Trial'], ['studyDbId', 'Study']]) {
    let best = { id: '', total: 0 };
    for (const { id } of await running.graph.read<{ id: string }>(`MATCH (a:${label}) RETURN a.${name} AS id ORDER BY id`, {})) {
      const q = rawStatement(compileWhere(germplasmEntity, { [name]: id }));
      const [{ total }] = await running.graph.read<{ total: number }>(q.text, q.params);
      if (total > best.total) best = { id, total };
    }
    if (!best.total) throw new Error(`no ${label} of the demo data has germplasm`);
    out[name] = best.id;
  }
  return out;
}

/** The where clause of a relationship filter as it was before anchoring: the paths walked from every candidate. */
function perCandidateFilter(name: string, value: string): CompiledFilter {
  const spec = germplasmEntity.filters[name] as Extract<FilterSpec, { kind: 'related' }>;
  const paths = Array.isArray(spec.path) ? spec.path : [spec.path];
  const reached = paths.map((p) => `[(n)${p}(r:${spec.label}) | r.${spec.prop}]`).join(' + ');
  return { anchors: [], where: `ANY(v IN ${reached} WHERE v IN $f0)`, params: { f0: [value] }, ignored: [] };
}

const rawStatement = (filter: CompiledFilter) => ({ text: listQuery(germplasmEntity, filter), params: { ...filter.params, skip: 0, end: PAGE_SIZE } });

/** The call; for a search, the POST (which runs the filter and saves the DbIds) and, unless timed, its first page. */
async function serviceCall(running: RunningServer, c: Call, timedPostOnly = false): Promise<number> {
  if (c.call === 'GET /germplasm') {
    const query = new URLSearchParams({ [c.name]: c.value, pageSize: String(PAGE_SIZE) });
    const res = await fetch(`${running.baseUrl}/germplasm?${query}`, { headers: { accept: 'application/json' } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET /germplasm?${query} answered ${res.status}: ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { metadata: { pagination: { totalCount: number } } }).metadata.pagination.totalCount;
  }
  const body = JSON.stringify({ [`${c.name}s`]: [c.value], pageSize: PAGE_SIZE });
  const res = await fetch(`${running.baseUrl}/search/germplasm`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 202) throw new Error(`POST /search/germplasm ${body} answered ${res.status}: ${text.slice(0, 300)}`);
  const { result } = JSON.parse(text) as { result: { searchResultsDbId?: string } };
  if (!result.searchResultsDbId) throw new Error(`POST /search/germplasm ${body} answered no searchResultsDbId`);
  if (timedPostOnly) return -1;
  const page = await fetch(`${running.baseUrl}/search/germplasm/${result.searchResultsDbId}?pageSize=${PAGE_SIZE}`, { headers: { accept: 'application/json' } });
  const pageText = await page.text();
  if (page.status !== 200) throw new Error(`GET /search/germplasm/${result.searchResultsDbId} answered ${page.status}: ${pageText.slice(0, 300)}`);
  return (JSON.parse(pageText) as { metadata: { pagination: { totalCount: number } } }).metadata.pagination.totalCount;
}

/**
 * A warm-up that checks the service, the route's statement and the per-candidate form agree on what matches, then
 * `reps` rounds in which every call and statement runs once, in an order that rotates from round to round.
 */
export async function measureRelationFilters(running: RunningServer, reps: number, log: (s: string) => void): Promise<RelationResult[]> {
  const ids = await probes(running);
  const calls: Call[] = (['GET /germplasm', 'POST /search/germplasm'] as const).flatMap((call) =>
    ['germplasmDbId', 'programDbId', 'trialDbId', 'studyDbId'].map((name) => ({ call, name, value: ids[name], baseline: name === 'germplasmDbId' })));
  const related = calls.filter((c) => c.call === 'GET /germplasm' && !c.baseline);
  const matching = new Map<Call, number>();
  for (const c of calls) matching.set(c, await serviceCall(running, c));
  for (const c of related) {
    const fresh = rawStatement(compileWhere(germplasmEntity, { [c.name]: c.value }));
    const old = rawStatement(perCandidateFilter(c.name, c.value));
    const [[a], [b]] = [await running.graph.read<{ total: number; page: Array<{ props: { germplasmDbId: string } }> }>(fresh.text, fresh.params),
      await running.graph.read<{ total: number; page: Array<{ props: { germplasmDbId: string } }> }>(old.text, old.params)];
    const list = (r: typeof a) => r.page.map((p) => p.props.germplasmDbId).join(',');
    if (a.total !== b.total || list(a) !== list(b) || a.total !== matching.get(c)) {
      throw new Error(`${c.name}=${c.value}: the route (${matching.get(c)}), its statement (${a.total}) and the per-candidate form (${b.total}) disagree`);
    }
    if (a.total === 0) throw new Error(`${c.name}=${c.value} matches no germplasm: nothing to measure`);
  }
  const times = new Map<string, number[]>();
  const add = (key: string, ms: number): void => {
    times.set(key, [...(times.get(key) ?? []), ms]);
  };
  const steps: Array<() => Promise<void>> = [
    ...calls.map((c) => async () => add(`${c.call} ${c.name}`, (await timed(() => serviceCall(running, c, true))).ms)),
    ...related.flatMap((c) => {
      const fresh = rawStatement(compileWhere(germplasmEntity, { [c.name]: c.value }));
      const old = rawStatement(perCandidateFilter(c.name, c.value));
      return [
        async () => add(`raw ${c.name}`, (await timed(() => running.graph.read(fresh.text, fresh.params))).ms),
        async () => add(`per-candidate ${c.name}`, (await timed(() => running.graph.read(old.text, old.params))).ms),
      ];
    }),
  ];
  for (let rep = 0; rep < reps; rep++) {
    const start = rep % steps.length;
    for (const step of [...steps.slice(start), ...steps.slice(0, start)]) await step();
  }
  const results: RelationResult[] = [];
  for (const c of calls) {
    const service = summarize(times.get(`${c.call} ${c.name}`)!);
    const base = summarize(times.get(`${c.call} germplasmDbId`)!);
    const r: RelationResult = { call: c.call, filter: `${c.name}=${c.value}`, matching: matching.get(c)!, service, overIdFilter: ratio(service.p50, base.p50) };
    if (related.includes(c)) {
      r.raw = summarize(times.get(`raw ${c.name}`)!);
      r.perCandidate = summarize(times.get(`per-candidate ${c.name}`)!);
      r.perCandidateOverRaw = ratio(r.perCandidate.p50, r.raw.p50);
    }
    results.push(r);
    log(`  ${c.call} ${r.filter} (${r.matching}): p50 ${service.p50} ms, p95 ${service.p95} ms, / id filter ${r.overIdFilter}` +
      (r.raw ? `; raw ${r.raw.p50} ms, per-candidate ${r.perCandidate!.p50} ms` : ''));
  }
  return results;
}

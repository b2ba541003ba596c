// Extension (not in BrAPI, not listed by /serverinfo): the pedigree quality report of a crop, a program or the
// whole database, one row per finding. GET /extensions/pedigree-quality?commonCropName=&programDbId=&check=;
// JSON in the BrAPI envelope, summary counts first and the findings paged (page, pageSize; metadata.pagination),
// or the whole report as CSV/TSV (Accept, or format=csv|tsv). One statement reads the scope (query.ts); quality.ts
// finds the problems and ranks them by severity.
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { respondDelimited, TABLE_TYPES, tableFormat } from '../../../http/formats.js';
import { respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import { QUALITY_CHECKS, SEVERITIES, SEVERITY, qualityFindings, type QualityCheck } from './quality.js';
import { readQualityScope } from './query.js';

export const QUALITY_PATH = '/extensions/pedigree-quality';

/** One value of a single-valued parameter (the last when repeated), or undefined. */
function single(value: string | string[] | undefined, name: string): string | undefined {
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (v === '') throw new BadRequestError(`${name} must not be empty.`);
  return v;
}

export const routes: RouteDef[] = offering(TABLE_TYPES,
  read.get(QUALITY_PATH, async (ctx) => {
    const format = tableFormat(ctx, ctx.query.format);
    const { commonCropName, programDbId, check, format: _format, ...rest } = filterInput(ctx);
    reportIgnored(ctx, Object.keys(rest));
    const checks = check === undefined ? [...QUALITY_CHECKS] : [check].flat();
    const unknown = checks.filter((c) => !(QUALITY_CHECKS as readonly string[]).includes(c));
    if (unknown.length) throw new BadRequestError(`check must be among ${QUALITY_CHECKS.join(', ')}; got ${unknown.map((c) => JSON.stringify(c)).join(', ')}.`);
    const scope = { commonCropName: single(commonCropName, 'commonCropName'), programDbId: single(programDbId, 'programDbId') };
    const read = await readQualityScope(ctx.services.graph, scope);
    if (!read) throw new NotFoundError(`No program has programDbId ${JSON.stringify(scope.programDbId)}.`);
    const findings = qualityFindings(read, new Set(checks as QualityCheck[]));
    if (format === 'application/json') {
      const counts = Object.fromEntries(checks.map((c) => [c, findings.filter((f) => f.check === c).length]));
      const severityCounts = Object.fromEntries(SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length]));
      const summary = QUALITY_CHECKS.filter((c) => checks.includes(c)).map((c) => ({ check: c, severity: SEVERITY[c], count: counts[c] }));
      const { page, pageSize } = ctx.state.paging;
      respondOne(ctx, {
        commonCropName: scope.commonCropName ?? null,
        programDbId: scope.programDbId ?? null,
        germplasmCount: read.germplasm.length,
        findingCount: findings.length,
        severityCounts,
        counts,
        summary,
        data: findings.slice(page * pageSize, (page + 1) * pageSize),
      }, { currentPage: page, pageSize, totalCount: findings.length, totalPages: Math.ceil(findings.length / pageSize) });
      return;
    }
    respondDelimited(ctx, format, [
      ['check', 'germplasmDbId', 'germplasmName', 'relatedDbIds', 'reason', 'severity'],
      ...findings.map((f) => [f.check, f.germplasmDbId, f.germplasmName ?? '', f.relatedDbIds.join(';'), f.reason, f.severity]),
    ]);
  }),
);

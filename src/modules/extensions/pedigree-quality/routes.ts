// Extension (not in BrAPI, not listed by /serverinfo): the pedigree quality report of a crop, a program or the
// whole database, one row per finding. GET /extensions/pedigree-quality?commonCropName=&programDbId=&check=;
// JSON in the BrAPI envelope, summary counts first and the findings paged (page, pageSize; metadata.pagination),
// or the whole report as CSV/TSV (Accept, or format=csv|tsv). One statement reads the scope (query.ts); quality.ts
// finds the problems and ranks them by severity.
import { NotFoundError } from '../../../errors.js';
import { respondDelimited, TABLE_TYPES, tableFormat } from '../../../http/formats.js';
import { respondOne } from '../../../http/envelope.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import { pedigreeQualityOperation } from './openapi.js';
import { QUALITY_CHECKS, SEVERITIES, SEVERITY, qualityFindings, type QualityCheck } from './quality.js';
import { readQualityScope } from './query.js';

export const routes: RouteDef[] = offering(TABLE_TYPES,
  // commonCropName and programDbId (each once, not empty) and the checks (known names): the declaration (openapi.ts).
  read.operation(pedigreeQualityOperation, async (ctx, { query }) => {
    const format = tableFormat(ctx, ctx.query.format);
    const checks = (query.check as QualityCheck[] | undefined) ?? [...QUALITY_CHECKS];
    const scope = { commonCropName: query.commonCropName as string | undefined, programDbId: query.programDbId as string | undefined };
    const read = await readQualityScope(ctx.services.graph, scope);
    if (!read) throw new NotFoundError(`No program has programDbId ${JSON.stringify(scope.programDbId)}.`);
    const findings = qualityFindings(read, new Set(checks));
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

// Extension (not in BrAPI): pedigree BLUP of one trait from the stored observations and pedigree.
// POST /extensions/breeding-values { observationVariableDbId, record filters, fixedEffects, variances } (a read);
// JSON in the BrAPI envelope, or CSV/TSV (Accept, or format=csv|tsv) of one table (table=germplasm|fixedEffects).
// A fit longer than the search wait answers 202 with a searchResultsDbId, and GET /extensions/breeding-values/{id}
// answers it when done (saved.ts). breeding-values.ts reads, fit.ts computes, present.ts answers.
import { TABLE_TYPES, tableFormat, type TableFormat } from '../../../http/formats.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import type { BreedingValuesAnswer } from './breeding-values.js';
import { breedingValueOperation, breedingValueResultOperation } from './openapi.js';
import { breedingValuesRequest } from './params.js';
import { Phases } from './phases.js';
import { presentBreedingValues, type Table } from './present.js';
import { savedFit, startFit } from './saved.js';

const NAMED_IN_MESSAGES = 20;

export const routes: RouteDef[] = offering(TABLE_TYPES,
  // The body, format and table are checked from the declaration (openapi.ts) before this runs.
  read.operation(breedingValueOperation, async (ctx, { body }) => {
    const format = tableFormat(ctx, ctx.query.format);
    const table = (ctx.query.table ?? 'germplasm') as Table;
    const phases = new Phases();
    const started = await startFit(ctx, breedingValuesRequest(body), phases);
    if ('answer' in started) return respond(ctx, format, table, started.answer, phases);
    respondOne(ctx, { searchResultsDbId: started.searchResultsDbId });
    ctx.status = 202;
  }),
  read.operation(breedingValueResultOperation, async (ctx) => {
    const format = tableFormat(ctx, ctx.query.format);
    const table = (ctx.query.table ?? 'germplasm') as Table;
    const id = ctx.params.searchResultsDbId;
    const phases = new Phases();
    const answer = await savedFit(ctx, id, phases);
    if (answer) return respond(ctx, format, table, answer, phases);
    respondOne(ctx, { searchResultsDbId: id });
    ctx.status = 202;
  }),
);

/** The answer with the statuses it calls for (the same from POST and from a saved fit's GET). */
function respond(ctx: BrapiContext, format: TableFormat, table: Table, answer: BreedingValuesAnswer, phases: Phases) {
  if (answer.skipped) addStatus(ctx, 'INFO', `${answer.skipped} observation(s) of the variable hold no number and were left out.`);
  if (!answer.fit) addStatus(ctx, 'INFO', 'No numeric observation of the variable matches the filters: nothing to fit.');
  const unused = answer.fit?.unusedParents ?? [];
  if (unused.length) {
    const edges = unused.slice(0, NAMED_IN_MESSAGES).map((u) => `${u.germplasmDbId} -${u.parentType}-> ${u.parentDbId}`).join(', ');
    addStatus(ctx, 'WARNING', `Parent relationships that fit no rule were left out: ${edges}${unused.length > NAMED_IN_MESSAGES ? ` and ${unused.length - NAMED_IN_MESSAGES} more` : ''}.`);
  }
  const relationship = answer.fit?.relationship;
  if (relationship?.excludedRecordCount) {
    addStatus(ctx, 'WARNING', `${relationship.excludedRecordCount} record(s) of germplasm not genotyped in variant set ${relationship.variantSetDbId} were left out of the genomic fit (relationship "single-step" uses them).`);
  }
  const reml = answer.fit?.variances.reml;
  if (reml && !reml.converged) {
    addStatus(ctx, 'WARNING', reml.boundary
      ? 'REML: the additive variance fell to zero (no positive estimate); the breeding values are those of a negligible heritability.'
      : `REML did not converge in ${reml.iterations} rounds (last relative change ${reml.change}); raise maxIterations or give the variances.`);
  }
  phases.time('present', () => presentBreedingValues(ctx, format, table, answer));
  ctx.set('Server-Timing', phases.header());
}

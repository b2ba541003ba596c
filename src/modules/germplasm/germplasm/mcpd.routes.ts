// GET /germplasm/{germplasmDbId}/mcpd: the full MCPD passport record of one germplasm, derived from the stored
// germplasm (mcpd.ts); its ancestral data is the germplasm's pedigree string (the Purdy string of its graph pedigree,
// else the string it was given).
import { getEntity } from '../../../entities/queries.js';
import { NotFoundError } from '../../../errors.js';
import { respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { germplasmEntity } from './germplasm.entity.js';
import { presentMcpd } from './mcpd.js';

export const routes: RouteDef[] = [
  read.get('/germplasm/:germplasmDbId/mcpd', async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const id = ctx.params.germplasmDbId;
    const record = await getEntity(ctx.services.graph, germplasmEntity, id);
    if (!record) throw new NotFoundError(`No Germplasm has germplasmDbId "${id}".`);
    respondOne(ctx, presentMcpd(record, record.pedigree as string | null));
  }),
];

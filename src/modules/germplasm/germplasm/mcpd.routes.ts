// GET /germplasm/{germplasmDbId}/mcpd: the full MCPD passport record of one germplasm, derived from the stored
// germplasm (mcpd.ts); its ancestral data is the stored pedigree, else the Purdy string of its graph pedigree.
import { getEntity } from '../../../entities/queries.js';
import { NotFoundError } from '../../../errors.js';
import { respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { purdy } from '../pedigree/purdy.js';
import { readPedigreeNodes } from '../pedigree/traversal.js';
import { germplasmEntity } from './germplasm.entity.js';
import { presentMcpd } from './mcpd.js';

const NO_RELATIVES = { includeParents: false, includeProgeny: false, includeSiblings: false };

export const routes: RouteDef[] = [
  read.get('/germplasm/:germplasmDbId/mcpd', async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const id = ctx.params.germplasmDbId;
    const [record, [node]] = await Promise.all([
      getEntity(ctx.services.graph, germplasmEntity, id),
      readPedigreeNodes(ctx.services.graph, [id], NO_RELATIVES),
    ]);
    if (!record || !node) throw new NotFoundError(`No Germplasm has germplasmDbId "${id}".`);
    const stored = typeof node.props.pedigreeString === 'string' ? node.props.pedigreeString : null;
    const ancestral = (record.pedigree as string | null) ?? stored ?? purdy({ name: null, parents: node.purdy });
    respondOne(ctx, presentMcpd(record, ancestral));
  }),
];

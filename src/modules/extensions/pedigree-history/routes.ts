// Extension (not in BrAPI, not listed by /serverinfo): the recorded changes of one germplasm's parents, oldest first,
// as a paged BrAPI list. Every pedigree write records them (commands/recordPedigreeChanges.ts).
import { NotFoundError } from '../../../errors.js';
import { respondList } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { readPedigreeHistory } from './query.js';

export const PEDIGREE_HISTORY_PATH = '/extensions/germplasm/:germplasmDbId/pedigree-history';

export const routes: RouteDef[] = [
  read.get(PEDIGREE_HISTORY_PATH, async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const id = ctx.params.germplasmDbId;
    const { page, pageSize } = ctx.state.paging;
    const history = await readPedigreeHistory(ctx.services.graph, id, page, pageSize);
    if (!history) throw new NotFoundError(`No germplasm has germplasmDbId "${id}".`);
    respondList(ctx, history.total, history.page);
  }),
];

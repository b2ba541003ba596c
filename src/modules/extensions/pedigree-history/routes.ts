// Extension (not in BrAPI, not listed by /serverinfo): the recorded changes of one germplasm's parents, oldest first,
// as a paged BrAPI list. Every pedigree write records them (commands/recordPedigreeChanges.ts).
import { NotFoundError } from '../../../errors.js';
import { addStatus, respondList } from '../../../http/envelope.js';
import { read, write, type RouteDef } from '../../../http/routes.js';
import { historyOperation, undoOperation } from './openapi.js';
import { readPedigreeHistory } from './query.js';
import { undoPedigreeChange } from './undo.js';
import { presentPedigreeNodes } from '../../germplasm/pedigree/presenter.js';
import { readPedigreeNodes } from '../../germplasm/pedigree/traversal.js';
import { DEFAULT_ARRAYS } from '../../germplasm/pedigree/routes.js';

export const routes: RouteDef[] = [
  read.operation(historyOperation, async (ctx) => {
    const id = ctx.params.germplasmDbId;
    const { page, pageSize } = ctx.state.paging;
    const history = await readPedigreeHistory(ctx.services.graph, id, page, pageSize);
    if (!history) throw new NotFoundError(`No germplasm has germplasmDbId "${id}".`);
    respondList(ctx, history.total, history.page);
  }),

  // Undo one change: its children's parents as they were before it (undo.ts); the undo is a change of its own.
  write.operation(undoOperation, async (ctx) => {
    const result = await undoPedigreeChange(ctx.services.graph, ctx.params.changeId, ctx.state.actor);
    addStatus(ctx, 'INFO', `${result.changed ?? 0} parent relationships changed back, recorded as pedigree change ${result.changeId ?? '(none)'}.`);
    // Answered as PUT /pedigree answers: the pedigree nodes of the germplasm it changed, paged.
    const { page, pageSize } = ctx.state.paging;
    const ids = [...result.germplasmDbIds].sort();
    const nodes = await readPedigreeNodes(ctx.services.graph, ids.slice(page * pageSize, (page + 1) * pageSize), DEFAULT_ARRAYS);
    respondList(ctx, ids.length, presentPedigreeNodes(nodes));
  }),
];

// Neo4j plans a statement the first time it sees its text: 0.5 s for the pedigree slice, and about 2 s when it is the
// first complex statement after the database starts, so a breeder's first view after a restart waited that long. At
// startup the service therefore sends the statements of a first visit (the viewer's and BrAPI's default slice, the
// germplasm record and its pedigree, the inbreeding and generations panel, name suggestions) through the same
// functions its routes call, for a germplasm that does not exist: Neo4j plans them and finds nothing. Planning by
// EXPLAIN alone left the first real call at 100 to 130 ms instead of about 25.
import type { Graph } from '../graph/port.js';
import { compileWhere } from '../entities/filters.js';
import { getEntity } from '../entities/queries.js';
import { DEFAULT_PAGE_SIZE } from '../entities/paging.js';
import { germplasmEntity } from './germplasm/germplasm/germplasm.entity.js';
import { pedigreeShape } from './germplasm/pedigree/params.js';
import { DEFAULT_ARRAYS } from './germplasm/pedigree/routes.js';
import { readPedigreeNodes, traversePedigree } from './germplasm/pedigree/traversal.js';
import { suggestGermplasm } from './extensions/germplasm-suggestions/query.js';
import { DEFAULT_SUGGESTIONS } from './extensions/germplasm-suggestions/openapi.js';
import { readPedigree } from './extensions/relationship/query.js';

/** A DbId no germplasm has (DbIds are trimmed, non-empty text; a control character never comes from a client). */
const NONE = '\u0000warm-up';

/** GET /pedigree as BrAPI's defaults (depth 1 each way) and the viewer's first view (3 up, 1 down) ask for it. */
const SLICES = [{}, { pedigreeDepth: '3', progenyDepth: '1' }];

/** Sends the statements of a first visit once; returns how many calls ran. */
export async function warmUp(graph: Graph): Promise<number> {
  const calls: Array<() => Promise<unknown>> = [
    ...SLICES.map((depths) => () => {
      const { shape, filters } = pedigreeShape({ germplasmDbId: NONE, ...depths });
      return traversePedigree(graph, { ...shape, filter: compileWhere(germplasmEntity, filters) }, 0, DEFAULT_PAGE_SIZE);
    }),
    () => getEntity(graph, germplasmEntity, NONE),
    // GET /germplasm/{id}/pedigree: the germplasm's node with its parents, not its progeny.
    () => readPedigreeNodes(graph, [NONE], { ...DEFAULT_ARRAYS, includeProgeny: false }),
    () => readPedigree(graph, [NONE]),
    () => suggestGermplasm(graph, 'warm-up', null, 0, DEFAULT_SUGGESTIONS),
  ];
  for (const call of calls) await call();
  return calls.length;
}

// POST /search/pedigree and its GET: the pedigree module's own search, beside the entity searches.
import { compileWhere } from '../../../entities/filters.js';
import type { Searchable } from '../../../search/searchables.js';
import { germplasmEntity } from '../germplasm/germplasm.entity.js';
import { SHAPE_PARAMS, pedigreeShape } from './params.js';
import { presentPedigreeNodes } from './presenter.js';
import { readPedigreeNodes, traversalQuery } from './traversal.js';

/** POST /search/pedigree: the slice GET /pedigree would answer (same filters, depths and arrays). */
export const pedigreeSearchable: Searchable = {
  path: 'pedigree',
  accepted: new Set([...Object.keys(germplasmEntity.filters), ...SHAPE_PARAMS]),
  plan(input) {
    const { shape, filters } = pedigreeShape(input);
    const filter = compileWhere(germplasmEntity, filters);
    const { includeParents, includeProgeny, includeSiblings } = shape;
    return { query: traversalQuery({ ...shape, filter }, true), params: filter.params, options: { includeParents, includeProgeny, includeSiblings } };
  },
  async read(graph, ids, options) {
    const shape = { includeParents: true, includeProgeny: true, includeSiblings: false, ...options };
    return presentPedigreeNodes(await readPedigreeNodes(graph, ids, shape));
  },
};

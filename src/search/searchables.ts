// What can be searched: every listed entity whose module defines POST /search/<path>, and the pedigree. A search
// runs once into an ordered list of DbIds (the snapshot); pages are read from those DbIds later.
import { idsQuery } from '../entities/cypher.js';
import { compileWhere } from '../entities/filters.js';
import { getEntities } from '../entities/queries.js';
import { entities } from '../entities/registry.js';
import type { EntityDef } from '../entities/types.js';
import { applyViews, takeViews } from '../entities/views.js';
import type { Graph } from '../graph/port.js';
import { germplasmEntity } from '../modules/germplasm/germplasm/germplasm.entity.js';
import { SHAPE_PARAMS, pedigreeShape } from '../modules/germplasm/pedigree/params.js';
import { presentPedigreeNode } from '../modules/germplasm/pedigree/presenter.js';
import { readPedigreeNodes, traversalQuery } from '../modules/germplasm/pedigree/traversal.js';
import { loadSpec } from '../openapi/spec.js';

export type SearchOptions = Record<string, unknown> | null;

/** One statement returning `ids` (the matching DbIds in result order), and what the page reader needs later. */
export interface SearchPlan {
  query: string;
  params: Record<string, unknown>;
  options: SearchOptions;
}

export interface Searchable {
  /** The path segment after /search/. */
  path: string;
  /** Filter (and option) names a body member may stand for; see members.ts. */
  accepted: ReadonlySet<string>;
  /** Why a member the search ignores cannot apply (the entity's `unapplied`), for the WARNING. */
  unapplied?: Record<string, string>;
  /** Compiles the search (a bad value is a 400 here, before anything is saved). */
  plan(input: Record<string, unknown>): SearchPlan;
  /** The records of one page of DbIds, as the list call shows them. */
  read(graph: Graph, ids: string[], options: SearchOptions): Promise<unknown[]>;
}

function entitySearchable(entity: EntityDef): Searchable {
  return {
    path: entity.path,
    accepted: new Set([...Object.keys(entity.filters), ...Object.keys(entity.views ?? {})]),
    unapplied: entity.unapplied,
    plan(input) {
      // View members (includeObservations) shape the records as in the list call; they are kept with the search.
      const filters = { ...input };
      const views = takeViews(entity, filters);
      const filter = compileWhere(entity, filters);
      return { query: idsQuery(entity, filter.where), params: filter.params, options: Object.keys(views).length ? { views } : null };
    },
    async read(graph, ids, options) {
      const records = await getEntities(graph, entity, ids, entity.listSchema ?? entity.schema);
      await applyViews(graph, entity, records, (options?.views ?? {}) as Record<string, boolean>);
      return records;
    },
  };
}

/** POST /search/pedigree: the slice GET /pedigree would answer (same filters, depths and arrays). */
const pedigreeSearchable: Searchable = {
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
    return (await readPedigreeNodes(graph, ids, shape)).map(presentPedigreeNode);
  },
};

/** Every search this server answers (a search call exists in the spec for each). */
export function searchables(): Searchable[] {
  const spec = loadSpec();
  const listed = entities.filter((e) => e.operations.includes('list') && spec.hasOperation('post', `/search/${e.path}`));
  return [...listed.map(entitySearchable), pedigreeSearchable];
}

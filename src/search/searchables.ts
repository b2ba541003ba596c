// What a search is: a plan compiled from the body, run once into an ordered list of DbIds (the snapshot), and a
// reader for pages of those DbIds. Entities are searchable as their list calls filter; a module may add its own
// search (the pedigree's). The list of searches is the modules' (src/modules/registry.ts).
import { idsQuery } from '../entities/cypher.js';
import { compileWhere } from '../entities/filters.js';
import { getEntities } from '../entities/queries.js';
import type { EntityDef } from '../entities/types.js';
import { applyViews, takeViews } from '../entities/views.js';
import type { Graph } from '../graph/port.js';
import { loadSpec } from '../openapi/spec.js';

export type SearchOptions = Record<string, unknown> | null;

/** One statement returning `ids` (the matching DbIds in result order), and what the page reader needs later. */
export interface SearchPlan {
  query: string;
  params: Record<string, unknown>;
  options: SearchOptions;
  /** A long computation whose answer is kept as the options (after the query, which then returns no ids). */
  compute?: () => Promise<SearchOptions>;
}

export interface Searchable {
  /** The path segment after /search/. */
  path: string;
  /** Filter (and option) names a body member may stand for; see members.ts. */
  accepted: ReadonlySet<string>;
  /** Why a member the search ignores cannot apply (the entity's `unapplied`), for the WARNING. */
  unapplied?: Record<string, string>;
  /** The search's results are token-paged in the spec (variants, calls). */
  tokenPaging?: boolean;
  /** Compiles the search (a bad value is a 400 here, before anything is saved). */
  plan(input: Record<string, unknown>): SearchPlan;
  /** The records of one page of DbIds, as the list call shows them. */
  read(graph: Graph, ids: string[], options: SearchOptions): Promise<unknown[]>;
}

export function entitySearchable(entity: EntityDef): Searchable {
  return {
    path: entity.path,
    accepted: new Set([...Object.keys(entity.filters), ...Object.keys(entity.views ?? {})]),
    unapplied: entity.unapplied,
    tokenPaging: entity.tokenPaging,
    plan(input) {
      // View members (includeObservations) shape the records as in the list call; they are kept with the search.
      const filters = { ...input };
      const views = takeViews(entity, filters);
      const filter = compileWhere(entity, filters);
      return { query: idsQuery(entity, filter), params: filter.params, options: Object.keys(views).length ? { views } : null };
    },
    async read(graph, ids, options) {
      const records = await getEntities(graph, entity, ids, entity.listSchema ?? entity.schema);
      await applyViews(graph, entity, records, (options?.views ?? {}) as Record<string, boolean>);
      return records;
    },
  };
}

/** The entities with a search call in the spec, each searchable as its list call filters. */
export function entitySearchables(entities: EntityDef[]): Searchable[] {
  const spec = loadSpec();
  return entities.filter((e) => e.operations.includes('list') && spec.hasOperation('post', `/search/${e.path}`)).map(entitySearchable);
}

// Genome maps (BrAPI-Genotyping /maps): each reference set (the assembly an import placed its variants on) is a
// physical map, in base pairs; its references are the map's linkage groups and its variants the markers
// (markerpositions.entity.ts). Nothing is stored for a map: its counts are read from the graph when asked, so a new
// import on an assembly shows at once in its map.
import { studyTrialProgramFilters } from '../../../entities/declare.js';
import { matchFiltered, type CompiledFilter } from '../../../entities/filters.js';
import type { FilterSpec } from '../../../entities/types.js';
import type { Graph } from '../../../graph/port.js';
import { cypher } from '../../../graph/cypher-files.js';
import { pageBounds } from '../../../entities/paging.js';

export const MAP_TYPE = 'Physical';
export const MAP_UNIT = 'bp';

/** GET /maps filters, over the reference set `n`. */
export const mapFilters: Record<string, FilterSpec> = {
  mapDbId: { kind: 'eq', prop: 'referenceSetDbId' },
  mapPUI: { kind: 'eq', prop: 'assemblyPUI' },
  type: { kind: 'expr', expr: `'${MAP_TYPE}'` },
  commonCropName: { kind: 'eq', prop: 'commonCropName' },
  ...studyTrialProgramFilters('<-[:ON_REFERENCE_SET]-(:VariantSet)-[:IN_STUDY]->'),
};

/** List parameters of GET /maps the maps cannot apply, and why. */
export const mapUnapplied: Record<string, string> = {
  scientificName: 'the assemblies behind the maps record their species as an ontology term, not a scientific name',
};

const RECORD = `{mapDbId: n.referenceSetDbId, mapName: n.referenceSetName, mapPUI: n.assemblyPUI,
  commonCropName: n.commonCropName, comments: n.description, species: n.species,
  linkageGroupCount: COUNT { (n)<-[:IN_REFERENCE_SET]-(:Reference) },
  markerCount: COUNT { (n)<-[:IN_REFERENCE_SET]-(:Reference)<-[:ON_REFERENCE]-(:Variant) }}`;

interface StoredMap {
  mapDbId: string;
  mapName: string | null;
  mapPUI: string | null;
  commonCropName: string | null;
  comments: string | null;
  species: string | null;
  linkageGroupCount: number;
  markerCount: number;
}

/** A map as the GenomeMap schema has it. The scientific name is the reference set's species term, if it has one. */
function present(m: StoredMap): Record<string, unknown> {
  const species = m.species ? (JSON.parse(m.species) as { term?: string | null }) : null;
  return {
    additionalInfo: null,
    comments: m.comments,
    commonCropName: m.commonCropName,
    documentationURL: null,
    linkageGroupCount: m.linkageGroupCount,
    mapDbId: m.mapDbId,
    mapName: m.mapName,
    mapPUI: m.mapPUI,
    markerCount: m.markerCount,
    publishedDate: null,
    scientificName: species?.term ?? null,
    type: MAP_TYPE,
    unit: MAP_UNIT,
  };
}

/** One page of the maps a filter selects, in DbId order, and their number. */
export async function listMaps(graph: Graph, filter: CompiledFilter, page: number, pageSize: number) {
  const query = [
    ...matchFiltered('ReferenceSet', filter),
    'WITH n ORDER BY n.referenceSetDbId',
    'WITH collect(n) AS matched',
    `RETURN size(matched) AS total, [n IN matched[$skip..$end] | ${RECORD}] AS page`,
  ].join('\n');
  const [row] = await graph.read<{ total: number; page: StoredMap[] }>(query, { ...filter.params, ...pageBounds(page, pageSize) });
  return { total: row.total, data: row.page.map(present) };
}

/** One map, or null. */
export async function getMap(graph: Graph, mapDbId: string) {
  const [row] = await graph.read<{ map: StoredMap }>(`MATCH (n:ReferenceSet {referenceSetDbId: $mapDbId}) RETURN ${RECORD} AS map`, { mapDbId });
  return row ? present(row.map) : null;
}

/** One page of a map's linkage groups (its references, by name) with their marker counts and last positions. */
export async function linkageGroups(graph: Graph, mapDbId: string, page: number, pageSize: number) {
  const [row] = await graph.read<{ total: number; page: Array<Record<string, unknown>> }>(cypher('genotyping/linkage-groups'), { mapDbId, ...pageBounds(page, pageSize) });
  return { total: row.total, data: row.page.map((g) => ({ additionalInfo: null, ...g })) };
}

// The observation unit module's own reads (the generic ones are in src/entities/queries.ts).
import { matchFiltered, type CompiledFilter } from '../../../entities/filters.js';
import type { Graph } from '../../../graph/port.js';
import { least } from '../../core/least.js';
import { studyEntity as studies } from '../../core/studies/studies.entity.js';
import { UNIT_LABEL as UNIT } from './level-filters.js';
import { STUDY_LEVELS, UNIT_LEVELS, type HierarchyLevel } from './levels.js';

const ID = 'observationUnitDbId';

/**
 * The levels of the studies the filter selects (their units' levels, or the ones a study declares while it has no
 * units) and, when nothing filters, those of units that belong to no study.
 */
export async function levelsInUse(graph: Graph, filter: CompiledFilter): Promise<HierarchyLevel[]> {
  const [row] = await graph.read<{ studies: HierarchyLevel[][]; loose: HierarchyLevel[][] }>(
    `${matchFiltered(studies.label, filter).join(' ')}
     WITH collect(${STUDY_LEVELS}) AS studies
     OPTIONAL MATCH (u:${UNIT}) WHERE NOT $filtered AND u.hierarchyLevelNames IS NOT NULL AND NOT (u)-[:IN_STUDY]->(:${studies.label})
     RETURN studies, collect(${UNIT_LEVELS}) AS loose`,
    { ...filter.params, filtered: filter.where !== 'true' },
  );
  return [...row.studies, ...row.loose].flat();
}

/** One observation of a unit, as a table cell: its variable, value and time (for "latest"). */
export type Cell = { variable: string; name: string | null; value: unknown; at: string; id: string };

/**
 * For each unit: its year (the least year of its study's seasons) and its observations of the given variables
 * (all when `variables` is null).
 */
export function unitTableCells(graph: Graph, ids: string[], variables: string[] | null) {
  return graph.read<{ id: string; year: number | null; cells: Cell[] }>(
    `UNWIND $ids AS id MATCH (u:${UNIT} {${ID}: id})
     RETURN id, ${least('[(u)-[:IN_STUDY]->(:Study)-[:IN_SEASON]->(s:Season) | s.year]')} AS year,
       [(u)<-[:OF_UNIT]-(o:Observation)-[:OF_VARIABLE]->(v:ObservationVariable) WHERE $variables IS NULL OR v.observationVariableDbId IN $variables
         | {variable: v.observationVariableDbId, name: v.observationVariableName, value: o.value, at: coalesce(o.observationTimeStampUtc, ''), id: o.observationDbId}] AS cells`,
    { ids, variables },
  );
}

// The level rules of hierarchy.ts: the units written, the other units of their studies, the units their
// relationships name, the units PART_OF them, and the write of positions, level properties and PART_OF links.
export const READ_WRITTEN = `UNWIND $ids AS id MATCH (u:${UNIT} {${ID}: id}) OPTIONAL MATCH (u)-[:IN_STUDY]->(s:Study)
RETURN id, s.studyDbId AS study, u.observationUnitPosition AS position`;

export const READ_STUDY_UNITS = `MATCH (u:${UNIT})-[:IN_STUDY]->(s:Study)
WHERE s.studyDbId IN $studies AND NOT u.${ID} IN $ids AND u.hierarchyLevelNames IS NOT NULL
RETURN u.${ID} AS id, s.studyDbId AS study, u.levelName AS levelName, u.levelOrder AS levelOrder, u.levelCode AS levelCode,
  u.hierarchyLevelNames AS names, u.hierarchyLevelOrders AS orders`;

export const READ_NAMED = `UNWIND $ids AS id MATCH (u:${UNIT} {${ID}: id}) OPTIONAL MATCH (u)-[:IN_STUDY]->(s:Study)
RETURN id, s.studyDbId AS study, u.levelName AS levelName, u.levelOrder AS levelOrder, u.levelCode AS levelCode`;

export const READ_CHILDREN = `UNWIND $ids AS id MATCH (c:${UNIT})-[:PART_OF]->(:${UNIT} {${ID}: id}) WHERE NOT c.${ID} IN $ids
OPTIONAL MATCH (c)-[:IN_STUDY]->(s:Study) RETURN c.${ID} AS child, id AS parent, s.studyDbId AS study, c.levelOrder AS levelOrder`;

export const WRITE_HIERARCHY = `UNWIND $rows AS row MATCH (u:${UNIT} {${ID}: row.id})
SET u.observationUnitPosition = row.position SET u += row.props
WITH u, row OPTIONAL MATCH (u)-[old:PART_OF]->(:${UNIT}) DELETE old
WITH DISTINCT u, row UNWIND row.parents AS parent MATCH (p:${UNIT} {${ID}: parent}) CREATE (u)-[:PART_OF]->(p)`;

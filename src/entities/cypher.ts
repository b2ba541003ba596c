// Generated Cypher for the generic entity operations. Only identifiers from the entity declaration are
// interpolated; every value is a parameter. Written in the subset that runs on Neo4j 3.1 through 5.x.
import type { EntityDef, RefSpec } from './types.js';

/** `{props, refs}` for node `n`: its stored properties and, per declared reference, `{id, name}` or null. */
export function projection(entity: EntityDef, node = 'n'): string {
  const refs = entity.refs.map((ref, i) => `${refKey(i)}: ${refExpr(ref, node)}`);
  return `{props: properties(${node}), refs: {${refs.join(', ')}}}`;
}

export function refKey(i: number): string {
  return `r${i}`;
}

function refExpr(ref: RefSpec, node: string): string {
  const name = ref.nameExpr ?? 'null';
  return `head([(${node})-[:${ref.rel}]->(t:${ref.target.label}) | {id: t.${ref.target.idProp}, name: ${name}}])`;
}

/** One statement: the total count and one page, in DbId order (stable between calls). */
export function listQuery(entity: EntityDef, where: string): string {
  return [
    `MATCH (n:${entity.label})`,
    `WHERE ${where}`,
    `WITH n ORDER BY n.${entity.idField}`,
    'WITH collect(n) AS matched',
    `RETURN size(matched) AS total, [n IN matched[$skip..$end] | ${projection(entity)}] AS page`,
  ].join('\n');
}

function byId(entity: EntityDef, value: string, node = 'n'): string {
  return `MATCH (${node}:${entity.label} {${entity.idField}: ${value}})`;
}

/** Records by DbId, in the order of `$ids` (unknown ones are skipped). */
export function getQuery(entity: EntityDef): string {
  return `UNWIND $ids AS id ${byId(entity, 'id')} RETURN ${projection(entity)} AS record`;
}

export function createQuery(entity: EntityDef): string {
  return `UNWIND $rows AS row CREATE (n:${entity.label}) SET n = row RETURN n.${entity.idField} AS id`;
}

export function updateQuery(entity: EntityDef): string {
  return `MATCH (n:${entity.label} {${entity.idField}: $id}) SET n += $props RETURN n.${entity.idField} AS id`;
}

/** Which of the given target DbIds do not exist. */
export function missingTargetsQuery(ref: RefSpec): string {
  return [
    'UNWIND $ids AS id',
    `OPTIONAL MATCH (t:${ref.target.label} {${ref.target.idProp}: id})`,
    'WITH id, t WHERE t IS NULL',
    'RETURN collect(DISTINCT id) AS missing',
  ].join('\n');
}

/** Replaces the reference of each listed record: removes the old relationship, links the new target if any. */
export function relinkQuery(entity: EntityDef, ref: RefSpec): string {
  return [
    'UNWIND $links AS link',
    byId(entity, 'link.id'),
    `OPTIONAL MATCH (n)-[old:${ref.rel}]->(:${ref.target.label})`,
    'DELETE old',
    'WITH DISTINCT n, link WHERE link.target IS NOT NULL',
    `MATCH (t:${ref.target.label} {${ref.target.idProp}: link.target})`,
    `MERGE (n)-[:${ref.rel}]->(t)`,
  ].join('\n');
}

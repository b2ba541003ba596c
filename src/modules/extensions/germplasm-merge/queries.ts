// The statements a merge generates, one per kind of relationship it moves: the relationship type, the other node's
// label, the JSON field and the DbId property come from the entity declarations (movableLinks in merge.ts), never
// from a request; values are parameters ($survivor, $duplicate, $rows).
import { germplasmEntity } from '../../germplasm/germplasm/germplasm.entity.js';
import type { MovableLink } from './merge.js';

const quoted = (name: string) => `\`${name.replace(/`/g, '``')}\``;

const ends = () => {
  const [label, id] = [quoted(germplasmEntity.label), quoted(germplasmEntity.idField)];
  return `MATCH (s:${label} {${id}: $survivor})\nMATCH (d:${label} {${id}: $duplicate})`;
};

/** Moves every relationship of this kind from the duplicate to the survivor, properties (a list's order `i`) kept. */
export function moveQuery(link: MovableLink): string {
  const [type, label] = [quoted(link.type), quoted(link.label)];
  if (link.outgoing) {
    // The germplasm's own reference (its breeding method): the survivor keeps its own, else takes the duplicate's.
    return [
      ends(),
      `MATCH (d)-[r:${type}]->(t:${label}) WHERE NOT EXISTS { (s)-[:${type}]->(:${label}) }`,
      `CREATE (s)-[m:${type}]->(t) SET m = properties(r) DELETE r`,
      'RETURN count(m) AS moved',
    ].join('\n');
  }
  return [ends(), `MATCH (o:${label})-[r:${type}]->(d)`, `CREATE (o)-[m:${type}]->(s) SET m = properties(r) DELETE r`, 'RETURN count(m) AS moved'].join('\n');
}

/** The records whose reference of this kind is also stored in a JSON field: their DbId and that field. */
export function jsonFieldsQuery(link: MovableLink): string | null {
  const { entity, ref } = link;
  if (link.outgoing || !entity || !ref?.key || ref.embed) return null;
  return [ends(), `MATCH (o:${quoted(link.label)})-[:${quoted(link.type)}]->(d)`, `RETURN DISTINCT o.${quoted(entity.idField)} AS id, o.${quoted(ref.field)} AS json`].join('\n');
}

/** Writes the rewritten JSON fields back ($rows: [{id, json}]). */
export function writeJsonFieldsQuery(link: MovableLink): string {
  const { entity, ref } = link;
  return `UNWIND $rows AS row\nMATCH (o:${quoted(link.label)} {${quoted(entity!.idField)}: row.id})\nSET o.${quoted(ref!.field)} = row.json`;
}
